import { Entity } from 'electrodb';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

/** SPEC 3: message_type; feedback is "Session Feedback", homework "Homework Assignment". */
export const MESSAGE_TYPES = [
  'general',
  'feedback',
  'homework',
  'appointment',
  'welcome',
  'onboarding_welcome',
  'onboarding_reminder',
  'reminder',
  'other',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const MESSAGE_PRIORITIES = ['low', 'normal', 'high'] as const;

/** `scheduled` until its send time, then `sent`; only sent messages reach the recipient. */
export const MESSAGE_STATUSES = ['scheduled', 'sent'] as const;

/**
 * A message from the trainer to one client (a message to several clients is one item per recipient).
 * `profileId` is the recipient's profile: the message is part of the client's item collection, so
 * the inbox, the data export and the full deletion each find it with one query.
 */
export const messageEntity = new Entity({
  model: { entity: 'message', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    /** The recipient's profile id. */
    profileId: { type: 'string', required: true },
    /** The sender's (admin's) profile id. */
    senderId: { type: 'string', required: true },
    subject: { type: 'string', required: true },
    content: { type: 'string', required: true },
    messageType: { type: MESSAGE_TYPES, required: true, default: 'general' },
    priority: { type: MESSAGE_PRIORITIES, required: true, default: 'normal' },
    status: { type: MESSAGE_STATUSES, required: true, default: 'sent' },
    /** When it is (or was) delivered: the send time of a scheduled message, else the creation time. */
    deliverAt: { type: 'string', required: true },
    /** When the recipient first opened it (the read receipt). */
    readAt: { type: 'string' },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** A recipient's messages by status and delivery time (inbox: status sent, newest first). */
    byRecipient: {
      index: 'gsi1',
      collection: 'clientRecords',
      pk: { field: 'gsi1pk', composite: ['profileId'] },
      sk: { field: 'gsi1sk', composite: ['status', 'deliverAt', 'id'] },
    },
    /** All messages by status and delivery time (sent list newest first; scheduled ones due now). */
    byStatus: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['status'] },
      sk: { field: 'gsi2sk', composite: ['deliverAt', 'id'] },
    },
  },
});
