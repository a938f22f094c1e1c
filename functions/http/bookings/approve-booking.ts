import { bookingDecisionRequest, bookingPathParams } from '../../../shared/contracts/booking.js';
import { approveBooking, toBookingView } from '../../../shared/domain/bookings.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/** POST /api/bookings/{id}/approve (admin): the request becomes a scheduled session; the client is told. */
export const handler = httpHandler(
  { params: bookingPathParams, body: bookingDecisionRequest },
  async ({ actor, params, body, event }) => {
    if (!actor) throw new Error('unreachable: admin route without actor');
    const booking = await approveBooking(actor.profile, params.id, body?.note || undefined, {
      siteUrl: siteOrigin(event),
    });
    return { body: { booking: toBookingView(booking) } };
  },
);
