import { listMyBookings, toBookingView } from '../../../shared/domain/bookings.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me/bookings (client): the caller's own booking requests, the latest first. */
export const handler = clientHttpHandler({}, async ({ actor }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  return { body: { items: (await listMyBookings(actor.profile.id)).map(toBookingView) } };
});
