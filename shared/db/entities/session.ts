import { Entity } from 'electrodb';
import { DEFAULT_SESSION_MINUTES, SESSION_STATUSES, SESSION_TYPES } from '../../contracts/session-options.js';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

/**
 * A training session of one client's dog. The client's and the dog's names are copied onto the
 * session when it is written (and again when the client or the dog is renamed), so lists show them
 * and search finds them without reading the profiles (shared/db/entities/session-token.ts).
 */
export const sessionEntity = new Entity({
  model: { entity: 'session', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    clientId: { type: 'string', required: true },
    dogId: { type: 'string', required: true },
    scheduledAt: { type: 'string', required: true },
    durationMinutes: { type: 'number', required: true, default: DEFAULT_SESSION_MINUTES },
    /** scheduledAt + durationMinutes, kept on every write so the completion job can query by it. */
    endsAt: { type: 'string', required: true },
    sessionType: { type: SESSION_TYPES, required: true, default: 'training' },
    status: { type: SESSION_STATUSES, required: true, default: 'scheduled' },
    notes: { type: 'string' },
    homeworkAssigned: { type: 'string' },
    /** The client's first and last name, the dog's name and breed, as of the last write or rename. */
    clientName: { type: 'string' },
    dogName: { type: 'string' },
    dogBreed: { type: 'string' },
    /** The session's search words (client and dog names), so they can be replaced. */
    searchTokens: { type: 'list', items: { type: 'string' } },
    /** The start time the 24-hour reminder was sent for (shared/domain/session-reminders.ts): sent once per start. */
    reminderSentFor: { type: 'string' },
    /** The booking request this session came from (docs/decisions/0034-online-booking.md). */
    bookingId: { type: 'string' },
    /** The slot cells its booking claimed: released when the session is cancelled, moved or deleted. */
    slotCells: { type: 'list', items: { type: 'string' } },
    /** Its credit was taken from the balance when booked: completion uses the held one. */
    creditHeld: { type: 'boolean' },
    /** The series it was scheduled in (docs/decisions/0060-session-series.md); each occurrence is its own session. */
    seriesId: { type: 'string' },
    /** Counts the trainer's changes and cancellation (none when first written): its calendar invite's SEQUENCE. */
    revision: { type: 'number' },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** A client's sessions by date. */
    byClient: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['clientId'] },
      sk: { field: 'gsi1sk', composite: ['scheduledAt', 'id'] },
    },
    /** All sessions by date (admin list, this week's counter). */
    byDate: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: [] },
      sk: { field: 'gsi2sk', composite: ['scheduledAt', 'id'] },
    },
    /** Sessions of one status by end time: the 5-minute auto-completion job, the upcoming count. */
    byStatusEnd: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['status'] },
      sk: { field: 'gsi3sk', composite: ['endsAt', 'id'] },
    },
  },
});
