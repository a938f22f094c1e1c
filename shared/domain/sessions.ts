import { randomUUID } from 'node:crypto';
import { SESSION_STATUSES } from '../contracts/session-options.js';
import {
  DEFAULT_SESSION_MINUTES,
  SESSION_TEXTS,
  type SessionStatus,
  type SessionsChangedDetail,
  type SessionType,
  type SessionView,
} from '../contracts/sessions.js';
import { batchGetAll, batchWriteAll } from '../db/batch.js';
import { store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { Conflict, retryOnConflict } from '../retry.js';
import { releaseCreditItem } from './booking-holds.js';
import { businessDate } from './business-time.js';
import { busyDayItems, busyEntry } from './busy-days.js';
import { COUNTERS, counterDelta } from './counters.js';
import { creditDelta } from './credits.js';
import { type DogItem, findDog } from './dogs.js';
import { outboxItem } from './outbox.js';
import type { Profile } from './profiles.js';
import { sessionDetails } from './session-details.js';
import { sessionTokens, tokenChanges, tokenItems } from './session-tokens.js';
import { businessTimeZoneSetting } from './settings.js';

/**
 * Training sessions (SPEC 3 sessions, 4 auto-completion, 5 session form, 7 appointment message).
 *
 * This module: the session as stored, its counters, its views, reads of one session, auto-completion,
 * and the changes other aggregates' work makes to sessions (renames, a client's deletion). The trainer's
 * and the client's writes are in session-writes.ts, the lists and the Relevant Homework picker in
 * session-lists.ts, the search words in session-tokens.ts.
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
  /** Booked online (docs/decisions/0034-online-booking.md): its request, claimed cells and held credit. */
  bookingId?: string;
  slotCells?: string[];
  creditHeld?: boolean;
  /** Scheduled as one of a series (docs/decisions/0060-session-series.md). */
  seriesId?: string;
  createdAt: string;
  updatedAt: string;
  /** Counts the trainer's changes and cancellation: its calendar invite's SEQUENCE. */
  revision?: number;
}

/** TransactWriteItems' limit. */
const MAX_TX_ITEMS = 100;
/** The statuses of a session that is still to happen (scheduled or confirmed). */
export const OPEN: readonly SessionStatus[] = ['scheduled', 'confirmed'];

/** End of a session: start plus its duration (default 60 minutes). */
export function sessionEnd(scheduledAt: string, durationMinutes?: number | null): string {
  const minutes = durationMinutes && durationMinutes > 0 ? durationMinutes : DEFAULT_SESSION_MINUTES;
  return new Date(new Date(scheduledAt).getTime() + minutes * 60_000).toISOString();
}

/** Whether two optional values are the same (absent, undefined and null alike). */
export const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

// ---------------------------------------------------------------------------------------------------
// Counters (ADR 0014): changed in the transaction that changes what they count

/**
 * The counters a session in `status` counts in, as transaction items adding `delta`: its status's, the
 * open ones (all, the client's) for scheduled or confirmed, the client's completed one for completed.
 */
function statusCounterItems(e: Pick<TxEntities, 'counter'>, clientId: string, status: SessionStatus, delta: number) {
  const ofStatus = counterDelta(e, COUNTERS.sessionsOfStatus(status), delta);
  if (OPEN.includes(status)) {
    return [
      ofStatus,
      counterDelta(e, COUNTERS.openSessions, delta),
      counterDelta(e, COUNTERS.openSessionsOf(clientId), delta),
    ];
  }
  return status === 'completed'
    ? [ofStatus, counterDelta(e, COUNTERS.completedSessionsOf(clientId), delta)]
    : [ofStatus];
}

/** The status counters of an open session confirmed by its client (both statuses are open). */
export function confirmCounterItems(e: Pick<TxEntities, 'counter'>): TxItem[] {
  return [
    counterDelta(e, COUNTERS.sessionsOfStatus('scheduled'), -1),
    counterDelta(e, COUNTERS.sessionsOfStatus('confirmed'), 1),
  ];
}

/**
 * The counter items of a session written (+1) or deleted (-1), or of several of one client and status
 * written together (+n, a series): the total and its status's counters.
 */
export function sessionCounterItems(
  e: Pick<TxEntities, 'counter'>,
  s: Pick<SessionItem, 'clientId' | 'status'>,
  delta: number,
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
    ...(OPEN.includes(input.status)
      ? busyDayItems({
          add: [
            busyEntry({ id, scheduledAt: input.scheduledAt, endsAt: sessionEnd(input.scheduledAt, durationMinutes) }),
          ],
        })
      : []),
  ]);
  if (canceled) throw new AppError('CONFLICT', 'A session with this id exists already');
  return id;
}

