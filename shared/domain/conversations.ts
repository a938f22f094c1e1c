import { randomUUID } from 'node:crypto';
import {
  CLIENT_POST_LIMIT_MESSAGE,
  CLIENT_POSTS_PER_HOUR,
  type ConversationChangedDetail,
  type ConversationSummary,
  type ConversationThread,
  MAX_POST_CONTENT,
  POST_TOO_LONG_MESSAGE,
  type ReplyToMessageRequest,
  type StartConversationRequest,
  type ThreadEntry,
} from '../contracts/conversations.js';
import { MAX_SUBJECT } from '../contracts/message-options.js';
import { TRAINER_INBOX } from '../db/entities/conversation.js';
import { isConditionFailure, store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import type { Author, ConversationItem, PostItem } from './conversation-items.js';
import { deletePostTokens, postTokens, putPostTokens } from './conversation-search.js';
import { COUNTERS, counterDelta } from './counters.js';
import { findMessage, getInboxMessage, personalize } from './messages.js';
import { fullName } from './names.js';
import { outboxItem } from './outbox.js';
import { getProfileById, type Profile } from './profiles.js';

/**
 * Conversations between a client and the trainer (docs/decisions/0047-conversations.md): one
 * conversation item per thread with the lists' fields and both sides' unread counts, and one item per
 * post. Every write of a post is one transaction: the post, the conversation, the trainer's count of
 * unread conversations and, for a client's post, the client's hourly counter (its condition is the limit).
 * The post's search words are written just before it (shared/domain/conversation-search.ts, ADR 0066).
 */

export type { ConversationItem, PostItem } from './conversation-items.js';

const PREVIEW_LENGTH = 140;
/** Attempts of a write whose guard lost to a concurrent change of the same conversation. */
const ATTEMPTS = 4;
const HOUR_SECONDS = 3600;

/** When a write happens and the portal's address its e-mail notice links to. */
export interface WriteContext {
  now?: number;
  siteUrl?: string;
}

/**
 * The outbox item of a post or a read, in its transaction: every admin's and the conversation's
 * client's open tabs hear of it, and a post is e-mailed (events/email-conversation-notice).
 */
function changed(e: TxEntities, detail: ConversationChangedDetail): TxItem {
  return outboxItem(e, 'ConversationChanged', detail);
}

const previewOf = (content: string) => content.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);

/** The rate-limit bucket of a client's posts (shared/db/entities/rate-limit.ts). */
export const clientPostLimitKey = (profileId: string) => `conversation-posts#${profileId}`;

const hourOf = (now: number) => Math.floor(now / 1000 / HOUR_SECONDS) * HOUR_SECONDS;

/**
 * The transaction item counting one post of the client in the current hour's window: its condition
 * fails at the limit, and the whole post with it (nothing is written).
 */
