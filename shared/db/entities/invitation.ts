import { Entity } from 'electrodb';
import { createdAtAttribute, SERVICE } from './common.js';

/**
 * A signup invitation: valid 7 days, single use (usedAt). The token is the primary key, so creating
 * one with a taken token fails; by e-mail for conversion and client creation.
 */
export const invitationEntity = new Entity({
  model: { entity: 'invitation', version: '1', service: SERVICE },
  attributes: {
    token: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true },
    /** The client profile the invitation completes (set when the account already exists). */
    profileId: { type: 'string' },
    contactSubmissionId: { type: 'string' },
    /** ISO instant after which the invitation is refused. */
    validUntil: { type: 'string', required: true },
    createdBy: { type: 'string', required: true },
    usedAt: { type: 'string' },
    createdAt: createdAtAttribute,
  },
  indexes: {
    byToken: { pk: { field: 'pk', composite: ['token'] }, sk: { field: 'sk', composite: [] } },
    byEmail: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['email'] },
      sk: { field: 'gsi1sk', composite: ['createdAt'] },
    },
  },
});
