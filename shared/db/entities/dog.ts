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
    /**
     * Vaccinations (shared/domain/vaccinations.ts, ADR 0032): the last covered day of each vaccine the
     * trainer may require; the first of those days among the required vaccines ('9999-12-31' when none
     * is recorded), the sort key of the trainer's expiring list; and whether a required one is missing.
     */
    vaccineExpiries: {
      type: 'map',
      properties: {
        rabies: { type: 'string' },
        dhpp: { type: 'string' },
        bordetella: { type: 'string' },
        leptospirosis: { type: 'string' },
        canine_influenza: { type: 'string' },
      },
    },
    vaccinationDueOn: { type: 'string', required: true, default: '9999-12-31' },
    vaccinationMissing: { type: ['missing', 'complete'] as const, required: true, default: 'missing' },
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
    /** Every dog by the first day a required vaccination of it ends: the trainer's expiring list. */
    byVaccinationDue: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: [] },
      sk: { field: 'gsi2sk', composite: ['vaccinationDueOn', 'id'] },
    },
    /** Every dog, those missing a required vaccination first: the trainer's missing list. */
    byVaccinationMissing: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: [] },
      sk: { field: 'gsi3sk', composite: ['vaccinationMissing', 'id'] },
    },
  },
});
