import { Entity } from 'electrodb';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

export const SESSION_TYPES = ['evaluation', 'training', 'follow_up'] as const;
export const SESSION_STATUSES = ['scheduled', 'confirmed', 'completed', 'cancelled'] as const;

export const sessionEntity = new Entity({
  model: { entity: 'session', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    clientId: { type: 'string', required: true },
    dogId: { type: 'string', required: true },
    scheduledAt: { type: 'string', required: true },
    durationMinutes: { type: 'number', required: true, default: 60 },
    /** scheduledAt + durationMinutes, kept on every write so the completion job can query by it. */
    endsAt: { type: 'string', required: true },
    sessionType: { type: SESSION_TYPES, required: true, default: 'training' },
    status: { type: SESSION_STATUSES, required: true, default: 'scheduled' },
    notes: { type: 'string' },
    homeworkAssigned: { type: 'string' },
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
    /** Open sessions by end time: the 5-minute auto-completion job. */
    byStatusEnd: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['status'] },
      sk: { field: 'gsi3sk', composite: ['endsAt', 'id'] },
    },
  },
});
