import { randomUUID } from 'node:crypto';
import {
  type AdminSessionFilter,
  type ClientSessionFilter,
  DEFAULT_SESSION_MINUTES,
  HOMEWORK_PREVIEW_CHARS,
  type HomeworkOption,
  type ListMySessionsQuery,
  type ListSessionsQuery,
  SESSION_DURATIONS,
  SESSION_TEXTS,
  type SessionRequest,
  type SessionStatus,
  type SessionsChangedDetail,
  type SessionType,
  type SessionView,
  type SessionWrittenDetail,
} from '../contracts/sessions.js';
import { store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { businessDate } from './business-time.js';
import { COUNTERS, counterDelta } from './counters.js';
import { type DogItem, findDog } from './dogs.js';
import { fullName, type MessageItem, searchWords } from './messages.js';
import { outboxItem } from './outbox.js';
import {
  boundedPage,
  MAX_PAGE_READS,
  type Page,
  type PagedQuery,
  type Position,
  positionState,
  queryCursor,
  toPosition,
} from './pagination.js';
import { getProfileById, type Profile } from './profiles.js';
import { businessTimeZoneSetting, getBusinessSettings } from './settings.js';

/**
 * Training sessions (SPEC 3 sessions, 4 auto-completion, 5 session form, 7 appointment message).
 *
 * Reads, each a GetItem or a Query on an index made for it (shared/db/entities/session.ts):
 * - the trainer's list: the sessions-by-date index, a range of start times soonest first, or newest
 *   first without a range; a status filter narrows it and a search goes through the session's name
 *   words (session-token), at most MAX_PAGE_READS x limit rows per request either way;
 * - a client's list: their own sessions by date (upcoming soonest first, then the rest latest first);
 * - auto-completion: open sessions by end time, only the ones whose end has passed.
 * Writes that change several items (the session, its search words, the counters, the dog's training
 * analytics) are one transaction.
 */

/** A session as stored (the entity's attributes). */
export interface SessionItem {
  id: string;
  clientId: string;
  dogId: string;
  scheduledAt: string;
  durationMinutes: number;
  endsAt: string;
  sessionType: SessionType;
  status: SessionStatus;
  notes?: string;
  homeworkAssigned?: string;
  clientName?: string;
  dogName?: string;
  dogBreed?: string;
  searchTokens?: string[];
  createdAt: string;
  updatedAt: string;
}

const DEFAULT_PAGE = 20;
/** A start time this little in the past still counts as now (the form's minimum is today, now). */
const NOW_TOLERANCE_MS = 60_000;
/** Sessions completed per status when a list loads; the 5-minute job catches up with any more. */
const COMPLETE_ON_LOAD = 50;
const MAX_TOKENS = 20;
const MAX_TOKEN = 64;
const MAX_TX_ITEMS = 100;
/** How many of a client's delivered messages the Relevant Homework picker offers (newest first). */
const MAX_HOMEWORK_OPTIONS = 100;
/** The statuses of a session that is still to happen (scheduled or confirmed). */
export const OPEN: readonly SessionStatus[] = ['scheduled', 'confirmed'];

/** The attributes a session's view shows (lists read only these: no search words, no reminder mark). */
const VIEW_ATTRIBUTES = [
  'id',
  'clientId',
  'clientName',
  'dogId',
  'dogName',
  'dogBreed',
  'scheduledAt',
  'durationMinutes',
  'endsAt',
  'sessionType',
  'status',
  'notes',
  'homeworkAssigned',
  'createdAt',
  'updatedAt',
] as const;

/** End of a session: start plus its duration (default 60 minutes). */
export function sessionEnd(scheduledAt: string, durationMinutes?: number | null): string {
  const minutes = durationMinutes && durationMinutes > 0 ? durationMinutes : DEFAULT_SESSION_MINUTES;
  return new Date(new Date(scheduledAt).getTime() + minutes * 60_000).toISOString();
}

// ---------------------------------------------------------------------------------------------------
// Counters (ADR 0014): changed in the transaction that changes what they count

/**
 * The counters a session in `status` counts in, as transaction items adding `delta`: the open ones
 * (all, the client's) for scheduled or confirmed, the client's completed one for completed.
 */
function statusCounterItems(e: Pick<TxEntities, 'counter'>, clientId: string, status: SessionStatus, delta: number) {
  if (OPEN.includes(status)) {
    return [counterDelta(e, COUNTERS.openSessions, delta), counterDelta(e, COUNTERS.openSessionsOf(clientId), delta)];
  }
  return status === 'completed' ? [counterDelta(e, COUNTERS.completedSessionsOf(clientId), delta)] : [];
}

/**
 * The counter items of a session written (+1) or deleted (-1): the total and its status's counters.
 * Exported for writes that put sessions without the functions below (demo data, test fixtures).
 */
export function sessionCounterItems(
  e: Pick<TxEntities, 'counter'>,
  s: Pick<SessionItem, 'clientId' | 'status'>,
  delta: 1 | -1,
): TxItem[] {
  return [counterDelta(e, COUNTERS.sessionsTotal, delta), ...statusCounterItems(e, s.clientId, s.status, delta)];
}

/**
 * Writes a session as given, without the checks, the message or the reminder of createSession (e.g.
 * one that has already ended): the session, its search words and its counters in one transaction.
 * For test fixtures and imports; the product's writes are the functions below.
 */
export async function insertSessionRecord(input: {
  id?: string;
  clientId: string;
  dogId: string;
  scheduledAt: string;
  durationMinutes?: number;
  status: SessionStatus;
  sessionType?: SessionType;
  clientName?: string;
  dogName?: string;
  dogBreed?: string;
}): Promise<string> {
  const id = input.id ?? randomUUID();
  const durationMinutes = input.durationMinutes ?? DEFAULT_SESSION_MINUTES;
  const searchTokens = sessionTokens(input);
  const { canceled } = await writeTransaction((e) => [
    e.session
      .create({
        ...input,
        id,
        durationMinutes,
        endsAt: sessionEnd(input.scheduledAt, durationMinutes),
        sessionType: input.sessionType ?? 'training',
        searchTokens,
      })
      .commit(),
    ...tokenItems(e, 'put', id, searchTokens),
    ...sessionCounterItems(e, input, 1),
  ]);
  if (canceled) throw new AppError('CONFLICT', 'A session with this id exists already');
  return id;
}

/** The counter items of a status change from an open status to completed or cancelled. */
function closeCounterItems(e: Pick<TxEntities, 'counter'>, clientId: string, to: 'completed' | 'cancelled'): TxItem[] {
  return [...statusCounterItems(e, clientId, 'scheduled', -1), ...statusCounterItems(e, clientId, to, 1)];
}

// ---------------------------------------------------------------------------------------------------
// Views

/** What a client sees of their own session: no contact details, no search words. */
export function toClientSessionView(s: SessionItem): SessionView {
  return {
    id: s.id,
    clientId: s.clientId,
    clientName: s.clientName ?? '',
    dogId: s.dogId,
    dogName: s.dogName ?? '',
    ...(s.dogBreed ? { dogBreed: s.dogBreed } : {}),
    scheduledAt: s.scheduledAt,
    durationMinutes: s.durationMinutes,
    endsAt: s.endsAt,
    sessionType: s.sessionType,
    status: s.status,
    ...(s.notes ? { notes: s.notes } : {}),
    ...(s.homeworkAssigned ? { homeworkAssigned: s.homeworkAssigned } : {}),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/** What the trainer sees: the client's e-mail and phone as they are now (one batch get per page). */
export async function toAdminSessionViews(items: readonly SessionItem[]): Promise<SessionView[]> {
  const ids = [...new Set(items.map((s) => s.clientId))];
  const profiles = new Map<string, Profile>();
  if (ids.length) {
    // Only what the view adds (profiles are large: preferences, onboarding data, notes...).
    const { data } = await store()
      .entities.profile.get(ids.map((id) => ({ id })))
      .go({ attributes: ['id', 'email', 'phone'] });
    for (const p of data as Profile[]) profiles.set(p.id, p);
  }
  return items.map((s) => {
    const p = profiles.get(s.clientId);
    return {
      ...toClientSessionView(s),
      ...(p?.email ? { clientEmail: p.email } : {}),
      ...(p?.phone ? { clientPhone: p.phone } : {}),
    };
  });
}

export async function toAdminSessionView(s: SessionItem): Promise<SessionView> {
  return (await toAdminSessionViews([s]))[0];
}

// ---------------------------------------------------------------------------------------------------
// Search words

/** A session's search words: the words of the client's and the dog's names, lower-cased, unique. */
export function sessionTokens(s: { clientName?: string; dogName?: string }): string[] {
  const tokens = new Set<string>();
  for (const w of searchWords(`${s.clientName ?? ''} ${s.dogName ?? ''}`)) {
    if (tokens.size >= MAX_TOKENS) break;
    tokens.add(w.slice(0, MAX_TOKEN));
  }
  return [...tokens];
}

const shardOf = (token: string) => [...token][0] ?? '_';

function tokenItems(e: Pick<TxEntities, 'sessionToken'>, op: 'put' | 'delete', id: string, tokens: readonly string[]) {
  return tokens.map((token) => {
    const key = { shard: shardOf(token), token, sessionId: id };
    return op === 'put' ? e.sessionToken.put(key).commit() : e.sessionToken.delete(key).commit();
  });
}

function tokenChanges(
  e: Pick<TxEntities, 'sessionToken'>,
  id: string,
  old: readonly string[],
  next: readonly string[],
) {
  return [
    ...tokenItems(
      e,
      'delete',
      id,
      old.filter((t) => !next.includes(t)),
    ),
    ...tokenItems(
      e,
      'put',
      id,
      next.filter((t) => !old.includes(t)),
    ),
  ];
}

// ---------------------------------------------------------------------------------------------------
// Reads of one session

export async function findSession(id: string): Promise<SessionItem | undefined> {
  const { data } = await store().entities.session.get({ id }).go();
  return (data ?? undefined) as SessionItem | undefined;
}

/** A session for the trainer, or NOT_FOUND `Session not found`. */
export async function getSession(id: string): Promise<SessionItem> {
  const s = await findSession(id);
  if (!s) throw new AppError('NOT_FOUND', SESSION_TEXTS.notFound);
  return s;
}

// ---------------------------------------------------------------------------------------------------
// Create, update, cancel, delete (the trainer)

export interface SessionWriteOptions {
  /** The site's origin, for the links in the appointment message's and the reminder's e-mails. */
  siteUrl: string;
  now?: number;
}

/**
 * The outbox items of a trainer's session write, in its transaction: the realtime notice
 * (`SessionsChanged`) and `SessionWritten`, whose handlers move the reminder schedule and send the
 * appointment message (events/sync-session-reminder, events/send-appointment-message). Nothing runs
 * after the commit, so the write and its follow-ups happen together or not at all.
 */
function writtenItems(
  e: TxEntities,
  s: Pick<SessionItem, 'id' | 'clientId'> & Partial<SessionItem>,
  kind: SessionWrittenDetail['kind'],
  sender: Profile | undefined,
  siteUrl: string,
): TxItem[] {
  const appointment: SessionWrittenDetail['appointment'] =
    kind !== 'deleted' && sender && s.sessionType && s.scheduledAt && s.durationMinutes
      ? {
          messageId: randomUUID(),
          senderId: sender.id,
          clientId: s.clientId,
          ...(s.dogName ? { dogName: s.dogName } : {}),
          sessionType: s.sessionType,
          scheduledAt: s.scheduledAt,
          durationMinutes: s.durationMinutes,
          ...(s.notes ? { notes: s.notes } : {}),
        }
      : undefined;
  return [
    outboxItem(e, 'SessionsChanged', { sessionId: s.id, clientId: s.clientId } satisfies SessionsChangedDetail),
    outboxItem(e, 'SessionWritten', {
      sessionId: s.id,
      kind,
      ...(siteUrl ? { siteUrl } : {}),
      ...(appointment ? { appointment } : {}),
    } satisfies SessionWrittenDetail),
  ];
}

/** The client (an active client) and the dog (one of theirs) a session is for; VALIDATION otherwise. */
async function partiesOf(clientId: string, dogId: string): Promise<{ client: Profile; dog: DogItem }> {
  const [client, dog] = await Promise.all([getProfileById(clientId), findDog(dogId)]);
  if (client?.role !== 'client' || !client.isActive) {
    throw new AppError('VALIDATION', SESSION_TEXTS.inactiveClient, { clientId: [SESSION_TEXTS.inactiveClient] });
  }
  if (!dog || dog.profileId !== clientId) {
    throw new AppError('VALIDATION', SESSION_TEXTS.dogNotOfClient, { dogId: [SESSION_TEXTS.dogNotOfClient] });
  }
  return { client, dog };
}

/** Relevant Homework must be a message the client has received. */
async function checkHomework(clientId: string, messageId: string) {
  const { data } = await store().entities.message.get({ id: messageId }).go();
  const m = data as MessageItem | null;
  if (!m || m.profileId !== clientId || m.status !== 'sent') {
    throw new AppError('VALIDATION', SESSION_TEXTS.homeworkNotOfClient, {
      homeworkAssigned: [SESSION_TEXTS.homeworkNotOfClient],
    });
  }
}

function startOf(scheduledAt: string, now: number, field = 'scheduledAt'): string {
  const at = Date.parse(scheduledAt);
  if (at < now - NOW_TOLERANCE_MS)
    throw new AppError('VALIDATION', SESSION_TEXTS.inPast, { [field]: [SESSION_TEXTS.inPast] });
  return new Date(at).toISOString();
}

/** SPEC 9: the business's default session duration when it is one the form offers, else 60 minutes. */
export async function defaultSessionDuration(): Promise<number> {
  const { defaultSessionDuration } = await getBusinessSettings();
  return (SESSION_DURATIONS as readonly number[]).includes(defaultSessionDuration)
    ? defaultSessionDuration
    : DEFAULT_SESSION_MINUTES;
}

/**
 * Schedules a session (status scheduled): the client must be an active client, the dog theirs, the
 * start not in the past. The session, its search words, the counters and its outbox items (the
 * appointment message, the reminder, the lists' notice: `writtenItems`) are one transaction.
 */
export async function createSession(
  sender: Profile,
  input: SessionRequest,
  opts: SessionWriteOptions,
): Promise<SessionItem> {
  const now = opts.now ?? Date.now();
  const scheduledAt = startOf(input.scheduledAt, now);
  const { client, dog } = await partiesOf(input.clientId, input.dogId);
  if (input.homeworkAssigned) await checkHomework(client.id, input.homeworkAssigned);
  const durationMinutes = input.durationMinutes ?? (await defaultSessionDuration());
  const id = randomUUID();
  const names = { clientName: fullName(client), dogName: dog.name, dogBreed: dog.breed };
  const searchTokens = sessionTokens(names);
  const written = {
    id,
    clientId: client.id,
    dogId: dog.id,
    scheduledAt,
    durationMinutes,
    endsAt: sessionEnd(scheduledAt, durationMinutes),
    sessionType: input.sessionType ?? 'training',
    status: 'scheduled' as const,
    ...(input.notes ? { notes: input.notes } : {}),
    ...(input.homeworkAssigned ? { homeworkAssigned: input.homeworkAssigned } : {}),
    ...names,
    searchTokens,
  };
  const { canceled } = await writeTransaction((e) => [
    e.session.create(written).commit(),
    ...tokenItems(e, 'put', id, searchTokens),
    ...sessionCounterItems(e, { clientId: client.id, status: 'scheduled' }, 1),
    ...writtenItems(e, written, 'scheduled', sender, opts.siteUrl),
  ]);
  if (canceled) throw new AppError('CONFLICT', 'Failed to schedule session. Please try again.');
  return getSession(id);
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * Replaces the form fields of a session. A scheduled or confirmed one may move (new client, dog,
 * time or duration) under the same rules as a new one; a completed or cancelled one keeps its client,
 * dog, time and duration (CONFLICT) and only its type, notes and homework change. Written on
 * condition nobody changed it since it was read (e.g. the completion job), with its search words.
 */
export async function updateSession(
  sender: Profile,
  id: string,
  input: SessionRequest,
  opts: SessionWriteOptions,
): Promise<SessionItem> {
  const now = opts.now ?? Date.now();
  const current = await getSession(id);
  const scheduledAt = new Date(Date.parse(input.scheduledAt)).toISOString();
  const durationMinutes = input.durationMinutes ?? current.durationMinutes;
  const moved =
    input.clientId !== current.clientId ||
    input.dogId !== current.dogId ||
    scheduledAt !== current.scheduledAt ||
    durationMinutes !== current.durationMinutes;
  if (moved && current.status === 'completed') throw new AppError('CONFLICT', SESSION_TEXTS.movedCompleted);
  if (moved && current.status === 'cancelled') throw new AppError('CONFLICT', SESSION_TEXTS.movedCancelled);
  if (scheduledAt !== current.scheduledAt) startOf(scheduledAt, now);

  let names = { clientName: current.clientName, dogName: current.dogName, dogBreed: current.dogBreed };
  if (OPEN.includes(current.status)) {
    const { client, dog } = await partiesOf(input.clientId, input.dogId);
    names = { clientName: fullName(client), dogName: dog.name, dogBreed: dog.breed };
  }
  const notes = input.notes === undefined ? current.notes : (input.notes ?? undefined);
  const homework =
    input.homeworkAssigned === undefined ? current.homeworkAssigned : (input.homeworkAssigned ?? undefined);
  if (homework && (!same(homework, current.homeworkAssigned) || input.clientId !== current.clientId)) {
    await checkHomework(input.clientId, homework);
  }
  const searchTokens = sessionTokens(names);
  const set = {
    clientId: input.clientId,
    dogId: input.dogId,
    scheduledAt,
    durationMinutes,
    endsAt: sessionEnd(scheduledAt, durationMinutes),
    sessionType: input.sessionType ?? current.sessionType,
    status: current.status,
    ...(notes ? { notes } : {}),
    ...(homework ? { homeworkAssigned: homework } : {}),
    ...(names.clientName !== undefined ? { clientName: names.clientName } : {}),
    ...(names.dogName !== undefined ? { dogName: names.dogName } : {}),
    ...(names.dogBreed !== undefined ? { dogBreed: names.dogBreed } : {}),
    searchTokens,
  };
  const remove = [
    ...(!notes && current.notes ? ['notes' as const] : []),
    ...(!homework && current.homeworkAssigned ? ['homeworkAssigned' as const] : []),
  ];
  const { canceled } = await writeTransaction((e) => {
    let op = e.session.patch({ id }).set(set);
    if (remove.length) op = op.remove(remove) as typeof op;
    // Only an open session may change client: its open count moves from one client to the other.
    const movedClient = input.clientId !== current.clientId && OPEN.includes(current.status);
    return [
      op.where(({ updatedAt }, { eq }) => eq(updatedAt, current.updatedAt)).commit(),
      ...tokenChanges(e, id, current.searchTokens ?? [], searchTokens),
      ...(movedClient
        ? [
            counterDelta(e, COUNTERS.openSessionsOf(current.clientId), -1),
            counterDelta(e, COUNTERS.openSessionsOf(input.clientId), 1),
          ]
        : []),
      ...writtenItems(e, { id, ...set }, 'updated', sender, opts.siteUrl),
    ];
  });
  if (canceled) throw new AppError('CONFLICT', SESSION_TEXTS.changedMeanwhile);
  return getSession(id);
}

/** Cancels a scheduled or confirmed session (kept, shown as cancelled); the client is told. */
export async function cancelSession(sender: Profile, id: string, opts: SessionWriteOptions): Promise<SessionItem> {
  const current = await getSession(id);
  if (!OPEN.includes(current.status)) throw new AppError('CONFLICT', SESSION_TEXTS.cancelOnlyOpen);
  const { canceled } = await writeTransaction((e) => [
    e.session
      .patch({ id })
      .set({ status: 'cancelled' })
      .composite({ endsAt: current.endsAt, clientId: current.clientId, scheduledAt: current.scheduledAt })
      .where(({ status }, { eq }) => eq(status, current.status))
      .commit(),
    ...closeCounterItems(e, current.clientId, 'cancelled'),
    ...writtenItems(e, { ...current, status: 'cancelled' }, 'cancelled', sender, opts.siteUrl),
  ]);
  if (canceled) throw new AppError('CONFLICT', SESSION_TEXTS.changedMeanwhile);
  return getSession(id);
}

/**
 * Deletes a session with its search words and counters. A completed one also leaves its dog's
 * training analytics (one session fewer; the last session date falls back to the latest other
 * completed session of the dog) and its client's completed count, in the same transaction.
 */
export async function deleteSession(id: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const current = await getSession(id);
    const completed = current.status === 'completed';
    const dog = completed ? await findDog(current.dogId) : undefined;
    const last = dog ? await lastDateAfterRemoving(dog, current) : null;
    const { canceled } = await writeTransaction((e) => [
      e.session
        .delete({ id })
        .where(({ updatedAt }, { eq }) => eq(updatedAt, current.updatedAt))
        .commit(),
      ...tokenItems(e, 'delete', id, current.searchTokens ?? []),
      ...sessionCounterItems(e, current, -1),
      // Never below zero (analytics written before this feature kept them may be behind).
      ...(dog ? [analyticsItem(e, dog, (dog.totalSessions ?? 0) > 0 ? -1 : 0, last)] : []),
      // Its reminder schedule goes, and the lists hear of it (no message for a deletion).
      ...writtenItems(e, current, 'deleted', undefined, ''),
    ]);
    if (!canceled) return;
    // Changed meanwhile (completed by the job, the dog's analytics moved, the dog deleted): again, fresh.
    if (attempt >= 3) throw new AppError('CONFLICT', SESSION_TEXTS.changedMeanwhile);
  }
}

/**
 * The dog's last session date once `removed` is no longer one of its completed sessions: unchanged
 * when `removed` was not on that date, else the date of the latest other completed session of the
 * dog (its owner's sessions newest first, until one is found; only when deleting a completed session).
 */
async function lastDateAfterRemoving(dog: DogItem, removed: SessionItem): Promise<string | null> {
  const tz = await businessTimeZoneSetting();
  if (dog.lastSessionDate !== businessDate(removed.scheduledAt, tz)) return dog.lastSessionDate ?? null;
  let cursor: string | null = null;
  do {
    const page: { data: SessionItem[]; cursor: string | null } = (await store()
      .entities.session.query.byClient({ clientId: removed.clientId })
      .where(
        ({ dogId, status, id }, { eq, ne }) =>
          `${eq(dogId, dog.id)} AND ${eq(status, 'completed')} AND ${ne(id, removed.id)}`,
      )
      .go({ cursor, limit: 50, order: 'desc' })) as never;
    if (page.data.length) return businessDate(page.data[0].scheduledAt, tz);
    cursor = page.cursor;
  } while (cursor);
  return null;
}

/**
 * The dog's training analytics item of a transaction: `delta` completed sessions and the last session
 * date `last` (null removes it), on condition the date is still the one read, so two writers cannot
 * both move it from the same value.
 */
function analyticsItem(e: Pick<TxEntities, 'dog'>, dog: DogItem, delta: number, last: string | null): TxItem {
  let op = e.dog.patch({ id: dog.id }).add({ totalSessions: delta });
  if (last && last !== dog.lastSessionDate) op = op.set({ lastSessionDate: last });
  if (!last && dog.lastSessionDate) op = op.remove(['lastSessionDate']);
  return op
    .where(({ lastSessionDate }, { eq, notExists }) =>
      dog.lastSessionDate ? eq(lastSessionDate, dog.lastSessionDate) : notExists(lastSessionDate),
    )
    .commit();
}

// ---------------------------------------------------------------------------------------------------
// The client

/**
 * A client confirms their own future scheduled session (SPEC 4: scheduled to confirmed). Another
 * client's session is not found; a session not scheduled, or no longer in the future, is a CONFLICT.
 * The write is conditional on both, so a race with the completion job or the trainer loses cleanly.
 */
export async function confirmSession(profileId: string, id: string, now = Date.now()): Promise<SessionItem> {
  const current = await findSession(id);
  if (!current || current.clientId !== profileId) throw new AppError('NOT_FOUND', SESSION_TEXTS.notFound);
  if (current.status !== 'scheduled') throw new AppError('CONFLICT', SESSION_TEXTS.confirmOnlyScheduled);
  if (Date.parse(current.scheduledAt) <= now) throw new AppError('CONFLICT', SESSION_TEXTS.confirmOnlyFuture);
  const nowIso = new Date(now).toISOString();
  const { canceled } = await writeTransaction((e) => [
    e.session
      .patch({ id })
      .set({ status: 'confirmed' })
      .composite({ endsAt: current.endsAt, clientId: current.clientId, scheduledAt: current.scheduledAt })
      .where(
        ({ status, scheduledAt, clientId }, { eq, gt }) =>
          `${eq(status, 'scheduled')} AND ${gt(scheduledAt, nowIso)} AND ${eq(clientId, profileId)}`,
      )
      .commit(),
    outboxItem(e, 'SessionsChanged', { sessionId: id, clientId: profileId } satisfies SessionsChangedDetail),
  ]);
  if (canceled) {
    const fresh = await findSession(id);
    if (!fresh || fresh.clientId !== profileId) throw new AppError('NOT_FOUND', SESSION_TEXTS.notFound);
    throw new AppError(
      'CONFLICT',
      fresh.status !== 'scheduled' ? SESSION_TEXTS.confirmOnlyScheduled : SESSION_TEXTS.changedMeanwhile,
    );
  }
  return getSession(id);
}

// ---------------------------------------------------------------------------------------------------
// Auto-completion

/**
 * SPEC 4: every scheduled or confirmed session whose end (start + duration) has passed becomes
 * completed. Finds them with one Query per open status on the end-time index, reading only the due
 * ones, never a scan. Each completion is one transaction: the session (on condition its status is
 * still the one read, so a second run, a concurrent list load or a confirmation in between change
 * nothing twice), its client's completed count and its dog's training analytics (one more session;
 * the last session date moves forward to this one's date in the business time zone). Idempotent:
 * run by the 5-minute job and when a sessions list loads (`max` bounds the work of a load). Returns
 * the ids completed by this call.
 */
export async function completeEndedSessions(now = new Date(), opts: { max?: number } = {}): Promise<string[]> {
  const s = store().entities.session;
  const cutoff = now.toISOString();
  const due = (
    await Promise.all(
      OPEN.map((status) =>
        s.query
          .byStatusEnd({ status })
          .lte({ endsAt: cutoff })
          .go(opts.max ? { limit: opts.max } : { pages: 'all' }),
      ),
    )
  ).flatMap(({ data }) => data as SessionItem[]);
  if (!due.length) return [];
  const tz = await businessTimeZoneSetting();
  const dogIds = [...new Set(due.map((x) => x.dogId))];
  const { data: dogData } = await store()
    .entities.dog.get(dogIds.map((id) => ({ id })))
    .go();
  const dogs = new Map<string, DogItem | undefined>((dogData as DogItem[]).map((d) => [d.id, d]));
  const ids: string[] = [];
  for (const session of due) {
    if (await completeOne(session, dogs, tz)) ids.push(session.id);
  }
  return ids;
}

async function completeOne(session: SessionItem, dogs: Map<string, DogItem | undefined>, tz: string): Promise<boolean> {
  const date = businessDate(session.scheduledAt, tz);
  for (let attempt = 0; attempt < 4; attempt++) {
    const dog = dogs.get(session.dogId);
    const last = dog?.lastSessionDate && dog.lastSessionDate > date ? dog.lastSessionDate : date;
    const { canceled, codes } = await writeTransaction((e) => [
      e.session
        .patch({ id: session.id })
        .set({ status: 'completed' })
        .composite({ endsAt: session.endsAt, clientId: session.clientId, scheduledAt: session.scheduledAt })
        .where(({ status }, { eq }) => eq(status, session.status))
        .commit(),
      ...closeCounterItems(e, session.clientId, 'completed'),
      ...(dog ? [analyticsItem(e, dog, 1, last)] : []),
      outboxItem(e, 'SessionsChanged', {
        sessionId: session.id,
        clientId: session.clientId,
      } satisfies SessionsChangedDetail),
    ]);
    if (!canceled) {
      if (dog) dogs.set(dog.id, { ...dog, totalSessions: (dog.totalSessions ?? 0) + 1, lastSessionDate: last });
      return true;
    }
    // The session changed meanwhile (completed by another run, confirmed, deleted): leave it.
    if (codes[0] === 'ConditionalCheckFailed') return false;
    // The dog's analytics moved or the dog is gone: read it again.
    dogs.set(session.dogId, await findDog(session.dogId));
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Lists

/** The upper bound of a range, inclusive: one millisecond on, as a key bound that sorts after `to`'s sessions. */
const inclusiveEnd = (to: string) => new Date(Date.parse(to) + 1).toISOString();
const iso = (s: string) => new Date(Date.parse(s)).toISOString();

/**
 * The trainer's sessions. With `from` and/or `to`: the sessions starting in that range, soonest
 * first; without: newest first. `status` keeps one status; `search` the sessions whose client or dog
 * name has words starting with each search word. Ended sessions are completed first.
 */
export async function listSessions(
  opts: PagedQuery<ListSessionsQuery> = {},
  now = new Date(),
): Promise<Page<SessionItem>> {
  await completeEndedSessions(now, { max: COMPLETE_ON_LOAD });
  const limit = opts.limit ?? DEFAULT_PAGE;
  const status = opts.status && opts.status !== 'all' ? (opts.status as Exclude<AdminSessionFilter, 'all'>) : undefined;
  const range = { from: opts.from ? iso(opts.from) : undefined, to: opts.to ? iso(opts.to) : undefined };
  const terms = searchWords(opts.search ?? '');
  if (terms.length) return searchSessions(terms, status, range, limit, opts.cursor);
  const ranged = !!(range.from || range.to);
  return boundedPage<SessionItem>(opts.cursor, limit, (c) => {
    const q = store().entities.session.query.byDate({});
    const keyed =
      range.from && range.to
        ? q.between({ scheduledAt: range.from }, { scheduledAt: inclusiveEnd(range.to) })
        : range.from
          ? q.gte({ scheduledAt: range.from })
          : range.to
            ? q.lt({ scheduledAt: inclusiveEnd(range.to) })
            : q;
    const filtered = status ? keyed.where(({ status: st }, { eq }) => eq(st, status)) : keyed;
    return filtered.go({ cursor: c, limit, order: ranged ? 'asc' : 'desc', attributes: [...VIEW_ATTRIBUTES] }) as never;
  });
}

async function searchSessions(
  terms: string[],
  status: SessionStatus | undefined,
  range: { from?: string; to?: string },
  limit: number,
  position: Position | undefined,
): Promise<Page<SessionItem>> {
  // The longest word is the most selective: it drives the index read, the others filter.
  const [lead, ...rest] = [...terms].sort((a, b) => b.length - a.length);
  const found: SessionItem[] = [];
  const seen = new Set<string>();
  let next: string | null = queryCursor(position);
  for (let reads = 0; reads < MAX_PAGE_READS && found.length < limit; reads++) {
    const page = await store()
      .entities.sessionToken.query.byToken({ shard: shardOf(lead) })
      .begins({ token: lead })
      .go({ cursor: next, limit });
    const ids = [...new Set(page.data.map((t) => t.sessionId))].filter((id) => !seen.has(id));
    for (const id of ids) seen.add(id);
    if (ids.length) {
      const { data } = await store()
        .entities.session.get(ids.map((id) => ({ id })))
        .go();
      for (const s of data as SessionItem[]) {
        if (status && s.status !== status) continue;
        if (range.from && s.scheduledAt < range.from) continue;
        if (range.to && s.scheduledAt > range.to) continue;
        const tokens = s.searchTokens ?? [];
        if (rest.every((t) => tokens.some((w) => w.startsWith(t)))) found.push(s);
      }
    }
    next = page.cursor ?? null;
    if (!next) break;
  }
  const ranged = !!(range.from || range.to);
  found.sort((a, b) =>
    ranged
      ? a.scheduledAt.localeCompare(b.scheduledAt) || a.id.localeCompare(b.id)
      : b.scheduledAt.localeCompare(a.scheduledAt) || b.id.localeCompare(a.id),
  );
  return { items: found, cursor: toPosition(next) };
}

type Phase = (clientId: string, at: string, cursor: string | null, limit: number) => Promise<unknown>;

/** Upcoming: open sessions starting from `at` on, soonest first (`only` narrows to one open status). */
const upcomingPhase =
  (only?: SessionStatus): Phase =>
  (clientId, at, cursor, limit) =>
    store()
      .entities.session.query.byClient({ clientId })
      .gte({ scheduledAt: at })
      .where(({ status }, { eq }) =>
        only ? eq(status, only) : `(${eq(status, 'scheduled')} OR ${eq(status, 'confirmed')})`,
      )
      .go({ cursor, limit, order: 'asc' });

/** The rest, latest first: everything but the upcoming open sessions. */
const restPhase: Phase = (clientId, at, cursor, limit) =>
  store()
    .entities.session.query.byClient({ clientId })
    .where(
      ({ status, scheduledAt }, { eq, lt }) =>
        `${lt(scheduledAt, at)} OR ${eq(status, 'completed')} OR ${eq(status, 'cancelled')}`,
    )
    .go({ cursor, limit, order: 'desc' });

/** Started before `at`, latest first (`only` narrows to one status). */
const pastPhase =
  (only?: SessionStatus): Phase =>
  (clientId, at, cursor, limit) => {
    const q = store().entities.session.query.byClient({ clientId }).lt({ scheduledAt: at });
    return (only ? q.where(({ status }, { eq }) => eq(status, only)) : q).go({ cursor, limit, order: 'desc' });
  };

const completedPhase: Phase = (clientId, _at, cursor, limit) =>
  store()
    .entities.session.query.byClient({ clientId })
    .where(({ status }, { eq }) => eq(status, 'completed'))
    .go({ cursor, limit, order: 'desc' });

/** SPEC 9 ordering per filter: upcoming open sessions soonest first, then the rest latest first. */
const CLIENT_PHASES: Record<ClientSessionFilter, Phase[]> = {
  all: [upcomingPhase(), restPhase],
  upcoming: [upcomingPhase()],
  past: [pastPhase()],
  scheduled: [upcomingPhase('scheduled'), pastPhase('scheduled')],
  confirmed: [upcomingPhase('confirmed'), pastPhase('confirmed')],
  completed: [completedPhase],
};

/**
 * A client's own sessions (their item range of the by-client index), in the SPEC's order: upcoming
 * scheduled or confirmed ones soonest first, then the rest latest first, per filter. The cursor keeps
 * the phase and the instant that splits upcoming from past, so pages do not shift as time passes.
 * Reads at most MAX_PAGE_READS x limit rows per request; ended sessions are completed first.
 */
export async function listMySessions(
  clientId: string,
  opts: PagedQuery<ListMySessionsQuery> = {},
  now = new Date(),
): Promise<Page<SessionItem>> {
  await completeEndedSessions(now, { max: COMPLETE_ON_LOAD });
  const phases = CLIENT_PHASES[opts.filter ?? 'all'];
  const limit = opts.limit ?? DEFAULT_PAGE;
  const at = positionState<{ p: number; c: string | null; n: string }>(opts.cursor) ?? {
    p: 0,
    c: null,
    n: now.toISOString(),
  };
  const items: SessionItem[] = [];
  let phase = at.p;
  let inner: string | null = at.c ?? null;
  for (let reads = 0; reads < MAX_PAGE_READS && phase < phases.length && items.length < limit; reads++) {
    const page = (await phases[phase](clientId, at.n, inner, limit)) as { data: SessionItem[]; cursor: string | null };
    items.push(...page.data);
    if (page.cursor) inner = page.cursor;
    else {
      phase += 1;
      inner = null;
    }
  }
  return { items, cursor: phase < phases.length ? toPosition({ p: phase, c: inner, n: at.n }) : null };
}

/** The last `limit` sessions of a client, newest first (the client detail page). */
export async function listRecentClientSessions(clientId: string, limit = 10): Promise<SessionItem[]> {
  const { data } = await store().entities.session.query.byClient({ clientId }).go({ limit, order: 'desc' });
  return data as SessionItem[];
}

// ---------------------------------------------------------------------------------------------------
// Relevant Homework

/**
 * SPEC 5: the messages the form offers as Relevant Homework: the client's newest delivered messages
 * (at most 100, one Query), homework first, then by type alphabetically, newest first within a type,
 * each with the first 200 characters of its content.
 */
export async function listClientHomework(clientId: string): Promise<HomeworkOption[]> {
  const client = await getProfileById(clientId);
  if (client?.role !== 'client') throw new AppError('NOT_FOUND', 'Client not found');
  const { data } = await store()
    .entities.message.query.byRecipient({ profileId: clientId, status: 'sent' })
    .go({ limit: MAX_HOMEWORK_OPTIONS, order: 'desc' });
  const rank = (t: string) => (t === 'homework' ? '0' : `1${t}`);
  return (data as MessageItem[])
    .slice()
    .sort(
      (a, b) =>
        rank(a.messageType).localeCompare(rank(b.messageType)) ||
        b.deliverAt.localeCompare(a.deliverAt) ||
        b.id.localeCompare(a.id),
    )
    .map((m) => ({
      id: m.id,
      subject: m.subject,
      messageType: m.messageType,
      preview: m.content.slice(0, HOMEWORK_PREVIEW_CHARS),
      sentAt: m.deliverAt,
    }));
}

// ---------------------------------------------------------------------------------------------------
// Renames, client deletion

/**
 * Copies a client's new name onto their sessions (and their search words). A rename is rare; it
 * reads that client's sessions (their own index range), page by page.
 */
export async function renameClientInSessions(clientId: string, clientName: string): Promise<void> {
  await refreshNames(
    clientId,
    () => true,
    (s) => ({ clientName, dogName: s.dogName, dogBreed: s.dogBreed }),
  );
}

/** Copies a dog's new name and breed onto its sessions (and their search words). */
export async function renameDogInSessions(dog: Pick<DogItem, 'id' | 'profileId' | 'name' | 'breed'>): Promise<void> {
  await refreshNames(
    dog.profileId,
    (s) => s.dogId === dog.id,
    (s) => ({ clientName: s.clientName, dogName: dog.name, dogBreed: dog.breed }),
  );
}

async function refreshNames(
  clientId: string,
  which: (s: SessionItem) => boolean,
  names: (s: SessionItem) => Pick<SessionItem, 'clientName' | 'dogName' | 'dogBreed'>,
) {
  const { data } = await store().entities.session.query.byClient({ clientId }).go({ pages: 'all' });
  for (const s of (data as SessionItem[]).filter(which)) {
    const next = names(s);
    if (same(next.clientName, s.clientName) && same(next.dogName, s.dogName) && same(next.dogBreed, s.dogBreed))
      continue;
    const tokens = sessionTokens(next);
    const set = {
      ...(next.clientName !== undefined ? { clientName: next.clientName } : {}),
      ...(next.dogName !== undefined ? { dogName: next.dogName } : {}),
      ...(next.dogBreed !== undefined ? { dogBreed: next.dogBreed } : {}),
      searchTokens: tokens,
    };
    // A session deleted meanwhile cancels its own transaction only.
    await writeTransaction((e) => [
      e.session.patch({ id: s.id }).set(set).commit(),
      ...tokenChanges(e, s.id, s.searchTokens ?? [], tokens),
    ]);
  }
}

/**
 * Deletes the given sessions of a client (the full client deletion) with their search words and the
 * counters (total, open), as many per transaction as fit, then the client's own counters. Each
 * session is deleted on condition its status is still the one read, so the counters lose exactly
 * what was there; one that changed meanwhile is read again and deleted alone. Deleting what is
 * already gone changes nothing, so a deletion that failed part-way can run again.
 */
export async function deleteClientSessions(clientId: string, sessions: readonly SessionItem[]): Promise<void> {
  const chunks: SessionItem[][] = [];
  let current: SessionItem[] = [];
  let size = 2;
  for (const s of sessions) {
    const n = 1 + (s.searchTokens?.length ?? 0);
    if (current.length && size + n > MAX_TX_ITEMS) {
      chunks.push(current);
      current = [];
      size = 2;
    }
    current.push(s);
    size += n;
  }
  if (current.length) chunks.push(current);
  const deleteItems = (e: TxEntities, chunk: readonly SessionItem[]) => {
    const open = chunk.filter((s) => OPEN.includes(s.status)).length;
    return [
      ...chunk.flatMap((s) => [
        e.session
          .delete({ id: s.id })
          .where(({ status }, { eq }) => eq(status, s.status))
          .commit(),
        ...tokenItems(e, 'delete', s.id, s.searchTokens ?? []),
      ]),
      counterDelta(e, COUNTERS.sessionsTotal, -chunk.length),
      ...(open ? [counterDelta(e, COUNTERS.openSessions, -open)] : []),
    ];
  };
  for (const chunk of chunks) {
    const { canceled } = await writeTransaction((e) => deleteItems(e, chunk));
    if (!canceled) continue;
    // One was deleted or changed meanwhile (e.g. completed): one by one, each as it is now.
    for (const s of chunk) {
      let item: SessionItem | undefined = s;
      for (let attempt = 0; item && attempt < 4; attempt++) {
        const one = item;
        if (!(await writeTransaction((e) => deleteItems(e, [one]))).canceled) break;
        item = await findSession(s.id);
      }
      if (item && (await findSession(s.id))) throw new AppError('CONFLICT', SESSION_TEXTS.changedMeanwhile);
    }
  }
  await store()
    .entities.counter.delete([
      { name: COUNTERS.completedSessionsOf(clientId) },
      { name: COUNTERS.openSessionsOf(clientId) },
    ])
    .go();
}
