import { Entity } from 'electrodb';
import { createdAtAttribute, SERVICE } from './common.js';
import { ROLES } from './profile.js';

/**
 * A private calendar feed: the URL's random secret (the key, looked up by the public feed route)
 * names the profile whose sessions it lists. The secret is never derived from the profile id.
 */
export const calendarFeedEntity = new Entity({
  model: { entity: 'calendarFeed', version: '1', service: SERVICE },
  attributes: {
    token: { type: 'string', required: true, readOnly: true },
    profileId: { type: 'string', required: true, readOnly: true },
    role: { type: ROLES, required: true, readOnly: true },
    /** The site origin the URL was handed out under: its host makes the events' UIDs stable. */
    siteUrl: { type: 'string', required: true, readOnly: true },
    createdAt: createdAtAttribute,
  },
  indexes: {
    byToken: { pk: { field: 'pk', composite: ['token'] }, sk: { field: 'sk', composite: [] } },
  },
});

/**
 * A profile's current feed secret, so the settings can show the URL again and a reset can delete
 * the old secret in the same transaction that writes the new one.
 */
export const calendarFeedOwnerEntity = new Entity({
  model: { entity: 'calendarFeedOwner', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    token: { type: 'string', required: true },
    createdAt: createdAtAttribute,
  },
  indexes: {
    byProfile: { pk: { field: 'pk', composite: ['profileId'] }, sk: { field: 'sk', composite: [] } },
  },
});
