import { Entity } from 'electrodb';
import { CONTACT_STATUSES, DOG_SEXES, PROGRAM_KEYS } from '../../contracts/contact.js';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

export const contactSubmissionEntity = new Entity({
  model: { entity: 'contactSubmission', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    firstName: { type: 'string', required: true },
    lastName: { type: 'string', required: true },
    email: { type: 'string', required: true },
    phone: { type: 'string', required: true },
    dogName: { type: 'string', required: true },
    dogBreed: { type: 'string', required: true },
    dogSex: { type: DOG_SEXES, required: true },
    dogBirthDate: { type: 'string', required: true },
    program: { type: PROGRAM_KEYS, required: true },
    message: { type: 'string', required: true },
    status: { type: CONTACT_STATUSES, required: true, default: 'new' },
    assignedProfileId: { type: 'string' },
    convertedToClient: { type: 'boolean', required: true, default: false },
    /** Where the visit that sent it came from (analytics: a domain, utm_source or "(direct)"). */
    source: { type: 'string' },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** Contact submissions screen: by status, newest first; counts per status. */
    byStatus: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['status'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] },
    },
    /** Conversion: find submissions by e-mail. */
    byEmail: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['email'] },
      sk: { field: 'gsi2sk', composite: ['createdAt'] },
    },
    /** Analytics: all submissions by creation time (last 30 days, newest first). */
    byCreated: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: [] },
      sk: { field: 'gsi3sk', composite: ['createdAt', 'id'] },
    },
  },
});
