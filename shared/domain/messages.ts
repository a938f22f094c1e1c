import type { InboxMessage } from '../contracts/messages.js';
import { store } from '../db/service.js';
import { type Page, withCursor } from './dogs.js';

/** A message as stored (the entity's attributes). */
export interface MessageItem {
  id: string;
  profileId: string;
  senderId: string;
  subject: string;
  content: string;
  messageType: string;
  priority: string;
  status: 'scheduled' | 'sent';
  deliverAt: string;
  readAt?: string;
  createdAt: string;
  updatedAt: string;
}

const DEFAULT_PAGE = 20;

/** What the recipient sees of a message: its own fields, never the sender's ids or the status. */
export function toInboxMessage(m: MessageItem): InboxMessage {
  return {
    id: m.id,
    subject: m.subject,
    content: m.content,
    messageType: m.messageType,
    priority: m.priority,
    sentAt: m.deliverAt,
    ...(m.readAt ? { readAt: m.readAt } : {}),
  };
}

/**
 * One page of a recipient's delivered messages, newest first: one Query on the recipient's item
 * collection (status sent), so scheduled messages stay out until their time.
 */
export async function listInbox(
  profileId: string,
  opts: { cursor?: string; limit?: number } = {},
): Promise<Page<MessageItem>> {
  const { data, cursor } = await withCursor(opts.cursor, (c) =>
    store()
      .entities.message.query.byRecipient({ profileId, status: 'sent' })
      .go({ cursor: c, limit: opts.limit ?? DEFAULT_PAGE, order: 'desc' }),
  );
  return { items: data as MessageItem[], cursor: cursor ?? null };
}
