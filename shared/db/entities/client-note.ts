import { Entity } from 'electrodb';
import { NOTE_TYPES } from '../../contracts/client-options.js';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

/** The trainer's note about a client. Admin-only: never part of any response a client can receive. */
export const clientNoteEntity = new Entity({
  model: { entity: 'clientNote', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    profileId: { type: 'string', required: true },
    title: { type: 'string', required: true },
    content: { type: 'string', required: true },
    noteType: { type: NOTE_TYPES, required: true, default: 'general' },
    isImportant: { type: 'boolean', required: true, default: false },
    /** Profile id and e-mail of the admin who wrote it. */
    createdBy: { type: 'string', required: true },
    createdByEmail: { type: 'string', required: true },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** A client's notes by creation time (read newest first). */
    byProfile: {
      index: 'gsi1',
      collection: 'clientRecords',
      pk: { field: 'gsi1pk', composite: ['profileId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] },
    },
  },
});
