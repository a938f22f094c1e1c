import { Entity } from 'electrodb';
import { createdAtAttribute, SERVICE } from './common.js';
import { ROLES } from './profile.js';

/**
 * One device's web push subscription (ADR 0055), keyed by the SHA-256 of its endpoint: the same
 * browser subscribing again is the same item, whoever is signed in on it last owns it.
 */
export const pushSubscriptionEntity = new Entity({
  model: { entity: 'pushSubscription', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    endpoint: { type: 'string', required: true, readOnly: true },
    p256dh: { type: 'string', required: true },
    auth: { type: 'string', required: true },
    profileId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    role: { type: ROLES, required: true },
    label: { type: 'string', required: true },
    createdAt: createdAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** A person's devices (list, sign-out elsewhere, deactivation, deletion, export). */
    byProfile: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['profileId'] },
      sk: { field: 'gsi1sk', composite: ['id'] },
    },
    /** Every admin's devices (the trainer's notices). */
    byRole: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['role'] },
      sk: { field: 'gsi2sk', composite: ['id'] },
    },
  },
});

/** A push sent for one event to one device: created conditionally, so an event pushes once per device. */
export const pushSentEntity = new Entity({
  model: { entity: 'pushSent', version: '1', service: SERVICE },
  attributes: {
    eventKey: { type: 'string', required: true, readOnly: true },
    subscriptionId: { type: 'string', required: true, readOnly: true },
    createdAt: createdAtAttribute,
    /** Epoch seconds; DynamoDB TTL removes the marker afterwards. */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byKey: { pk: { field: 'pk', composite: ['eventKey', 'subscriptionId'] }, sk: { field: 'sk', composite: [] } },
  },
});
