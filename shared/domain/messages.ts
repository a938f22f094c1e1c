import { randomUUID } from 'node:crypto';
import { publishEvent } from '../adapters/events.js';
import { cancelSchedule, type OneOffSchedule, scheduleOnce } from '../adapters/scheduler.js';
import { MESSAGE_STATUSES } from '../contracts/message-options.js';
import type {
  AdminMessage,
  ComposeMessageRequest,
  InboxMessage,
  MessageDeliveredDetail,
  MessageDueDetail,
  MessagePriority,
  MessageReadDetail,
  MessageStatus,
  MessageType,
  UpdateScheduledMessageRequest,
} from '../contracts/messages.js';
import { batchGetAll, batchWriteAll } from '../db/batch.js';
import { isConditionFailure, store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { fullName } from './names.js';
import type { Profile } from './profiles.js';

/** A message as stored (the entity's attributes). */
export interface MessageItem {
  id: string;
  profileId: string;
  recipientName: string;
  recipientEmail: string;
  senderId: string;
  senderName: string;
  subject: string;
  content: string;
  messageType: MessageType;
  priority: MessagePriority;
  status: MessageStatus;
  threadId: string;
  deliverAt: string;
  readAt?: string;
  noticeEmailedAt?: string;
  /** The session an appointment message is about. */
  sessionId?: string;
  /** A series' appointment message: every session of the series. */
  seriesSessionIds?: string[];
  searchTokens?: string[];
  createdAt: string;
  updatedAt: string;
}

/** A send time this close to now (or passed by this little) is "now": the form's minimum is now. */
const NOW_TOLERANCE_MS = 60_000;
/** TransactWriteItems' limit. */
const MAX_TX_ITEMS = 100;
const MAX_TOKEN = 64;

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

/** What the trainer sees of a message. */
export function toAdminMessage(m: MessageItem): AdminMessage {
  return {
    ...toInboxMessage(m),
    recipientId: m.profileId,
    recipientName: m.recipientName,
    recipientEmail: m.recipientEmail,
    senderId: m.senderId,
    senderName: m.senderName,
    status: m.status,
    threadId: m.threadId,
    createdAt: m.createdAt,
    ...(m.status === 'scheduled' ? { scheduledFor: m.deliverAt } : {}),
  };
}

/**
 * SPEC 7 placeholders: `{client_name}` becomes the recipient's first name, `{full_name}` first and
 * last name; `{dog_name}` stays as written.
 */
export function personalize(text: string, p: Pick<Profile, 'firstName' | 'lastName'>): string {
  return text.replaceAll('{client_name}', p.firstName).replaceAll('{full_name}', fullName(p));
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2);

/**
 * A message's search words: every distinct word (two characters or more) of the recipient name, the
 * subject and the whole content, each cut to 64 characters. There is no cap: the index items are
 * written apart from the message's transaction (`putTokens`), so a long message is found by any of
 * its words.
 */
export function messageTokens(m: Pick<MessageItem, 'recipientName' | 'subject' | 'content'>): string[] {
  const tokens = new Set<string>();
  for (const w of [...words(m.recipientName), ...words(m.subject), ...words(m.content)])
    tokens.add(w.slice(0, MAX_TOKEN));
  return [...tokens];
}

/** The partition of the search-word index a word is in: its first character. */
export const shardOf = (token: string) => [...token][0] ?? '_';

const keysOf = (id: string, tokens: readonly string[]) =>
  tokens.map((token) => ({ shard: shardOf(token), token, messageId: id }));

/** Keys of a message's search words (for batch deletes). */
export const tokenKeys = (m: Pick<MessageItem, 'id' | 'searchTokens'>) => keysOf(m.id, m.searchTokens ?? []);

type TokenKey = ReturnType<typeof keysOf>[number];

/**
 * Search-word index items are put or deleted with batch writes (25 a request, any number), repeating what
 * DynamoDB leaves unprocessed (shared/db/batch.ts). Both are idempotent, so a repeated call changes nothing
 * more. Two functions, not one with a switch: a caller that only adds words (the backfill) reaches no delete.
 */
async function putTokens(keys: readonly TokenKey[]): Promise<void> {
  const t = store().entities.messageToken;
  await batchWriteAll('search words', keys, (left) => t.put(left).go({ concurrency: 4 }));
}

async function deleteTokens(keys: readonly TokenKey[]): Promise<void> {
  const t = store().entities.messageToken;
  await batchWriteAll('search words', keys, (left) => t.delete(left).go({ concurrency: 4 }));
}

/** Writes the index items of messages' words: before the messages, so a stored message is always found. */
export const putMessageTokens = (messages: readonly Pick<MessageItem, 'id' | 'searchTokens'>[]) =>
  putTokens(messages.flatMap(tokenKeys));

/** Removes the index items of messages' words: after the messages (an index item without its message matches nothing). */
export const deleteMessageTokens = (messages: readonly Pick<MessageItem, 'id' | 'searchTokens'>[]) =>
  deleteTokens(messages.flatMap(tokenKeys));

/**
 * Indexes every word of the messages stored before whole-content search (their index then had at most
 * 40 words): each message whose stored words differ from its words gets the missing index items, then
 * its list of words (only if the message has not changed since it was read). Idempotent; returns the
 * number of messages changed.
 */
export async function backfillMessageSearchWords(): Promise<number> {
  let changed = 0;
  for (const status of MESSAGE_STATUSES) {
    let cursor: string | null = null;
    do {
      const page: { data: MessageItem[]; cursor: string | null } = await store()
        .entities.message.query.byStatus({ status })
        .go({ cursor, limit: 100 });
      for (const m of page.data) {
        const tokens = messageTokens(m);
        const old = new Set(m.searchTokens ?? []);
        if (tokens.length === old.size && tokens.every((t) => old.has(t))) continue;
        await putMessageTokens([{ id: m.id, searchTokens: tokens }]);
        try {
          await store()
            .entities.message.patch({ id: m.id })
            .set({ searchTokens: tokens })
            .where(({ updatedAt }, { eq }) => eq(updatedAt, m.updatedAt))
            .go();
          changed++;
        } catch (e) {
          // Changed meanwhile: the change wrote its own words.
          if (!isConditionFailure(e)) throw e;
        }
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return changed;
}

export const scheduleNameOf = (id: string) => `message-${id}`;

export async function findMessage(id: string): Promise<MessageItem | undefined> {
  const { data } = await store().entities.message.get({ id }).go();
  return (data ?? undefined) as MessageItem | undefined;
}

export async function getMessage(id: string): Promise<MessageItem> {
  const m = await findMessage(id);
  if (!m) throw new AppError('NOT_FOUND', 'Message not found');
  return m;
}

/** Resolves the send time: null for "now", else the instant (refusing the past). */
function sendTimeOf(scheduledFor: string | null | undefined, now: number): string | null {
  if (!scheduledFor) return null;
  const at = new Date(scheduledFor).getTime();
  if (at < now - NOW_TOLERANCE_MS) throw new AppError('VALIDATION', 'The send time must be in the future');
  if (at <= now) return null;
  return new Date(at).toISOString();
}

/** Splits `items` into runs whose summed sizes fit one transaction (100 items). */
function packBySize<T>(items: readonly T[], size: (item: T) => number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let count = 0;
  for (const item of items) {
    const n = size(item);
    if (current.length && count + n > MAX_TX_ITEMS) {
      out.push(current);
      current = [];
      count = 0;
    }
    current.push(item);
    count += n;
  }
  if (current.length) out.push(current);
  return out;
}

export interface ComposeOptions {
  /** The site's origin, for the link in the e-mail notice. */
  siteUrl: string;
  now?: number;
  /**
   * The id of the message of a compose to one recipient, fixed by the caller (an event handler's retry
   * then writes nothing twice: the message's creation is conditional on the id being new).
   */
  messageId?: string;
  /** The session an appointment message is about (its e-mail notice carries the calendar invite). */
  sessionId?: string;
  /** A series' appointment message: every session of the series (the invite holds each). */
  seriesSessionIds?: readonly string[];
  /** The caller e-mails the recipient itself (a class seat offer): the message's e-mail notice is not sent. */
  noNoticeEmail?: boolean;
}

/**
 * SPEC 7: one message per recipient, personalised, sent now or scheduled. Recipients must be active
 * clients. Each message is written with its search words (and, when sent now, the recipient's unread
 * count) in one transaction, as many recipients per transaction as fit; if a later transaction fails
 * the earlier ones are undone, so a compose is written whole or not at all. A scheduled message gets
 * one one-off schedule at its send time.
 */
export async function composeMessages(
  sender: Profile,
  input: ComposeMessageRequest,
  opts: ComposeOptions,
): Promise<{ status: MessageStatus; messages: MessageItem[] }> {
  const now = opts.now ?? Date.now();
  const sendAt = sendTimeOf(input.scheduledFor, now);
  const status: MessageStatus = sendAt ? 'scheduled' : 'sent';
  const ids = [...new Set(input.recipientIds)];
  const data = await batchGetAll(
    'recipients',
    ids.map((id) => ({ id })),
    (keys) => store().entities.profile.get(keys).go(),
  );
  const byId = new Map((data as Profile[]).map((p) => [p.id, p]));
  const missing = ids.filter((id) => {
    const p = byId.get(id);
    return p?.role !== 'client' || !p.isActive;
  });
  if (missing.length) throw new AppError('VALIDATION', 'Every recipient must be an active client');

  const createdAt = new Date(now).toISOString();
  if (opts.messageId && ids.length !== 1) throw new Error('A fixed message id needs exactly one recipient');
  const messages: MessageItem[] = ids.map((id) => {
    const p = byId.get(id) as Profile;
    const m = {
      id: opts.messageId ?? randomUUID(),
      profileId: p.id,
      recipientName: fullName(p),
      recipientEmail: p.email,
      senderId: sender.id,
      senderName: fullName(sender),
      subject: personalize(input.subject, p),
      content: personalize(input.content, p),
      messageType: input.messageType,
      priority: input.priority,
      status,
      threadId: randomUUID(),
      deliverAt: sendAt ?? createdAt,
      createdAt,
      updatedAt: createdAt,
      ...(opts.sessionId ? { sessionId: opts.sessionId } : {}),
      ...(opts.seriesSessionIds?.length ? { seriesSessionIds: [...opts.seriesSessionIds] } : {}),
      ...(opts.noNoticeEmail ? { noticeEmailedAt: createdAt } : {}),
    };
    return { ...m, searchTokens: messageTokens(m) };
  });

  const groupOf = (e: TxEntities, m: MessageItem): TxItem[] => [
    e.message.create(m).commit(),
    ...(status === 'sent' ? [e.profile.patch({ id: m.profileId }).add({ unreadMessages: 1 }).commit()] : []),
  ];
  // The words first: until its message exists an index item matches nothing.
  await putMessageTokens(messages);
  const done: MessageItem[] = [];
  for (const chunk of packBySize(messages, () => (status === 'sent' ? 2 : 1))) {
    const { canceled } = await writeTransaction((e) => chunk.flatMap((m) => groupOf(e, m)));
    if (canceled) {
      await undoCompose(done, status);
      // A fixed id is the message of one event: a concurrent delivery of it stored the message with
      // these same words, which stay (left by a delivery that failed too, they match nothing).
      if (!opts.messageId) await deleteMessageTokens(messages);
      throw new AppError('CONFLICT', 'Failed to send messages. Please try again.');
    }
    done.push(...chunk);
  }

  if (status === 'scheduled') {
    try {
      await Promise.all(
        messages.map((m) =>
          scheduleOnce({
            name: scheduleNameOf(m.id),
            at: m.deliverAt,
            event: 'MessageDue',
            detail: { messageId: m.id, deliverAt: m.deliverAt, siteUrl: opts.siteUrl } satisfies MessageDueDetail,
          }),
        ),
      );
    } catch (e) {
      await Promise.allSettled(messages.map((m) => cancelSchedule(scheduleNameOf(m.id))));
      await undoCompose(messages, status);
      throw e;
    }
  } else {
    await Promise.all(messages.map((m) => announceDelivery(m, opts.siteUrl)));
  }
  await publishEvent('MessagesChanged', {});
  return { status, messages };
}

/** Removes messages written by a compose that could not finish (best effort, message by message), then their words. */
async function undoCompose(messages: readonly MessageItem[], status: MessageStatus) {
  for (const m of messages) {
    await writeTransaction((e) => [
      e.message.delete({ id: m.id }).commit(),
      ...(status === 'sent'
        ? [
            e.profile
              .patch({ id: m.profileId })
              .subtract({ unreadMessages: 1 })
              .where(({ unreadMessages }, { gt }) => gt(unreadMessages, 0))
              .commit(),
          ]
        : []),
    ]);
  }
  await deleteMessageTokens(messages);
}

/** Tells the recipient (push, e-mail) and the trainer's lists that a message arrived. */
async function announceDelivery(m: MessageItem, siteUrl: string) {
  await publishEvent('MessageDelivered', {
    messageId: m.id,
    recipientId: m.profileId,
    siteUrl,
  } satisfies MessageDeliveredDetail);
}

/**
 * The handler of a scheduled message's send time: flips it from scheduled to sent and counts it
 * unread, in one conditional transaction, so a schedule that fires twice, fires after the message
 * was edited to another time, or fires after it was deleted changes nothing. Returns whether it
 * delivered.
 */
export async function deliverScheduledMessage(detail: MessageDueDetail, now = Date.now()): Promise<boolean> {
  const m = await findMessage(detail.messageId);
  if (m?.status !== 'scheduled' || m.deliverAt !== detail.deliverAt) return false;
  // A schedule never fires early; a clock far behind would be a bug elsewhere, not a delivery.
  if (new Date(m.deliverAt).getTime() > now + NOW_TOLERANCE_MS) return false;
  const { canceled } = await writeTransaction((e) => [
    e.message
      .patch({ id: m.id })
      .set({ status: 'sent', deliverAt: m.deliverAt, messageType: m.messageType, profileId: m.profileId })
      .where(({ status, deliverAt }, { eq }) => `${eq(status, 'scheduled')} AND ${eq(deliverAt, m.deliverAt)}`)
      .commit(),
    e.profile.patch({ id: m.profileId }).add({ unreadMessages: 1 }).commit(),
  ]);
  if (canceled) return false;
  await announceDelivery({ ...m, status: 'sent' }, detail.siteUrl ?? '');
  await publishEvent('MessagesChanged', {});
  return true;
}

/** Changes a scheduled message before its time (content, type, priority, send time). */
export async function updateScheduledMessage(
  id: string,
  changes: UpdateScheduledMessageRequest,
  opts: ComposeOptions,
): Promise<MessageItem> {
  const now = opts.now ?? Date.now();
  const m = await getMessage(id);
  if (m.status !== 'scheduled') throw new AppError('CONFLICT', 'Only a scheduled message can be changed');
  let deliverAt = m.deliverAt;
  if (changes.scheduledFor !== undefined) {
    const at = new Date(changes.scheduledFor).getTime();
    if (at <= now) throw new AppError('VALIDATION', 'The send time must be in the future');
    deliverAt = new Date(at).toISOString();
  }
  const next: MessageItem = {
    ...m,
    subject: changes.subject ?? m.subject,
    content: changes.content ?? m.content,
    messageType: changes.messageType ?? m.messageType,
    priority: changes.priority ?? m.priority,
    deliverAt,
  };
  const tokens = messageTokens(next);
  const old = m.searchTokens ?? [];
  const added = tokens.filter((t) => !old.includes(t));
  // New words before the change, dropped ones after it: the message is found by every word it has.
  await putMessageTokens([{ id, searchTokens: added }]);
  const { canceled } = await writeTransaction((e) => [
    e.message
      .patch({ id })
      .set({
        subject: next.subject,
        content: next.content,
        messageType: next.messageType,
        priority: next.priority,
        deliverAt,
        status: 'scheduled',
        profileId: m.profileId,
        searchTokens: tokens,
      })
      .where(({ status, updatedAt }, { eq }) => `${eq(status, 'scheduled')} AND ${eq(updatedAt, m.updatedAt)}`)
      .commit(),
  ]);
  if (canceled) {
    // Sent meanwhile with its former words: the new ones are not its words.
    await deleteMessageTokens([{ id, searchTokens: added }]);
    throw new AppError('CONFLICT', 'The message was sent or changed meanwhile');
  }
  await deleteMessageTokens([{ id, searchTokens: old.filter((t) => !tokens.includes(t)) }]);
  if (deliverAt !== m.deliverAt) {
    await scheduleOnce({
      name: scheduleNameOf(id),
      at: deliverAt,
      event: 'MessageDue',
      detail: { messageId: id, deliverAt, siteUrl: opts.siteUrl } satisfies MessageDueDetail,
    });
  }
  await publishEvent('MessagesChanged', {});
  return { ...next, searchTokens: tokens };
}

/**
 * The one-off schedules the table says should exist: one per scheduled message. The local runtime
 * rebuilds its timer queue from this on start, so a lost or stale queue file loses no message.
 * One Query on the status index (scheduled messages only), page by page.
 */
export async function scheduledMessageSchedules(siteUrl: string): Promise<OneOffSchedule[]> {
  const { data } = await store().entities.message.query.byStatus({ status: 'scheduled' }).go({ pages: 'all' });
  return (data as MessageItem[]).map((m) => ({
    name: scheduleNameOf(m.id),
    at: m.deliverAt,
    event: 'MessageDue',
    detail: { messageId: m.id, deliverAt: m.deliverAt, siteUrl } satisfies MessageDueDetail,
  }));
}

/** Deletes a scheduled message before its time, and its schedule. */
export async function deleteScheduledMessage(id: string): Promise<void> {
  const m = await getMessage(id);
  if (m.status !== 'scheduled') throw new AppError('CONFLICT', 'Only a scheduled message can be deleted');
  const { canceled } = await writeTransaction((e) => [
    e.message
      .delete({ id })
      .where(({ status }, { eq }) => eq(status, 'scheduled'))
      .commit(),
  ]);
  if (canceled) throw new AppError('CONFLICT', 'The message was sent meanwhile');
  await deleteMessageTokens([m]);
  await cancelSchedule(scheduleNameOf(id));
  await publishEvent('MessagesChanged', {});
}

/** A delivered message of the recipient (404 for anyone else's, and for scheduled ones). */
export async function getInboxMessage(profileId: string, id: string): Promise<MessageItem> {
  const m = await findMessage(id);
  if (!m || m.profileId !== profileId || m.status !== 'sent') throw new AppError('NOT_FOUND', 'Message not found');
  return m;
}

export async function unreadCount(profileId: string): Promise<number> {
  const { data } = await store().entities.profile.get({ id: profileId }).go();
  return Math.max(0, (data as Profile | null)?.unreadMessages ?? 0);
}

/**
 * SPEC 4 mark_message_read: the first opening writes the read receipt and lowers the unread count by
 * one, in one transaction guarded so that two tabs opening the same message count it once, and the
 * count never goes below zero. Later openings change nothing.
 */
export async function markMessageRead(
  profileId: string,
  id: string,
  now = Date.now(),
): Promise<{ message: MessageItem; unreadCount: number; changed: boolean }> {
  const m = await getInboxMessage(profileId, id);
  if (m.readAt) return { message: m, unreadCount: await unreadCount(profileId), changed: false };
  const readAt = new Date(now).toISOString();
  const receipt = (e: TxEntities) =>
    e.message
      .patch({ id })
      .set({ readAt })
      .where(({ readAt: r, profileId: p, status }, { notExists, eq }) =>
        [notExists(r), eq(p, profileId), eq(status, 'sent')].join(' AND '),
      )
      .commit();
  let result = await writeTransaction((e) => [
    receipt(e),
    e.profile
      .patch({ id: profileId })
      .subtract({ unreadMessages: 1 })
      .where(({ unreadMessages }, { gt }) => gt(unreadMessages, 0))
      .commit(),
  ]);
  if (result.canceled && result.codes[0] !== 'ConditionalCheckFailed') {
    // The count was already 0 (never below zero): the receipt alone.
    result = await writeTransaction((e) => [receipt(e)]);
  }
  if (result.canceled) {
    // Another tab opened it first.
    return { message: await getInboxMessage(profileId, id), unreadCount: await unreadCount(profileId), changed: false };
  }
  const count = await unreadCount(profileId);
  await publishEvent('MessageRead', {
    messageId: id,
    recipientId: profileId,
    readAt,
    unreadCount: count,
  } satisfies MessageReadDetail);
  return { message: { ...m, readAt }, unreadCount: count, changed: true };
}

/**
 * Claims the one e-mail notice of a message: true for the first caller only (a retried event gets
 * false). `releaseNoticeClaim` gives it back when sending failed, so the retry can send.
 */
export async function claimNoticeEmail(id: string, now = Date.now()): Promise<boolean> {
  try {
    await store()
      .entities.message.patch({ id })
      .set({ noticeEmailedAt: new Date(now).toISOString() })
      .where(({ noticeEmailedAt }, { notExists }) => notExists(noticeEmailedAt))
      .go();
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

export async function releaseNoticeClaim(id: string): Promise<void> {
  await store().entities.message.patch({ id }).remove(['noticeEmailedAt']).go();
}
