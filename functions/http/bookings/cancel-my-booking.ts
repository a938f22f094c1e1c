import { bookingPathParams, emptyBookingAction } from '../../../shared/contracts/booking.js';
import { cancelMyBooking, toBookingView } from '../../../shared/domain/bookings.js';
import { siteOrigin } from '../../lib/http.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** POST /api/me/bookings/{id}/cancel (client): cancels the caller's own pending or approved booking. */
export const handler = clientHttpHandler(
  { params: bookingPathParams, body: emptyBookingAction },
  async ({ actor, params, event }) => {
    if (!actor) throw new Error('unreachable: client route without actor');
    const booking = await cancelMyBooking(actor.profile.id, params.id, { siteUrl: siteOrigin(event) });
    return { body: { booking: toBookingView(booking) } };
  },
);
