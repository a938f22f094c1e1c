import { Entity } from 'electrodb';
import { createdAtAttribute, SERVICE } from './common.js';
import { ROLES } from './profile.js';

/** An open WebSocket connection of a signed-in user. Expires (TTL) after the API's 2 h limit. */
export const connectionEntity = new Entity({
  model: { entity: 'connection', version: '1', service: SERVICE },
  attributes: {
    connectionId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    profileId: { type: 'string', required: true },
    role: { type: ROLES, required: true },
    createdAt: createdAtAttribute,
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['connectionId'] }, sk: { field: 'sk', composite: [] } },
    byProfile: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['profileId'] },
      sk: { field: 'gsi1sk', composite: ['connectionId'] },
    },
    /** Push to all admins. */
    byRole: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['role'] },
      sk: { field: 'gsi2sk', composite: ['connectionId'] },
    },
  },
});
