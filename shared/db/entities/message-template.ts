import { Entity } from 'electrodb';
import { MESSAGE_TYPES } from '../../contracts/message-options.js';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

/** SPEC 3 message_templates: reusable subject and content for compose. */
export const messageTemplateEntity = new Entity({
  model: { entity: 'messageTemplate', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    name: { type: 'string', required: true },
    subject: { type: 'string', required: true },
    content: { type: 'string', required: true },
    templateType: { type: MESSAGE_TYPES, required: true, default: 'general' },
    isActive: { type: 'boolean', required: true, default: true },
    /** The admin profile that created it. */
    createdBy: { type: 'string', required: true },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** Every template by name (one small partition: a business has tens of templates). */
    byName: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['name', 'id'] },
    },
  },
});
