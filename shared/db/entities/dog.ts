import { Entity } from 'electrodb';
import { DOG_SEXES } from '../../contracts/contact-options.js';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

/**
 * A client's dog. `profileId` is the owner's profile id (the spec's owner_id); it keys the client's
 * item collection (gsi1) so a full deletion finds every dog with one query.
 */
export const dogEntity = new Entity({
  model: { entity: 'dog', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    profileId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    breed: { type: 'string', required: true },
    /** YYYY-MM-DD. */
    birthDate: { type: 'string', required: true },
    sex: { type: DOG_SEXES },
    /** Object key in the media bucket (admins/{userId}/... or clients/{userId}/...). */
    photoKey: { type: 'string' },
    photoContentType: { type: 'string' },
    behavioralNotes: { type: 'string' },
    medicalNotes: { type: 'string' },
    trainingGoals: { type: 'string' },
    /** training_analytics, kept by the sessions feature. */
    totalSessions: { type: 'number', required: true, default: 0 },
    lastSessionDate: { type: 'string' },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** A client's dogs, oldest first. */
    byProfile: {
      index: 'gsi1',
      collection: 'clientRecords',
      pk: { field: 'gsi1pk', composite: ['profileId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] },
    },
  },
});
