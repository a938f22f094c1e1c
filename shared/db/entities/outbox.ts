import { Entity } from 'electrodb';
import { createdAtAttribute, idAttribute, SERVICE } from './common.js';

/**
 * The transactional outbox: a domain event written in the same transaction as the change that
 * raised it. The table's stream delivers each insert to functions/streams/publish-outbox.ts, which
 * publishes it to the bus (locally: the stream poller, infra/local/stream-poller.ts) and removes it;
 * TTL clears one whose removal failed.
 */
export const outboxEntity = new Entity({
  model: { entity: 'outbox', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    /** The EventBridge detail-type (an event name of shared/routes.ts). */
    detailType: { type: 'string', required: true, readOnly: true },
    /** The event's detail as JSON (published as-is). */
    detail: { type: 'string', required: true, readOnly: true },
    createdAt: createdAtAttribute,
    /** Epoch seconds; DynamoDB TTL removes the item afterwards. */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
  },
});
