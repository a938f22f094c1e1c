import { Entity } from 'electrodb';
import { idAttribute, SERVICE } from './common.js';

/** One first-party analytics event, partitioned by UTC day; kept about 13 months (TTL). */
export const analyticsEventEntity = new Entity({
  model: { entity: 'analyticsEvent', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    day: { type: 'string', required: true },
    at: { type: 'string', required: true },
    name: { type: ['page_view', 'form_submit'] as const, required: true },
    /** Path only (no query string, no host): what the analytics dashboard groups by. */
    page: { type: 'string' },
    pageTitle: { type: 'string' },
    formName: { type: 'string' },
    program: { type: 'string' },
    hasDogInfo: { type: 'boolean' },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byDay: { pk: { field: 'pk', composite: ['day'] }, sk: { field: 'sk', composite: ['at', 'id'] } },
  },
});
