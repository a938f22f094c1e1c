import { Entity } from 'electrodb';
import { CLASS_STATUSES, CLASS_VACCINATION_RULES, ENROLMENT_STATUSES } from '../../contracts/class-options.js';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

/**
 * A group class (docs/decisions/0070-group-classes.md): a weekly series of meetings with a capacity.
 * `seatsTaken` and `waitlisted` count its enrolments and change in the transaction of each enrolment
 * write, on condition (seats below capacity), so a class never holds more dogs than seats.
 * `waitlistNext` hands out waitlist tickets in order.
 */
export const groupClassEntity = new Entity({
  model: { entity: 'groupClass', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    title: { type: 'string', required: true },
    description: { type: 'string', required: true },
    program: { type: 'string' },
    credits: { type: 'number', required: true },
    /** Dollars through the checkout; absent: credits only (docs/decisions/0076-paying-for-a-class.md). */
    price: { type: 'number' },
    capacity: { type: 'number', required: true },
    seatsTaken: { type: 'number', required: true, default: 0 },
    waitlisted: { type: 'number', required: true, default: 0 },
    waitlistNext: { type: 'number', required: true, default: 0 },
    location: { type: 'string' },
    online: { type: 'boolean', required: true },
    requiredVaccines: { type: 'list', items: { type: 'string' }, required: true },
    vaccinationRule: { type: CLASS_VACCINATION_RULES, required: true },
    durationMinutes: { type: 'number', required: true },
    weeks: { type: 'number', required: true },
    status: { type: CLASS_STATUSES, required: true },
    meetings: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          id: { type: 'string', required: true },
          startsAt: { type: 'string', required: true },
          endsAt: { type: 'string', required: true },
          /** Set when the trainer cancels this meeting (docs/decisions/0074-cancelling-a-class-meeting.md). */
          cancelledAt: { type: 'string' },
          cancelReason: { type: 'string' },
        },
      },
    },
    /** The first meeting's start and the last one's end (list order and "upcoming"). */
    firstStart: { type: 'string', required: true },
    lastEnd: { type: 'string', required: true },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** Classes of one status by their last meeting's end: the published ones still running. */
    byStatus: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['status'] },
      sk: { field: 'gsi2sk', composite: ['lastEnd', 'id'] },
    },
  },
});

/**
 * A dog's place in a class: a seat (`enrolled`, holding the class's credits) or a waitlist ticket
 * (`waitlisted`, `position` from the class's `waitlistNext`), or a freed seat held for it (`offered`,
 * until `offerExpiresAt`; counted in the class's `seatsTaken`). One per class and dog: the id is
 * `<classId>_<dogId>`, so enrolling the same dog twice fails its condition.
 */
export const enrolmentEntity = new Entity({
  model: { entity: 'enrolment', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    classId: { type: 'string', required: true, readOnly: true },
    classTitle: { type: 'string', required: true },
    clientId: { type: 'string', required: true, readOnly: true },
    clientName: { type: 'string', required: true },
    dogId: { type: 'string', required: true, readOnly: true },
    dogName: { type: 'string', required: true },
    status: { type: ENROLMENT_STATUSES, required: true },
    position: { type: 'number' },
    /** An offered seat is held until then (docs/decisions/0071-class-waitlist-offers.md). */
    offerExpiresAt: { type: 'string' },
    /** When the offer's e-mail was claimed (sent once per offer). */
    offerEmailedAt: { type: 'string' },
    creditsUsed: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true },
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** A class's enrolments (the roster). */
    byClass: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['classId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] },
    },
    /** A client's enrolments (their classes, erasure). */
    byClient: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['clientId'] },
      sk: { field: 'gsi2sk', composite: ['createdAt', 'id'] },
    },
  },
});

/**
 * One meeting of a published class, on the calendar (docs/decisions/0073-class-meetings-on-calendars.md):
 * written with the publication and removed with the class, so the trainer's calendar, agenda, feed and
 * clash checks read meetings by date like sessions.
 */
export const classMeetingEntity = new Entity({
  model: { entity: 'classMeeting', version: '1', service: SERVICE },
  attributes: {
    classId: { type: 'string', required: true, readOnly: true },
    meetingId: { type: 'string', required: true, readOnly: true },
    title: { type: 'string', required: true },
    startsAt: { type: 'string', required: true },
    endsAt: { type: 'string', required: true },
    location: { type: 'string' },
    online: { type: 'boolean', required: true },
  },
  indexes: {
    byClass: { pk: { field: 'pk', composite: ['classId'] }, sk: { field: 'sk', composite: ['meetingId'] } },
    /** Every meeting by start: the calendar's ranges, the feed, the clash checks. */
    byDate: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: [] },
      sk: { field: 'gsi2sk', composite: ['startsAt', 'meetingId'] },
    },
  },
});
