import type { AdminMessageFilter, InboxFilter, MessageType } from '../contracts/messages.js';
import { batchGetAll } from '../db/batch.js';
import { store } from '../db/service.js';
import { type MessageItem, shardOf } from './messages.js';
import { boundedPage, MAX_PAGE_READS, type Page, type Position, queryCursor, toPosition } from './pagination.js';
import { searchWords } from './search-words.js';

/**
 * The lists of messages (shared/domain/messages.ts): a recipient's inbox, and the trainer's sent
 * messages (with their search) and scheduled ones.
 */

const DEFAULT_PAGE = 20;

/**
 * One page of a recipient's delivered messages, newest first: one Query on the recipient's item
 * collection (status sent), so scheduled messages stay out until their time. Filters narrow that
 * one partition (a client's own messages).
 */
export async function listInbox(
  profileId: string,
  opts: { filter?: InboxFilter; cursor?: Position; limit?: number } = {},
): Promise<Page<MessageItem>> {
  const filter = opts.filter ?? 'all';
  const limit = opts.limit ?? DEFAULT_PAGE;
  return boundedPage<MessageItem>(opts.cursor, limit, (c) => {
    const q = store().entities.message.query.byRecipient({ profileId, status: 'sent' });
    const filtered =
      filter === 'unread'
        ? q.where(({ readAt }, { notExists }) => notExists(readAt))
        : filter === 'feedback' || filter === 'homework'
          ? q.where(({ messageType }, { eq }) => eq(messageType, filter as MessageType))
          : q;
    return filtered.go({ cursor: c, limit, order: 'desc' });
  });
}

/**
 * The trainer's sent messages, newest first. Without a search: type filters read their own index,
 * read/unread filter the sent index (as many pages as it takes to fill the page). With a search: the
 * messages whose words start with each search word, found through the search words' index (so the
 * cost follows the matches, not the number of messages), then filtered and ordered newest first.
 */
export async function listSentMessages(opts: {
  search?: string;
  filter?: AdminMessageFilter;
  cursor?: Position;
  limit?: number;
}): Promise<Page<MessageItem>> {
  const filter = opts.filter ?? 'all';
  const limit = opts.limit ?? DEFAULT_PAGE;
  const terms = searchWords(opts.search ?? '');
  if (terms.length) return searchSent(terms, filter, limit, opts.cursor);
  return boundedPage<MessageItem>(opts.cursor, limit, (c) => {
    const s = store().entities.message.query;
    if (filter === 'feedback' || filter === 'homework') {
      return s.byType({ status: 'sent', messageType: filter as MessageType }).go({ cursor: c, limit, order: 'desc' });
    }
    const q = s.byStatus({ status: 'sent' });
    const filtered =
      filter === 'unread'
        ? q.where(({ readAt }, { notExists }) => notExists(readAt))
        : filter === 'read'
          ? q.where(({ readAt }, { exists }) => exists(readAt))
          : q;
    return filtered.go({ cursor: c, limit, order: 'desc' });
  });
}

const matchesFilter = (m: MessageItem, filter: AdminMessageFilter) =>
  filter === 'all' ||
  (filter === 'unread' && !m.readAt) ||
  (filter === 'read' && !!m.readAt) ||
  m.messageType === filter;

async function searchSent(
  terms: string[],
  filter: AdminMessageFilter,
  limit: number,
  position: Position | undefined,
): Promise<Page<MessageItem>> {
  // The longest word is the most selective: it drives the index read, the others filter.
  const [lead] = [...terms].sort((a, b) => b.length - a.length);
  const found: MessageItem[] = [];
  const seen = new Set<string>();
  let next: string | null = queryCursor(position);
  for (let reads = 0; reads < MAX_PAGE_READS && found.length < limit; reads++) {
    const page = await store()
      .entities.messageToken.query.byToken({ shard: shardOf(lead) })
      .begins({ token: lead })
      .go({ cursor: next, limit });
    const ids = [...new Set(page.data.map((t) => t.messageId))].filter((id) => !seen.has(id));
    for (const id of ids) seen.add(id);
    if (ids.length) {
      const data = await batchGetAll(
        'messages',
        ids.map((id) => ({ id })),
        (keys) => store().entities.message.get(keys).go(),
      );
      for (const m of data as MessageItem[]) {
        if (m.status !== 'sent' || !matchesFilter(m, filter)) continue;
        // Every word checked against the message's own: an index item left by an edit matches nothing.
        const tokens = m.searchTokens ?? [];
        if (terms.every((t) => tokens.some((w) => w.startsWith(t)))) found.push(m);
      }
    }
    next = page.cursor ?? null;
    if (!next) break;
  }
  found.sort((a, b) => b.deliverAt.localeCompare(a.deliverAt) || b.id.localeCompare(a.id));
  return { items: found, cursor: toPosition(next) };
}

/** Scheduled messages, soonest first. */
export async function listScheduledMessages(opts: { cursor?: Position; limit?: number } = {}) {
  const { data, cursor } = await store()
    .entities.message.query.byStatus({ status: 'scheduled' })
    .go({ cursor: queryCursor(opts.cursor), limit: opts.limit ?? DEFAULT_PAGE, order: 'asc' });
  return { items: data as MessageItem[], cursor: toPosition(cursor) };
}
