import { getOrCreateCalendarFeed } from '../../../shared/domain/calendar-feeds.js';
import { siteOrigin } from '../../lib/http.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me/calendar-feed (signed-in): the caller's private feed URL, created on first use. */
export const handler = clientHttpHandler({}, async ({ actor, event }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { body: await getOrCreateCalendarFeed(actor.profile, siteOrigin(event)) };
});
