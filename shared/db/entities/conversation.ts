import { Entity } from 'electrodb';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

/** Who wrote a post of a conversation. */
export const CONVERSATION_AUTHORS = ['client', 'trainer'] as const;
/** Whether the trainer has posts of the client still to read (gsi3's partition: the unread filter). */
export const TRAINER_UNREAD_STATES = ['yes', 'no'] as const;
/** The one trainer's inbox: the partition of every conversation in the inbox indexes. */
export const TRAINER_INBOX = 'trainer';

/**
 * A conversation between a client and the trainer: one item per thread (the messages' `threadId`),
 * holding what the lists show (subject, last post, unread counts per side, when each side last read
 * it). In the client's item collection (`byClient`), so the client's list, the data export and the
 * full deletion each find it with one query; the trainer's inbox is one Query on gsi2 (newest first),
 * the unread filter one Query on gsi3 (docs/decisions/0047-conversations.md).
 */
export const conversationEntity = new Entity({
  model: { entity: 'conversation', version: '1', service: SERVICE },
  attributes: {
    threadId: { type: 'string', required: true, readOnly: true },
    /** The client's profile id. */
    profileId: { type: 'string', required: true },
    clientName: { type: 'string', required: true, default: '' },
    subject: { type: 'string', required: true },
    /** The trainer's message the client replied to, shown first in the thread. */
    originMessageId: { type: 'string' },
    inbox: { type: 'string', required: true, default: TRAINER_INBOX },
    lastMessageAt: { type: 'string', required: true },
    lastFrom: { type: CONVERSATION_AUTHORS, required: true },
    /** The first characters of the last post, for the lists. */
    lastPreview: { type: 'string', required: true, default: '' },
    /** The client's posts the trainer has not read, and the trainer's the client has not read. */
    trainerUnread: { type: 'number', required: true, default: 0 },
    clientUnread: { type: 'number', required: true, default: 0 },
    trainerUnreadState: { type: TRAINER_UNREAD_STATES, required: true, default: 'no' },
    /** When each side last opened the thread: a post of the other side up to then is read (the receipt). */
    trainerReadAt: { type: 'string' },
    clientReadAt: { type: 'string' },
    /** When the trainer was last e-mailed a client's post of it (at most one e-mail per 15 minutes). */
    trainerNoticeAt: { type: 'string' },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byThread: { pk: { field: 'pk', composite: ['threadId'] }, sk: { field: 'sk', composite: [] } },
    /** A client's conversations by last post (newest first read descending). */
    byClient: {
      index: 'gsi1',
      collection: 'clientRecords',
      pk: { field: 'gsi1pk', composite: ['profileId'] },
      sk: { field: 'gsi1sk', composite: ['lastMessageAt', 'threadId'] },
    },
    /** The trainer's inbox by last post. */
    byInbox: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['inbox'] },
      sk: { field: 'gsi2sk', composite: ['lastMessageAt', 'threadId'] },
    },
    /** The trainer's inbox split by whether it has unread posts of the client (the unread filter). */
    byInboxState: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['inbox', 'trainerUnreadState'] },
      sk: { field: 'gsi3sk', composite: ['lastMessageAt', 'threadId'] },
    },
  },
});

/**
 * One post of a conversation, by the client or the trainer. The thread's posts are one item
 * collection (`pk` the thread, sorted by time: oldest first); the client's item collection holds them
 * too (`byClient`), for the export and the full deletion.
 */
export const conversationPostEntity = new Entity({
  model: { entity: 'conversationPost', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    threadId: { type: 'string', required: true, readOnly: true },
    profileId: { type: 'string', required: true, readOnly: true },
    from: { type: CONVERSATION_AUTHORS, required: true, readOnly: true },
    /** The author's profile id and name. */
    authorId: { type: 'string', required: true, readOnly: true },
    authorName: { type: 'string', required: true, default: '' },
    content: { type: 'string', required: true },
    /** Its search words (client name, subject, content): the keys of its conversationToken items. */
    searchTokens: { type: 'list', items: { type: 'string' } },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byThread: {
      pk: { field: 'pk', composite: ['threadId'] },
      sk: { field: 'sk', composite: ['createdAt', 'id'] },
    },
    byClient: {
      index: 'gsi1',
      collection: 'clientRecords',
      pk: { field: 'gsi1pk', composite: ['profileId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] },
    },
  },
});
