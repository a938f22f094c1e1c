import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { BookingsChangedDetail, BookingsChangedNotice } from '../../shared/contracts/booking-options.js';
import { listConnectionIdsByProfile, listConnectionIdsByRole } from '../../shared/domain/connections.js';
import { eventHandler } from '../lib/event.js';

/** Tells every connected admin, and the booking's own client (nobody else), that a booking changed. */
export const handler = eventHandler<BookingsChangedDetail>('events/notify-bookings-changed', async (event) => {
  const { bookingId, clientId, status } = event.detail;
  const [admins, client] = await Promise.all([listConnectionIdsByRole('admin'), listConnectionIdsByProfile(clientId)]);
  const ids = [...new Set([...admins, ...client])];
  if (ids.length === 0) return;
  const notice: BookingsChangedNotice = { type: 'bookings.changed', bookingId, status };
  await pushToConnections(ids, notice);
});
