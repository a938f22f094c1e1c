import { randomUUID } from 'node:crypto';
import { Entity } from 'electrodb';
import { MESSAGE_PRIORITIES, MESSAGE_STATUSES, MESSAGE_TYPES } from '../../contracts/message-options.js';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

/**
 * A message from the trainer to one client (a message to several clients is one item per recipient).
 * `profileId` is the recipient's profile: the message is part of the client's item collection, so
 * the inbox, the data export and the full deletion each find it with one query. The read receipt is
 * `readAt` on the message itself (SPEC's message_read_receipts: one per message and recipient).
 */
export const messageEntity = new Entity({
  model: { entity: 'message', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    /** The recipient's profile id. */
    profileId: { type: 'string', required: true },
    /** Copied from the recipient's profile when sent, for the trainer's list and search. */
    recipientName: { type: 'string', required: true, default: '' },
    recipientEmail: { type: 'string', required: true, default: '' },
    /** The sender's (admin's) profile id and name. */
    senderId: { type: 'string', required: true },
    senderName: { type: 'string', required: true, default: '' },
    subject: { type: 'string', required: true },
    content: { type: 'string', required: true },
    messageType: { type: MESSAGE_TYPES, required: true, default: 'general' },
    priority: { type: MESSAGE_PRIORITIES, required: true, default: 'normal' },
    status: { type: MESSAGE_STATUSES, required: true, default: 'sent' },
    /** SPEC 3 thread_id: a generated unique id. */
    threadId: { type: 'string', required: true, default: () => randomUUID() },
    /** When it is (or was) delivered: the send time of a scheduled message, else the creation time. */
    deliverAt: { type: 'string', required: true },
    /** When the recipient first opened it (the read receipt). */
    readAt: { type: 'string' },
    /** When the e-mail notice went out (at most one per message, also when its event is retried). */
    noticeEmailedAt: { type: 'string' },
    /** The session an appointment message is about: its e-mail notice carries the session's calendar invite. */
    sessionId: { type: 'string' },
    /** A series' appointment message: every session of the series (its e-mail invites to each). */
    seriesSessionIds: { type: 'list', items: { type: 'string' } },
    /** The message's search words (shared/db/entities/message-token.ts), so they can be replaced. */
    searchTokens: { type: 'list', items: { type: 'string' } },
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
    /** All messages by status and delivery time (sent list newest first; scheduled ones soonest first). */
    byStatus: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['status'] },
      sk: { field: 'gsi2sk', composite: ['deliverAt', 'id'] },
    },
    /** Sent messages of one type newest first (the trainer's feedback and homework filters). */
    byType: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['status', 'messageType'] },
      sk: { field: 'gsi3sk', composite: ['deliverAt', 'id'] },
    },
  },
});
