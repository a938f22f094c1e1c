import { resetCalendarFeedRequest } from '../../../shared/contracts/calendar-feed.js';
import { resetCalendarFeed } from '../../../shared/domain/calendar-feeds.js';
import { siteOrigin } from '../../lib/http.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** POST /api/me/calendar-feed/reset (signed-in): a new secret; the old URL stops working at once. */
export const handler = clientHttpHandler({ body: resetCalendarFeedRequest }, async ({ actor, event }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { body: await resetCalendarFeed(actor.profile, siteOrigin(event)) };
});
