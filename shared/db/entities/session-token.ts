import { Entity } from 'electrodb';
import { SERVICE } from './common.js';

/**
 * One searchable word of a session (the client's and the dog's names), lower-cased. A search for a
 * prefix reads only the tokens that start with it: partition by first character, begins_with on the
 * sort key. Written and removed in the same transaction as the session; the session lists its tokens
 * (searchTokens).
 */
export const sessionTokenEntity = new Entity({
  model: { entity: 'sessionToken', version: '1', service: SERVICE },
  attributes: {
    shard: { type: 'string', required: true, readOnly: true },
    token: { type: 'string', required: true, readOnly: true },
    sessionId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byToken: {
      pk: { field: 'pk', composite: ['shard'] },
      sk: { field: 'sk', composite: ['token', 'sessionId'] },
    },
  },
});
