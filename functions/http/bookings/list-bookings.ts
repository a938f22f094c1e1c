import { listBookingsQuery } from '../../../shared/contracts/booking.js';
import { listBookings, toBookingView } from '../../../shared/domain/bookings.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/bookings (admin): the booking requests of a status (default pending), soonest first. */
export const handler = httpHandler({ query: listBookingsQuery }, async ({ query }) => ({
  body: { items: (await listBookings(query.status)).map(toBookingView) },
}));
