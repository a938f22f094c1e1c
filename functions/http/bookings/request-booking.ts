import { bookingRequest } from '../../../shared/contracts/booking.js';
import { requestBooking, toBookingView } from '../../../shared/domain/bookings.js';
import { siteOrigin } from '../../lib/http.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * POST /api/me/bookings (client): requests an open time for one of the caller's dogs; the time's cells
 * and one credit are held at once (409 "That time was just taken" when another request got there first).
 */
export const handler = clientHttpHandler({ body: bookingRequest }, async ({ actor, body, event }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  const booking = await requestBooking(actor.profile, body, { siteUrl: siteOrigin(event) });
  return { status: 201, body: { booking: toBookingView(booking) } };
});
