import { getOrCreateCalendarFeed } from '../../../shared/domain/calendar-feeds.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/** GET /api/me/calendar-feed (signed-in): the caller's private feed URL, created on first use. */
export const handler = httpHandler({}, async ({ actor, event }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { body: await getOrCreateCalendarFeed(actor.profile, siteOrigin(event)) };
});
