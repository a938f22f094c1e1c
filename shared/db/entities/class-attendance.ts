import { Entity } from 'electrodb';
import { ATTENDANCE_STATUSES } from '../../contracts/class-options.js';
import { createdAtAttribute, SERVICE, updatedAtAttribute } from './common.js';

/**
 * A dog's attendance of one meeting of a group class (docs/decisions/0072-class-attendance.md): present
 * or absent, with the trainer's note for its owner. One per class, meeting and dog, written on condition
 * none exists the first time, so the credit its first mark uses moves once. Kept apart from the enrolment
 * item. Read by class and meeting (the roster) and by client (their notes, export, full deletion).
 */
export const classAttendanceEntity = new Entity({
  model: { entity: 'classAttendance', version: '1', service: SERVICE },
  attributes: {
    classId: { type: 'string', required: true, readOnly: true },
    meetingId: { type: 'string', required: true, readOnly: true },
    dogId: { type: 'string', required: true, readOnly: true },
    enrolmentId: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true, readOnly: true },
    /** The meeting's start (the client's list in order). */
    startsAt: { type: 'string', required: true, readOnly: true },
    status: { type: ATTENDANCE_STATUSES, required: true },
    note: { type: 'string' },
    /** Whether the first mark used one of the credits the seat held. */
    creditUsed: { type: 'boolean', required: true, readOnly: true },
    markedAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    /** A class's marks, by meeting and dog. */
    byMeeting: { pk: { field: 'pk', composite: ['classId'] }, sk: { field: 'sk', composite: ['meetingId', 'dogId'] } },
    /** A client's marks (their notes, export, full deletion). */
    byClient: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['clientId'] },
      sk: { field: 'gsi2sk', composite: ['startsAt', 'classId', 'dogId'] },
    },
  },
});
