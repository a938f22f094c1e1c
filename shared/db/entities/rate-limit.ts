import { Entity } from 'electrodb';
import { SERVICE } from './common.js';

/**
 * A fixed-window request counter per caller and route; expires by TTL. The caller's key is the
 * partition and each window a sort key, so every window of a key is found with one query: a client's
 * full deletion removes the counters named by their id (shared/domain/cascades.ts).
 */
export const rateLimitEntity = new Entity({
  model: { entity: 'rateLimit', version: '1', service: SERVICE },
  attributes: {
    bucket: { type: 'string', required: true },
    /** The window's first second (epoch seconds). */
    window: { type: 'number', required: true },
    count: { type: 'number', required: true, default: 0 },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byBucket: { pk: { field: 'pk', composite: ['bucket'] }, sk: { field: 'sk', composite: ['window'] } },
  },
});
