import { Entity } from 'electrodb';
import { SERVICE } from './common.js';

/**
 * A counter shown on a dashboard (contact submissions per status, active clients), changed in the
 * same transaction as the records it counts, so reading it is one GetItem however many records exist.
 */
export const counterEntity = new Entity({
  model: { entity: 'counter', version: '1', service: SERVICE },
  attributes: {
    name: { type: 'string', required: true, readOnly: true },
    value: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byName: { pk: { field: 'pk', composite: ['name'] }, sk: { field: 'sk', composite: [] } },
  },
});
