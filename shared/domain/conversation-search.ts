import { batchGetAll, batchWriteAll } from '../db/batch.js';
import { TRAINER_INBOX } from '../db/entities/conversation.js';
import { isConditionFailure, store } from '../db/service.js';
import type { ConversationItem, PostItem } from './conversation-items.js';
import { messageTokens, shardOf } from './messages.js';
import { MAX_PAGE_READS, type Page, type Position, queryCursor, toPosition } from './pagination.js';

/**
 * The trainer's search across conversations (docs/decisions/0066-conversation-search.md): the sent
 * messages' whole-content search (0013) for posts. Each post has one `conversationToken` item per
 * distinct word of the conversation's client name, its subject and the post's whole content (the
 * messages' word rules), written before the post and removed with the conversation; the post lists its
 * words (`searchTokens`). A search reads the tokens that begin with its longest word, gets those posts
 * and checks every word against the post's own, then gets their conversations and applies the filters.
 * The cost follows the matches, never the number of conversations.
 */

/** A post's search words: as a message's (`messageTokens`), the conversation's client in the recipient's place. */
export const postTokens = (c: Pick<ConversationItem, 'clientName' | 'subject'>, content: string): string[] =>
  messageTokens({ recipientName: c.clientName, subject: c.subject, content });

type IndexedPost = Pick<PostItem, 'id' | 'threadId' | 'createdAt' | 'searchTokens'>;

/** Keys of a post's word items (for batch deletes). */
export const postTokenKeys = (p: IndexedPost) =>
  (p.searchTokens ?? []).map((token) => ({
    shard: shardOf(token),
    token,
    threadId: p.threadId,
    createdAt: p.createdAt,
    postId: p.id,
  }));

/** Writes the word items of posts: before the posts, so a stored post is always found (idempotent). */
export async function putPostTokens(posts: readonly IndexedPost[]): Promise<void> {
  const t = store().entities.conversationToken;
  await batchWriteAll('conversation search words', posts.flatMap(postTokenKeys), (left) =>
    t.put(left).go({ concurrency: 4 }),
  );
}

/** Removes the word items of posts: of a post that was not written, or with its conversation. */
export async function deletePostTokens(posts: readonly IndexedPost[]): Promise<void> {
  const t = store().entities.conversationToken;
  await batchWriteAll('conversation search words', posts.flatMap(postTokenKeys), (left) =>
    t.delete(left).go({ concurrency: 4 }),
  );
}

const matchesAll = (terms: readonly string[], tokens: readonly string[] = []) =>
  terms.every((t) => tokens.some((w) => w.startsWith(t)));

/**
 * The trainer's conversations having a post whose words (with the client's name and the subject)
 * start with every search word, those with unread client posts only (`unread`), one client's only
 * (`clientId`). At most MAX_PAGE_READS x limit index rows a request: a page may come back short with
 * a cursor, and a conversation found through several words of one prefix may come again on a later
 * page. Ordered newest first within a page.
 */
export async function searchTrainerConversations(
  terms: readonly string[],
  opts: { unread: boolean; clientId?: string; limit: number; cursor?: Position },
): Promise<Page<ConversationItem>> {
  // The longest word is the most selective: it drives the index read, the others are checked.
  const [lead] = [...terms].sort((a, b) => b.length - a.length);
  const s = store().entities;
  const found = new Map<string, ConversationItem>();
  const decided = new Set<string>();
  let next: string | null = queryCursor(opts.cursor);
  for (let reads = 0; reads < MAX_PAGE_READS && found.size < opts.limit; reads++) {
    const page = await s.conversationToken.query
      .byToken({ shard: shardOf(lead) })
      .begins({ token: lead })
      .go({ cursor: next, limit: opts.limit });
    const postKeys = new Map<string, { threadId: string; createdAt: string; id: string }>();
    for (const row of page.data) {
      if (!decided.has(row.threadId))
        postKeys.set(row.postId, { threadId: row.threadId, createdAt: row.createdAt, id: row.postId });
    }
    // Every word checked against the post's own: an item of a post that was never written matches nothing.
    const posts = postKeys.size
      ? ((await batchGetAll('conversation posts', [...postKeys.values()], (keys) =>
          s.conversationPost.get(keys).go(),
        )) as PostItem[])
      : [];
    const threads = [...new Set(posts.filter((p) => matchesAll(terms, p.searchTokens)).map((p) => p.threadId))].filter(
      (id) => !decided.has(id),
    );
    for (const id of threads) decided.add(id);
    if (threads.length) {
      const conversations = (await batchGetAll(
        'conversations',
        threads.map((threadId) => ({ threadId })),
        (keys) => s.conversation.get(keys).go(),
      )) as ConversationItem[];
      for (const c of conversations) {
        if (c.inbox !== TRAINER_INBOX) continue;
        if (opts.clientId && c.profileId !== opts.clientId) continue;
        if (opts.unread && !(c.trainerUnread > 0)) continue;
        found.set(c.threadId, c);
      }
    }
    next = page.cursor ?? null;
    if (!next) break;
  }
  const items = [...found.values()].sort(
    (a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt) || b.threadId.localeCompare(a.threadId),
  );
  return { items, cursor: toPosition(next) };
}

/**
 * Indexes the words of the posts written before conversation search: every conversation of the inbox
 * (gsi2, a page at a time), each of its posts whose stored words differ from its words gets its word
 * items, then its list of words. Posts never change, so no guard is needed beyond the post still being
 * there. Idempotent; returns the number of posts changed.
 */
export async function backfillConversationSearchWords(): Promise<number> {
  const s = store().entities;
  let changed = 0;
  let cursor: string | null = null;
  do {
    const page: { data: ConversationItem[]; cursor: string | null } = await s.conversation.query
      .byInbox({ inbox: TRAINER_INBOX })
      .go({ cursor, limit: 100 });
    for (const c of page.data) {
      const { data } = await s.conversationPost.query.byThread({ threadId: c.threadId }).go({ pages: 'all' });
      for (const p of data as PostItem[]) {
        const tokens = postTokens(c, p.content);
        const old = new Set(p.searchTokens ?? []);
        if (tokens.length === old.size && tokens.every((t) => old.has(t))) continue;
        await putPostTokens([{ ...p, searchTokens: tokens }]);
        try {
          await s.conversationPost
            .patch({ threadId: p.threadId, createdAt: p.createdAt, id: p.id })
            .set({ searchTokens: tokens })
            .go();
          changed++;
        } catch (e) {
          // Deleted meanwhile (the client's full deletion): its word items match nothing (the seeding
          // that runs this never deletes).
          if (!isConditionFailure(e)) throw e;
        }
      }
    }
    cursor = page.cursor;
  } while (cursor);
  return changed;
}
