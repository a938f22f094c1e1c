import { openTimesQuery } from '../../../shared/contracts/booking.js';
import { getOpenTimes } from '../../../shared/domain/bookings.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me/open-times (client): the open start times of a bookable type for the next weeks (UTC instants). */
export const handler = clientHttpHandler({ query: openTimesQuery }, async ({ query }) => ({
  body: await getOpenTimes(query),
}));
