import { Entity } from 'electrodb';
import { SERVICE } from './common.js';

/**
 * One searchable word of a message (subject, content, recipient name), lower-cased. A search for a
 * prefix reads only the tokens that start with it: partition by first character, begins_with on the
 * sort key. Written and removed with the message; the message lists its tokens (searchTokens).
 */
export const messageTokenEntity = new Entity({
  model: { entity: 'messageToken', version: '1', service: SERVICE },
  attributes: {
    shard: { type: 'string', required: true, readOnly: true },
    token: { type: 'string', required: true, readOnly: true },
    messageId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byToken: {
      pk: { field: 'pk', composite: ['shard'] },
      sk: { field: 'sk', composite: ['token', 'messageId'] },
    },
  },
});
