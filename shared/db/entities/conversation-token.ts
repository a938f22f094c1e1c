import { Entity } from 'electrodb';
import { SERVICE } from './common.js';

/**
 * One searchable word of a conversation's post (the conversation's client name and subject, and the
 * post's content), lower-cased: the messages' word index (message-token.ts) for posts. A search for a
 * prefix reads only the tokens that start with it: partition by first character, begins_with on the
 * sort key; a word's rows of one thread sit together. Written before the post and removed with the
 * conversation; the post lists its tokens (searchTokens). The row's key holds the post's whole key
 * (thread, time, id), so a batch write's unprocessed keys are whole items to send again.
 */
export const conversationTokenEntity = new Entity({
  model: { entity: 'conversationToken', version: '1', service: SERVICE },
  attributes: {
    shard: { type: 'string', required: true, readOnly: true },
    token: { type: 'string', required: true, readOnly: true },
    threadId: { type: 'string', required: true, readOnly: true },
    postId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byToken: {
      pk: { field: 'pk', composite: ['shard'] },
      sk: { field: 'sk', composite: ['token', 'threadId', 'createdAt', 'postId'] },
    },
  },
});
