import { TRAINER_INBOX } from '../db/entities/conversation.js';
import { store } from '../db/service.js';
import type { ConversationItem } from './conversation-items.js';
import { searchTrainerConversations } from './conversation-search.js';
import { COUNTERS, readCounters } from './counters.js';
import { boundedPage, type Page, type Position } from './pagination.js';
import { searchWords } from './search-words.js';

/**
 * The lists of conversations (shared/domain/conversations.ts): a client's own, the trainer's inbox
 * (all, unread, one client's) and the trainer's count of unread conversations.
 */

const DEFAULT_PAGE = 20;

/** A client's conversations, newest first (one Query on the client's item collection). */
export async function listClientConversations(
  profileId: string,
  opts: { cursor?: Position; limit?: number } = {},
): Promise<Page<ConversationItem>> {
  const limit = opts.limit ?? DEFAULT_PAGE;
  return boundedPage<ConversationItem>(opts.cursor, limit, (cursor) =>
    store().entities.conversation.query.byClient({ profileId }).go({ cursor, limit, order: 'desc' }),
  );
}

/**
 * The trainer's inbox, newest first: every conversation (gsi2), those with unread posts of the client
 * (gsi3's `yes` partition), or one client's (their item collection, unread ones filtered there). With
 * a search, the conversations found through their posts' words (shared/domain/conversation-search.ts),
 * the filters applied to them.
 */
export async function listTrainerConversations(
  opts: { search?: string; filter?: 'all' | 'unread'; clientId?: string; cursor?: Position; limit?: number } = {},
): Promise<Page<ConversationItem>> {
  const limit = opts.limit ?? DEFAULT_PAGE;
  const unread = opts.filter === 'unread';
  const terms = searchWords(opts.search ?? '');
  if (terms.length) {
    return searchTrainerConversations(terms, { unread, clientId: opts.clientId, limit, cursor: opts.cursor });
  }
  const q = store().entities.conversation.query;
  return boundedPage<ConversationItem>(opts.cursor, limit, (cursor) => {
    if (opts.clientId) {
      const own = q.byClient({ profileId: opts.clientId });
      return (unread ? own.where(({ trainerUnread }, { gt }) => gt(trainerUnread, 0)) : own).go({
        cursor,
        limit,
        order: 'desc',
      });
    }
    if (unread) {
      return q.byInboxState({ inbox: TRAINER_INBOX, trainerUnreadState: 'yes' }).go({ cursor, limit, order: 'desc' });
    }
    return q.byInbox({ inbox: TRAINER_INBOX }).go({ cursor, limit, order: 'desc' });
  });
}

/** How many conversations hold client posts the trainer has not read (one GetItem). */
export async function trainerUnreadTotal(): Promise<number> {
  const counts = await readCounters([COUNTERS.conversationsUnread]);
  return counts[COUNTERS.conversationsUnread];
}
