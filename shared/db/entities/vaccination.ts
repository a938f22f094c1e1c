import { Entity } from 'electrodb';
import { VACCINES } from '../../contracts/vaccination-options.js';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

/**
 * A vaccination record of a client's dog. It belongs to the client's item collection (gsi1, keyed by
 * the owner's profile id), so a full deletion and the data export find it with the client's dogs; its
 * sort key starts with the dog, so a dog's records are one Query. The trainer's list of dogs whose
 * vaccinations are due reads the dogs' own index (shared/db/entities/dog.ts, ADR 0032).
 */
export const vaccinationEntity = new Entity({
  model: { entity: 'vaccination', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    profileId: { type: 'string', required: true, readOnly: true },
    dogId: { type: 'string', required: true, readOnly: true },
    vaccine: { type: VACCINES, required: true },
    otherName: { type: 'string' },
    /** YYYY-MM-DD. */
    givenOn: { type: 'string', required: true },
    /** YYYY-MM-DD: the last day the vaccination covers. */
    expiresOn: { type: 'string', required: true },
    clinic: { type: 'string', required: true },
    /** Object key in the media bucket (clients/{userId}/certificates/...). */
    certificateKey: { type: 'string' },
    certificateContentType: { type: 'string' },
    /** The trainer who verified the record as it is now, and when (cleared by the client's update). */
    verifiedById: { type: 'string' },
    verifiedByName: { type: 'string' },
    verifiedAt: { type: 'string' },
    /** The expiry each reminder was sent for (`30` and `7` days before): sent once per expiry. */
    reminded30For: { type: 'string' },
    reminded7For: { type: 'string' },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** A client's records, by dog. */
    byProfile: {
      index: 'gsi1',
      collection: 'clientRecords',
      pk: { field: 'gsi1pk', composite: ['profileId'] },
      sk: { field: 'gsi1sk', composite: ['dogId', 'createdAt', 'id'] },
    },
  },
});
