import { bookingDecisionRequest, bookingPathParams } from '../../../shared/contracts/booking.js';
import { declineBooking, toBookingView } from '../../../shared/domain/bookings.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/** POST /api/bookings/{id}/decline (admin): the time and the credit go back; the client is told. */
export const handler = httpHandler(
  { params: bookingPathParams, body: bookingDecisionRequest },
  async ({ actor, params, body, event }) => {
    if (!actor) throw new Error('unreachable: admin route without actor');
    const booking = await declineBooking(actor.profile, params.id, body?.note || undefined, {
      siteUrl: siteOrigin(event),
    });
    return { body: { booking: toBookingView(booking) } };
  },
);