/** The counter items of a status change from an open status to completed or cancelled. */
export function closeCounterItems(
  e: Pick<TxEntities, 'counter'>,
  s: Pick<SessionItem, 'clientId' | 'status'>,
  to: 'completed' | 'cancelled',
): TxItem[] {
  return [...statusCounterItems(e, s.clientId, s.status, -1), ...statusCounterItems(e, s.clientId, to, 1)];
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
    ...(s.seriesId ? { seriesId: s.seriesId } : {}),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/** A client's own sessions with their details: the dog's training goals and the homework message. */
export async function toClientSessionViews(items: readonly SessionItem[]): Promise<SessionView[]> {
  const details = await sessionDetails(items);
  return items.map((s) => ({ ...toClientSessionView(s), ...details(s) }));
}

/**
 * What the trainer sees: the details a client sees, and the client's e-mail and phone as they are now
 * (one batch get per page each).
 */
export async function toAdminSessionViews(items: readonly SessionItem[]): Promise<SessionView[]> {
  const ids = [...new Set(items.map((s) => s.clientId))];
  const profiles = new Map<string, Profile>();
  const [details] = await Promise.all([
    sessionDetails(items),
    (async () => {
      if (!ids.length) return;
      // Only what the view adds (profiles are large: preferences, onboarding data, notes...).
      const data = await batchGetAll(
        'profiles',
        ids.map((id) => ({ id })),
        (keys) =>
          store()
            .entities.profile.get(keys)
            .go({ attributes: ['id', 'email', 'phone'] }),
      );
      for (const p of data as Profile[]) profiles.set(p.id, p);
    })(),
  ]);
  return items.map((s) => {
    const p = profiles.get(s.clientId);
    return {
      ...toClientSessionView(s),
      ...details(s),
      ...(p?.email ? { clientEmail: p.email } : {}),
      ...(p?.phone ? { clientPhone: p.phone } : {}),
    };
  });
}

export async function toAdminSessionView(s: SessionItem): Promise<SessionView> {
  return (await toAdminSessionViews([s]))[0];
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
// Auto-completion

/**
 * SPEC 4: every scheduled or confirmed session whose end (start + duration) has passed becomes
 * completed. Finds them with one Query per open status on the end-time index, reading only the due
 * ones, never a scan. Each completion is one transaction: the session (on condition its status is
 * still the one read, so a second run, a concurrent list load or a confirmation in between change
 * nothing twice), its client's completed count, one of its client's session credits and its dog's training analytics (one more session;
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
  const dogData = await batchGetAll(
    'dogs',
    dogIds.map((id) => ({ id })),
    (keys) => store().entities.dog.get(keys).go(),
  );
  const dogs = new Map<string, DogItem | undefined>((dogData as DogItem[]).map((d) => [d.id, d]));
  const ids: string[] = [];
  for (const session of due) {
    if (await completeOne(session, dogs, tz)) ids.push(session.id);
  }
  return ids;
}

/** Tries of a completion whose dog's analytics moved meanwhile (read again each time). */
const COMPLETE_RETRY = { attempts: 4, firstDelayMs: 10, maxDelayMs: 100 };

async function completeOne(session: SessionItem, dogs: Map<string, DogItem | undefined>, tz: string): Promise<boolean> {
  const date = businessDate(session.scheduledAt, tz);
  const outOfTries = new Error('the dog changed meanwhile');
  return retryOnConflict(async (attempt) => {
    if (attempt > 1) dogs.set(session.dogId, await findDog(session.dogId));
    const dog = dogs.get(session.dogId);
    const last = dog?.lastSessionDate && dog.lastSessionDate > date ? dog.lastSessionDate : date;
    const { canceled, codes } = await writeTransaction((e) => [
      e.session
        .patch({ id: session.id })
        .set({ status: 'completed' })
        .composite({ endsAt: session.endsAt, clientId: session.clientId, scheduledAt: session.scheduledAt })
        .where(({ status }, { eq }) => eq(status, session.status))
        .commit(),
      ...closeCounterItems(e, session, 'completed'),
      // The session uses one of its client's credits (below 0 when none is left: owed); a booked one the
      // credit its booking held.
      session.creditHeld ? releaseCreditItem(e, session.clientId, false) : creditDelta(e, session.clientId, -1),
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
    throw new Conflict(outOfTries);
  }, COMPLETE_RETRY).catch((e: unknown) => {
    // Out of tries: leave it for the next run.
    if (e === outOfTries) return false;
    throw e;
  });
}

/**
 * The dog's training analytics item of a transaction: `delta` completed sessions and the last session
 * date `last` (null removes it), on condition the date is still the one read, so two writers cannot
 * both move it from the same value.
 */
export function analyticsItem(e: Pick<TxEntities, 'dog'>, dog: DogItem, delta: number, last: string | null): TxItem {
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
  // The chunk's counters: the total, the open ones and one per status.
  const counterItems = 2 + SESSION_STATUSES.length;
  let size = counterItems;
  for (const s of sessions) {
    // Its item, its search words and, when open, at most one busy day item.
    const n = 2 + (s.searchTokens?.length ?? 0);
    if (current.length && size + n > MAX_TX_ITEMS) {
      chunks.push(current);
      current = [];
      size = counterItems;
    }
    current.push(s);
    size += n;
  }
  if (current.length) chunks.push(current);
  const deleteItems = (e: TxEntities, chunk: readonly SessionItem[]) => {
    const open = chunk.filter((s) => OPEN.includes(s.status)).length;
    const byStatus = new Map<SessionStatus, number>();
    for (const s of chunk) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
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
      ...[...byStatus].map(([status, n]) => counterDelta(e, COUNTERS.sessionsOfStatus(status), -n)),
      ...busyDayItems({ remove: chunk.filter((s) => OPEN.includes(s.status)).map(busyEntry) }),
    ];
  };
  for (const chunk of chunks) {
    const { canceled } = await writeTransaction((e) => deleteItems(e, chunk));
    if (!canceled) continue;
    // One was deleted or changed meanwhile (e.g. completed): one by one, each as it is now.
    for (const s of chunk) {
      let item: SessionItem | undefined = s;
      await retryOnConflict(async () => {
        if (!item || !(await writeTransaction((e) => deleteItems(e, [item as SessionItem]))).canceled) return;
        item = await findSession(s.id);
        if (item) throw new Conflict(new AppError('CONFLICT', SESSION_TEXTS.changedMeanwhile));
      }, COMPLETE_RETRY);
    }
  }
  await batchWriteAll(
    'session counters',
    [{ name: COUNTERS.completedSessionsOf(clientId) }, { name: COUNTERS.openSessionsOf(clientId) }],
    (keys) => store().entities.counter.delete(keys).go(),
  );
}
