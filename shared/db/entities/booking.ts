import { Entity } from 'electrodb';
import { BOOKING_STATUSES } from '../../contracts/booking-options.js';
import { SESSION_TYPES } from '../../contracts/session-options.js';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

/**
 * A client's booking request for an open time (docs/decisions/0034-online-booking.md). It holds the
 * time's slot cells (`bookingSlot`) and one of the client's session credits from the moment it is made;
 * approval (or "confirmed at once") makes the session `sessionId`, a decline or a cancellation in time
 * gives both back.
 */
export const bookingEntity = new Entity({
  model: { entity: 'booking', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    clientId: { type: 'string', required: true, readOnly: true },
    clientName: { type: 'string' },
    dogId: { type: 'string', required: true },
    dogName: { type: 'string' },
    sessionType: { type: SESSION_TYPES, required: true },
    scheduledAt: { type: 'string', required: true },
    durationMinutes: { type: 'number', required: true },
    endsAt: { type: 'string', required: true },
    status: { type: BOOKING_STATUSES, required: true },
    /** The slot cells (UTC instants) this booking claimed; released by a decline or a cancellation. */
    slotCells: { type: 'list', items: { type: 'string' }, required: true },
    sessionId: { type: 'string' },
    note: { type: 'string' },
    creditUsed: { type: 'boolean' },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** A client's bookings by start time. */
    byClient: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['clientId'] },
      sk: { field: 'gsi1sk', composite: ['scheduledAt', 'id'] },
    },
    /** Bookings of one status by start time: the pending requests, and the open times' busy ones. */
    byStatus: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['status'] },
      sk: { field: 'gsi2sk', composite: ['scheduledAt', 'id'] },
    },
  },
});

/**
 * One SLOT_MINUTES cell of the calendar claimed by a booking: written on condition it does not exist,
 * in the booking's transaction, so two bookings can never hold the same cell.
 */
export const bookingSlotEntity = new Entity({
  model: { entity: 'bookingSlot', version: '1', service: SERVICE },
  attributes: {
    at: { type: 'string', required: true, readOnly: true },
    bookingId: { type: 'string', required: true },
  },
  indexes: {
    byAt: { pk: { field: 'pk', composite: ['at'] }, sk: { field: 'sk', composite: [] } },
  },
});

/**
 * The calendar's busy time of one UTC day (docs/decisions/0035-busy-days.md): every open session
 * and pending request starting that day, one attribute `b_<id>` = [start, end] (epoch ms) each, keyed
 * by the booking's id when there is one (a request and the session it becomes are one entry). Written
 * in the transaction of each write that opens, moves or closes one (shared/domain/busy-days.ts), so
 * the open times read one item per day instead of the sessions. The entries are not ElectroDB
 * attributes: they are read raw. Expires some days after the day (TTL).
 */
export const busyDayEntity = new Entity({
  model: { entity: 'busyDay', version: '1', service: SERVICE },
  attributes: {
    day: { type: 'string', required: true, readOnly: true },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byDay: { pk: { field: 'pk', composite: [] }, sk: { field: 'sk', composite: ['day'] } },
  },
});