function countClientPost(e: TxEntities, profileId: string, now: number): TxItem {
  const window = hourOf(now);
  return e.rateLimit
    .upsert({ bucket: clientPostLimitKey(profileId), window, expiresAt: window + HOUR_SECONDS * 2 })
    .add({ count: 1 })
    .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, CLIENT_POSTS_PER_HOUR)}`)
    .commit();
}

const rateLimited = () => new AppError('RATE_LIMITED', CLIENT_POST_LIMIT_MESSAGE);

/**
 * Refuses a client's post at the limit before its search words are written, so a refused post writes
 * nothing. The transaction's condition (countClientPost) still decides when two posts race.
 */
async function checkClientPostsLeft(profileId: string, now: number): Promise<void> {
  const { data } = await store()
    .entities.rateLimit.get({ bucket: clientPostLimitKey(profileId), window: hourOf(now) })
    .go({ consistent: true });
  if ((data?.count ?? 0) >= CLIENT_POSTS_PER_HOUR) throw rateLimited();
}

/**
 * A post's transaction, its search words written first (the messages' order: a stored post is always
 * found); a post the transaction refused takes its words back.
 */
async function writePost(post: PostItem, items: (e: TxEntities) => TxItem[]) {
  await putPostTokens([post]);
  const result = await writeTransaction(items);
  if (result.canceled) await deletePostTokens([post]);
  return result;
}
const notFound = () => new AppError('NOT_FOUND', 'Conversation not found');
const busy = () => new AppError('CONFLICT', 'The conversation changed meanwhile. Please try again.');

export async function findConversation(threadId: string): Promise<ConversationItem | undefined> {
  const { data } = await store().entities.conversation.get({ threadId }).go({ consistent: true });
  return (data ?? undefined) as ConversationItem | undefined;
}

/** The trainer's view of any conversation (404 when there is none). */
export async function getConversation(threadId: string): Promise<ConversationItem> {
  const c = await findConversation(threadId);
  if (!c) throw notFound();
  return c;
}

/** One of the client's own conversations; anyone else's is not found. */
export async function getOwnConversation(profileId: string, threadId: string): Promise<ConversationItem> {
  const c = await findConversation(threadId);
  if (!c || c.profileId !== profileId) throw notFound();
  return c;
}

function newPost(
  c: Pick<ConversationItem, 'threadId' | 'profileId' | 'clientName' | 'subject'>,
  author: Profile,
  from: Author,
  content: string,
  at: string,
): PostItem {
  return {
    id: randomUUID(),
    threadId: c.threadId,
    profileId: c.profileId,
    from,
    authorId: author.id,
    authorName: fullName(author),
    content,
    searchTokens: postTokens(c, content),
    createdAt: at,
  };
}

/**
 * A client's first post of a new conversation, in one transaction with the conversation, the
 * trainer's unread total and the client's hourly counter. `threadId` and `originMessageId` are those
 * of the trainer's message a reply answers.
 */
async function createConversation(
  client: Profile,
  fields: { threadId: string; subject: string; originMessageId?: string },
  content: string,
  { now = Date.now(), siteUrl }: WriteContext,
): Promise<{ conversation: ConversationItem; post: PostItem } | 'exists'> {
  const at = new Date(now).toISOString();
  const conversation: ConversationItem = {
    threadId: fields.threadId,
    profileId: client.id,
    clientName: fullName(client),
    subject: fields.subject,
    ...(fields.originMessageId ? { originMessageId: fields.originMessageId } : {}),
    inbox: TRAINER_INBOX,
    lastMessageAt: at,
    lastFrom: 'client',
    lastPreview: previewOf(content),
    trainerUnread: 1,
    clientUnread: 0,
    trainerUnreadState: 'yes',
    clientReadAt: at,
    createdAt: at,
    updatedAt: at,
  };
  const post = newPost(conversation, client, 'client', content, at);
  await checkClientPostsLeft(client.id, now);
  const { canceled, codes } = await writePost(post, (e) => [
    e.conversation.create(conversation).commit(),
    e.conversationPost.create(post).commit(),
    counterDelta(e, COUNTERS.conversationsUnread, 1),
    countClientPost(e, client.id, now),
    changed(e, {
      threadId: fields.threadId,
      clientId: client.id,
      kind: 'posted',
      by: 'client',
      postId: post.id,
      postAt: post.createdAt,
      siteUrl,
    }),
  ]);
  if (!canceled) return { conversation, post };
  if (codes[3] === 'ConditionalCheckFailed') throw rateLimited();
  if (codes[0] === 'ConditionalCheckFailed') return 'exists';
  throw busy();
}

/** POST /api/me/conversations: a client starts a conversation with the trainer. */
export async function startConversation(client: Profile, input: StartConversationRequest, ctx: WriteContext = {}) {
  const made = await createConversation(client, { threadId: randomUUID(), subject: input.subject }, input.content, ctx);
  if (made === 'exists') throw busy();
  return made;
}

const reSubject = (subject: string) => (/^re:/i.test(subject) ? subject : `Re: ${subject}`).slice(0, MAX_SUBJECT);

/**
 * POST /api/me/messages/{id}/replies: a client answers a message they received. The reply joins the
 * message's thread (its `threadId`): the first reply makes the conversation (subject "Re: " and the
 * message's, unless given), later ones are posts in it.
 */
export async function replyToMessage(
  client: Profile,
  messageId: string,
  input: ReplyToMessageRequest,
  ctx: WriteContext = {},
): Promise<{ conversation: ConversationItem; post: PostItem }> {
  const m = await getInboxMessage(client.id, messageId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const existing = await findConversation(m.threadId);
    if (existing) {
      if (existing.profileId !== client.id) throw new AppError('NOT_FOUND', 'Message not found');
      return postAsClient(client, existing.threadId, input.content, ctx);
    }
    const made = await createConversation(
      client,
      { threadId: m.threadId, subject: input.subject ?? reSubject(m.subject), originMessageId: m.id },
      input.content,
      ctx,
    );
    if (made !== 'exists') return made;
  }
  throw busy();
}

/**
 * POST /api/me/conversations/{threadId}/posts: a client writes in their own conversation. Writing
 * also reads it (the client's unread count of it becomes 0).
 */
export async function postAsClient(client: Profile, threadId: string, content: string, ctx: WriteContext = {}) {
  const { now = Date.now(), siteUrl } = ctx;
  const at = new Date(now).toISOString();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const c = await getOwnConversation(client.id, threadId);
    const post = newPost(c, client, 'client', content, at);
    await checkClientPostsLeft(client.id, now);
    const { canceled, codes } = await writePost(post, (e) => [
      e.conversationPost.create(post).commit(),
      e.conversation
        .patch({ threadId })
        .set({
          profileId: c.profileId,
          inbox: TRAINER_INBOX,
          lastMessageAt: at,
          lastFrom: 'client',
          lastPreview: previewOf(content),
          trainerUnreadState: 'yes',
          clientUnread: 0,
          clientReadAt: at,
        })
        .add({ trainerUnread: 1 })
        .where(
          ({ profileId, clientUnread, trainerUnread }, { eq }) =>
            `${eq(profileId, client.id)} AND ${eq(clientUnread, c.clientUnread)} AND ${eq(trainerUnread, c.trainerUnread)}`,
        )
        .commit(),
      countClientPost(e, client.id, now),
      changed(e, {
        threadId,
        clientId: c.profileId,
        kind: 'posted',
        by: 'client',
        postId: post.id,
        postAt: post.createdAt,
        siteUrl,
      }),
      // The conversation becomes unread for the trainer: one more in the trainer's total.
      ...(c.trainerUnread ? [] : [counterDelta(e, COUNTERS.conversationsUnread, 1)]),
    ]);
    if (!canceled) {
      const conversation: ConversationItem = {
        ...c,
        lastMessageAt: at,
        lastFrom: 'client',
        lastPreview: previewOf(content),
        trainerUnreadState: 'yes',
        trainerUnread: c.trainerUnread + 1,
        clientUnread: 0,
        clientReadAt: at,
      };
      return { conversation, post };
    }
    if (codes[2] === 'ConditionalCheckFailed') throw rateLimited();
  }
  throw busy();
}

/**
 * The trainer's post as the client reads it: compose's placeholders (`{client_name}`, `{full_name}`)
 * filled with the conversation's client, as a message to them would be; 400 when that makes it longer
 * than a post may be.
 */
async function trainerContent(c: ConversationItem, content: string): Promise<string> {
  if (!content.includes('{')) return content;
  const client = await getProfileById(c.profileId);
  const filled = personalize(content, client ?? { firstName: c.clientName.split(' ')[0] ?? '', lastName: '' });
  if (filled.length > MAX_POST_CONTENT) throw new AppError('VALIDATION', POST_TOO_LONG_MESSAGE);
  return filled;
}

/**
 * POST /api/conversations/{threadId}/posts: the trainer answers in the thread, placeholders filled for
 * the conversation's client. Answering reads it: the client's posts up to now are read (their receipt)
 * and leave the trainer's unread total.
 */
export async function postAsTrainer(trainer: Profile, threadId: string, written: string, ctx: WriteContext = {}) {
  const { now = Date.now(), siteUrl } = ctx;
  const at = new Date(now).toISOString();
  let filled: string | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const c = await getConversation(threadId);
    filled ??= await trainerContent(c, written);
    const content = filled;
    const post = newPost(c, trainer, 'trainer', content, at);
    const { canceled } = await writePost(post, (e) => [
      e.conversationPost.create(post).commit(),
      e.conversation
        .patch({ threadId })
        .set({
          profileId: c.profileId,
          inbox: TRAINER_INBOX,
          lastMessageAt: at,
          lastFrom: 'trainer',
          lastPreview: previewOf(content),
          trainerUnreadState: 'no',
          trainerUnread: 0,
          trainerReadAt: at,
        })
        .add({ clientUnread: 1 })
        .where(({ trainerUnread }, { eq }) => eq(trainerUnread, c.trainerUnread))
        .commit(),
      changed(e, {
        threadId,
        clientId: c.profileId,
        kind: 'posted',
        by: 'trainer',
        postId: post.id,
        postAt: post.createdAt,
        siteUrl,
      }),
      ...(c.trainerUnread ? [counterDelta(e, COUNTERS.conversationsUnread, -1)] : []),
    ]);
    if (!canceled) {
      const conversation: ConversationItem = {
        ...c,
        lastMessageAt: at,
        lastFrom: 'trainer',
        lastPreview: previewOf(content),
        trainerUnreadState: 'no',
        trainerUnread: 0,
        trainerReadAt: at,
        clientUnread: c.clientUnread + 1,
      };
      return { conversation, post };
    }
  }
  throw busy();
}

/**
 * A side opens the thread: the other side's posts up to now are read (the side's `...ReadAt`, the
 * receipt), its unread count of the conversation becomes 0 and, for the trainer, leaves the total.
 * Guarded by the counts read, so a post arriving meanwhile is not counted read unseen. Returns
 * whether anything changed.
 */
export async function markConversationRead(c0: ConversationItem, by: Author, now = Date.now()): Promise<boolean> {
  const at = new Date(now).toISOString();
  let c = c0;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const unread = by === 'trainer' ? c.trainerUnread : c.clientUnread;
    const readAt = by === 'trainer' ? c.trainerReadAt : c.clientReadAt;
    if (!unread && readAt && readAt >= c.lastMessageAt) return false;
    const { canceled } = await writeTransaction((e) => [
      by === 'trainer'
        ? e.conversation
            .patch({ threadId: c.threadId })
            .set({
              profileId: c.profileId,
              inbox: TRAINER_INBOX,
              lastMessageAt: c.lastMessageAt,
              trainerUnreadState: 'no',
              trainerUnread: 0,
              trainerReadAt: at,
            })
            .where(
              ({ trainerUnread, lastMessageAt }, { eq }) =>
                `${eq(trainerUnread, unread)} AND ${eq(lastMessageAt, c.lastMessageAt)}`,
            )
            .commit()
        : e.conversation
            .patch({ threadId: c.threadId })
            .set({ clientUnread: 0, clientReadAt: at })
            .where(
              ({ clientUnread, lastMessageAt }, { eq }) =>
                `${eq(clientUnread, unread)} AND ${eq(lastMessageAt, c.lastMessageAt)}`,
            )
            .commit(),
      ...(by === 'trainer' && unread ? [counterDelta(e, COUNTERS.conversationsUnread, -1)] : []),
      changed(e, { threadId: c.threadId, clientId: c.profileId, kind: 'read', by }),
    ]);
    if (!canceled) return true;
    c = await getConversation(c.threadId);
  }
  throw busy();
}

/** At most one e-mail notice to the trainer per conversation in this time. */
export const TRAINER_NOTICE_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Claims the trainer's e-mail notice of a client's post: one conditional write on the conversation,
 * which fails when the trainer was e-mailed of it in the last 15 minutes (so concurrent handlers and
 * posts send one e-mail). Returns whether the caller may send it.
 */
export async function claimTrainerNotice(threadId: string, now = Date.now()): Promise<boolean> {
  const since = new Date(now - TRAINER_NOTICE_INTERVAL_MS).toISOString();
  try {
    await store()
      .entities.conversation.patch({ threadId })
      .set({ trainerNoticeAt: new Date(now).toISOString() })
      .where(
        ({ trainerNoticeAt }, { notExists, lte }) => `${notExists(trainerNoticeAt)} OR ${lte(trainerNoticeAt, since)}`,
      )
      .go();
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** Gives the claim back when the e-mail could not be sent (the retry may send it). */
export async function releaseTrainerNotice(threadId: string, claimedAt: number): Promise<void> {
  try {
    await store()
      .entities.conversation.patch({ threadId })
      .remove(['trainerNoticeAt'])
      .where(({ trainerNoticeAt }, { eq }) => eq(trainerNoticeAt, new Date(claimedAt).toISOString()))
      .go();
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}

/** One post of a thread (undefined when it is gone, e.g. the client was deleted meanwhile). */
export async function findPost(threadId: string, createdAt: string, id: string): Promise<PostItem | undefined> {
  const { data } = await store().entities.conversationPost.get({ threadId, createdAt, id }).go({ consistent: true });
  return (data ?? undefined) as PostItem | undefined;
}

/** A conversation as a side's list shows it. */
export function toSummary(c: ConversationItem, viewer: Author): ConversationSummary {
  return {
    threadId: c.threadId,
    clientId: c.profileId,
    clientName: c.clientName,
    subject: c.subject,
    lastMessageAt: c.lastMessageAt,
    lastFrom: c.lastFrom,
    lastPreview: c.lastPreview,
    unread: Math.max(0, viewer === 'trainer' ? c.trainerUnread : c.clientUnread),
  };
}

/** Every post of a thread, oldest first: one Query on the thread's item collection. */
export async function threadPosts(threadId: string): Promise<PostItem[]> {
  const { data } = await store().entities.conversationPost.query.byThread({ threadId }).go({ pages: 'all' });
  return data as PostItem[];
}

/**
 * The thread as `viewer` sees it: the trainer's message it answers (if any) first, then the posts
 * oldest first, each with its read receipt (the other side opened the thread after it was written).
 */
export async function conversationThread(c: ConversationItem, viewer: Author): Promise<ConversationThread> {
  const [posts, origin] = await Promise.all([
    threadPosts(c.threadId),
    c.originMessageId ? findMessage(c.originMessageId) : Promise.resolve(undefined),
  ]);
  const entries: ThreadEntry[] = [];
  if (origin && origin.profileId === c.profileId && origin.status === 'sent') {
    entries.push({
      id: origin.id,
      from: 'trainer',
      authorName: origin.senderName,
      content: origin.content,
      sentAt: origin.deliverAt,
      ...(origin.readAt ? { readAt: origin.readAt } : {}),
    });
  }
  for (const p of posts) {
    const readBy = p.from === 'client' ? c.trainerReadAt : c.clientReadAt;
    entries.push({
      id: p.id,
      from: p.from,
      authorName: p.authorName,
      content: p.content,
      sentAt: p.createdAt,
      ...(readBy && readBy >= p.createdAt ? { readAt: readBy } : {}),
    });
  }
  return { ...toSummary(c, viewer), entries };
}

/** What a client's data export holds of their conversations: each conversation, and every post (oldest first). */
export function conversationExport(conversations: readonly ConversationItem[], posts: readonly PostItem[]) {
  return {
    conversations: conversations.map((c) => ({
      threadId: c.threadId,
      subject: c.subject,
      startedAt: c.createdAt,
      lastMessageAt: c.lastMessageAt,
      ...(c.originMessageId ? { inReplyToMessageId: c.originMessageId } : {}),
    })),
    conversationPosts: [...posts]
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map((p) => ({
        id: p.id,
        threadId: p.threadId,
        from: p.from,
        authorName: p.authorName,
        content: p.content,
        sentAt: p.createdAt,
      })),
  };
}
