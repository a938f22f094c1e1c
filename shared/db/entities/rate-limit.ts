import { Entity } from 'electrodb';
import { SERVICE } from './common.js';

/** A fixed-window request counter per caller and route; expires by TTL. */
export const rateLimitEntity = new Entity({
  model: { entity: 'rateLimit', version: '1', service: SERVICE },
  attributes: {
    bucket: { type: 'string', required: true },
    count: { type: 'number', required: true, default: 0 },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byBucket: { pk: { field: 'pk', composite: ['bucket'] }, sk: { field: 'sk', composite: [] } },
  },
});
