import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { BookingsChangedDetail, BookingsChangedNotice } from '../../shared/contracts/booking-options.js';
import { SESSION_TYPE_LABELS } from '../../shared/contracts/session-options.js';
import { store } from '../../shared/db/service.js';
import { formatBusinessDateTime } from '../../shared/domain/business-time.js';
import { listConnectionIdsByProfile, listConnectionIdsByRole } from '../../shared/domain/connections.js';
import { pushToTrainer } from '../../shared/domain/push-notices.js';
import { businessTimeZoneSetting } from '../../shared/domain/settings.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * Tells every connected admin, and the booking's own client (nobody else), that a booking changed; a
 * client's new request also reaches the trainer's devices, once per booking (ADR 0055).
 */
export const handler = eventHandler<BookingsChangedDetail>('events/notify-bookings-changed', async (event) => {
  const { bookingId, clientId, status, requested } = event.detail;
  if (requested) {
    const pushed = await pushToTrainer(`booking:${bookingId}`, async () => {
      const [{ data: b }, timeZone] = await Promise.all([
        store().entities.booking.get({ id: bookingId }).go(),
        businessTimeZoneSetting(),
      ]);
      if (!b) return undefined;
      const { date, time } = formatBusinessDateTime(b.scheduledAt, timeZone);
      const type = SESSION_TYPE_LABELS[b.sessionType] ?? b.sessionType;
      return {
        title: status === 'pending' ? 'New booking request' : 'New booking',
        body: `${b.clientName} · ${b.dogName} · ${type}, ${date} at ${time}`,
        url: '/dashboard/sessions',
      };
    });
    logger.info('Booking push notices', { ...pushed });
  }
  const [admins, client] = await Promise.all([listConnectionIdsByRole('admin'), listConnectionIdsByProfile(clientId)]);
  const ids = [...new Set([...admins, ...client])];
  if (ids.length === 0) return;
  const notice: BookingsChangedNotice = { type: 'bookings.changed', bookingId, status };
  await pushToConnections(ids, notice);
});
