import { Entity } from 'electrodb';
import { SERVICE } from './common.js';

/**
 * One searchable word of a client (first name, last name, e-mail and its parts, phone digits and
 * their suffixes), lower-cased. A search for a prefix reads only the tokens that start with it:
 * partition by scope + first character, begins_with on the sort key. Written and removed in the
 * same transaction as the profile; the profile lists its tokens (searchTokens) so they can be found.
 */
export const searchTokenEntity = new Entity({
  model: { entity: 'searchToken', version: '1', service: SERVICE },
  attributes: {
    scope: { type: 'string', required: true, readOnly: true },
    shard: { type: 'string', required: true, readOnly: true },
    token: { type: 'string', required: true, readOnly: true },
    profileId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byToken: {
      pk: { field: 'pk', composite: ['scope', 'shard'] },
      sk: { field: 'sk', composite: ['token', 'profileId'] },
    },
  },
});
