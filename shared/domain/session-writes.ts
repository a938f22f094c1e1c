import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SESSION_MINUTES,
  SESSION_DURATIONS,
  SESSION_TEXTS,
  type SessionRequest,
  type SessionsChangedDetail,
  type SessionWrittenDetail,
} from '../contracts/sessions.js';
import { store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { Conflict, retryOnConflict } from '../retry.js';
import { bookingOfSession, releaseBookedSessionItems, releaseSlotItems } from './booking-holds.js';
import { businessDate } from './business-time.js';
import { type BusyVersions, busyDayItems, busyEntry } from './busy-days.js';
import { COUNTERS, counterDelta } from './counters.js';
import { creditDelta } from './credits.js';
import { type DogItem, findDog } from './dogs.js';
import type { MessageItem } from './messages.js';
import { fullName } from './names.js';
import { outboxItem } from './outbox.js';
import { getProfileById, type Profile } from './profiles.js';
import { assertNoClash } from './session-clashes.js';
import { sessionTokens, tokenChanges, tokenItems } from './session-tokens.js';
import {
  analyticsItem,
  closeCounterItems,
  confirmCounterItems,
  findSession,
  getSession,
  OPEN,
  type SessionItem,
  same,
  sessionCounterItems,
  sessionEnd,
} from './sessions.js';
import { businessTimeZoneSetting, getBusinessSettings } from './settings.js';

/**
 * The writes of sessions (shared/domain/sessions.ts): the trainer schedules, changes, cancels and
 * deletes; a client confirms their own. Each write is one transaction with the session's search words,
 * the counters, the dog's training analytics where they change, and its outbox items.
 */

/** A start time this little in the past still counts as now (the form's minimum is today, now). */
const NOW_TOLERANCE_MS = 60_000;

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
    kind !== 'deleted' && sender && s.dogId && s.sessionType && s.scheduledAt && s.durationMinutes
      ? {
          messageId: randomUUID(),
          senderId: sender.id,
          clientId: s.clientId,
          dogId: s.dogId,
          sessionType: s.sessionType,
          scheduledAt: s.scheduledAt,
          durationMinutes: s.durationMinutes,
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
export async function partiesOf(clientId: string, dogId: string): Promise<{ client: Profile; dog: DogItem }> {
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
export async function checkHomework(clientId: string, messageId: string) {
  const { data } = await store().entities.message.get({ id: messageId }).go();
  const m = data as MessageItem | null;
  if (!m || m.profileId !== clientId || m.status !== 'sent') {
    throw new AppError('VALIDATION', SESSION_TEXTS.homeworkNotOfClient, {
      homeworkAssigned: [SESSION_TEXTS.homeworkNotOfClient],
    });
  }
}

export function startOf(scheduledAt: string, now: number, field = 'scheduledAt'): string {
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

/** A new scheduled session of `client`'s `dog` as it is written, with the names and search words. */
export function newSessionRecord(
  client: Profile,
  dog: DogItem,
  fields: Pick<SessionItem, 'scheduledAt' | 'durationMinutes' | 'sessionType'> &
    Partial<Pick<SessionItem, 'notes' | 'homeworkAssigned' | 'bookingId' | 'slotCells' | 'creditHeld'>>,
) {
  const names = { clientName: fullName(client), dogName: dog.name, dogBreed: dog.breed };
  return {
    id: randomUUID(),
    clientId: client.id,
    dogId: dog.id,
    ...fields,
    endsAt: sessionEnd(fields.scheduledAt, fields.durationMinutes),
    status: 'scheduled' as const,
    ...names,
    searchTokens: sessionTokens(names),
  };
}

/**
 * The items that schedule `written` (newSessionRecord): the session, its search words, the counters, its
 * busy time (on condition the days a request read, `busyRead`, are unchanged) and its outbox items (the
 * appointment message, the reminder, the lists' notice: `writtenItems`).
 */
export function scheduledSessionItems(
  e: TxEntities,
  written: ReturnType<typeof newSessionRecord>,
  sender: Profile | undefined,
  siteUrl: string,
  busyRead?: BusyVersions,
): TxItem[] {
  return [
    e.session.create(written).commit(),
    ...tokenItems(e, 'put', written.id, written.searchTokens),
    ...sessionCounterItems(e, { clientId: written.clientId, status: 'scheduled' }, 1),
    ...busyDayItems({ add: [busyEntry(written)] }, busyRead),
    ...writtenItems(e, written, 'scheduled', sender, siteUrl),
  ];
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
  const written = newSessionRecord(client, dog, {
    scheduledAt,
    durationMinutes,
    sessionType: input.sessionType ?? 'training',
    ...(input.notes ? { notes: input.notes } : {}),
    ...(input.homeworkAssigned ? { homeworkAssigned: input.homeworkAssigned } : {}),
  });
  await assertNoClash([written], { allowOverlap: input.allowOverlap });
  const id = written.id;
  const { canceled } = await writeTransaction((e) => scheduledSessionItems(e, written, sender, opts.siteUrl));
  if (canceled) throw new AppError('CONFLICT', 'Failed to schedule session. Please try again.');
  return getSession(id);
}

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
  if (input.repeat) {
    throw new AppError('VALIDATION', SESSION_TEXTS.repeatOnUpdate, { repeat: [SESSION_TEXTS.repeatOnUpdate] });
  }
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
  // A booked session the trainer moves frees the cells its booking claimed (the trainer's calendar rules).
  const freedCells = moved ? (current.slotCells ?? []) : [];
  // An open session whose time changes moves its entry in the busy days (closed ones cannot move).
  const retimed =
    OPEN.includes(current.status) && (set.scheduledAt !== current.scheduledAt || set.endsAt !== current.endsAt);
  if (retimed) await assertNoClash([set], { allowOverlap: input.allowOverlap, exceptIds: [id] });
  const remove = [
    ...(!notes && current.notes ? ['notes' as const] : []),
    ...(!homework && current.homeworkAssigned ? ['homeworkAssigned' as const] : []),
    ...(freedCells.length ? ['slotCells' as const] : []),
  ];
  const { canceled } = await writeTransaction((e) => {
    let op = e.session.patch({ id }).set(set).add({ revision: 1 });
    if (remove.length) op = op.remove(remove) as typeof op;
    // Only an open session may change client: its open count moves from one client to the other.
    const movedClient = input.clientId !== current.clientId && OPEN.includes(current.status);
    return [
      op.where(({ updatedAt }, { eq }) => eq(updatedAt, current.updatedAt)).commit(),
      ...tokenChanges(e, id, current.searchTokens ?? [], searchTokens),
      ...releaseSlotItems(e, freedCells),
      ...(retimed ? busyDayItems({ remove: [busyEntry(current)], add: [busyEntry({ ...current, ...set })] }) : []),
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
  const booking = await bookingOfSession(current);
  const { canceled } = await writeTransaction((e) => [
    ...cancelledSessionItems(e, current, sender, opts.siteUrl),
    // A booked session's cells are freed, its held credit given back and its booking cancelled.
    ...releaseBookedSessionItems(e, current, booking),
  ]);
  if (canceled) throw new AppError('CONFLICT', SESSION_TEXTS.changedMeanwhile);
  return getSession(id);
}

/**
 * The items that cancel an open session (on condition its status is still the one read): its status,
 * its counters, its entry in the busy days, the client's appointment message and the reminder's removal.
 */
export function cancelledSessionItems(
  e: TxEntities,
  current: SessionItem,
  sender: Profile | undefined,
  siteUrl: string,
): TxItem[] {
  return [
    e.session
      .patch({ id: current.id })
      .set({ status: 'cancelled' })
      .add({ revision: 1 })
      .composite({ endsAt: current.endsAt, clientId: current.clientId, scheduledAt: current.scheduledAt })
      .where(({ status }, { eq }) => eq(status, current.status))
      .commit(),
    ...closeCounterItems(e, current, 'cancelled'),
    ...busyDayItems({ remove: [busyEntry(current)] }),
    ...writtenItems(e, { ...current, status: 'cancelled' }, 'cancelled', sender, siteUrl),
  ];
}

/**
 * Deletes a session with its search words and counters. A completed one also leaves its dog's
 * training analytics (one session fewer; the last session date falls back to the latest other
 * completed session of the dog), its client's completed count and the session credit it used, in
 * the same transaction.
 */
export async function deleteSession(id: string): Promise<void> {
  await retryOnConflict(async () => {
    const current = await getSession(id);
    const completed = current.status === 'completed';
    const dog = completed ? await findDog(current.dogId) : undefined;
    const last = dog ? await lastDateAfterRemoving(dog, current) : null;
    const booking = OPEN.includes(current.status) ? await bookingOfSession(current) : undefined;
    const { canceled } = await writeTransaction((e) => [
      e.session
        .delete({ id })
        .where(({ updatedAt }, { eq }) => eq(updatedAt, current.updatedAt))
        .commit(),
      ...tokenItems(e, 'delete', id, current.searchTokens ?? []),
      ...sessionCounterItems(e, current, -1),
      // A completed session deleted gives its client the credit it used back; an open booked one frees
      // its cells and gives its held credit back.
      ...(completed ? [creditDelta(e, current.clientId, 1)] : []),
      ...(OPEN.includes(current.status)
        ? [...releaseBookedSessionItems(e, current, booking), ...busyDayItems({ remove: [busyEntry(current)] })]
        : []),
      // Never below zero (analytics written before this feature kept them may be behind).
      ...(dog ? [analyticsItem(e, dog, (dog.totalSessions ?? 0) > 0 ? -1 : 0, last)] : []),
      // Its reminder schedule goes, and the lists hear of it (no message for a deletion).
      ...writtenItems(e, current, 'deleted', undefined, ''),
    ]);
    if (!canceled) return;
    // Changed meanwhile (completed by the job, the dog's analytics moved, the dog deleted): again, fresh.
    throw new Conflict(new AppError('CONFLICT', SESSION_TEXTS.changedMeanwhile));
  }, CHANGED_MEANWHILE_RETRY);
}

/** Tries of a write whose session or dog another writer changed meanwhile. */
const CHANGED_MEANWHILE_RETRY = { attempts: 4, firstDelayMs: 10 };

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
    ...confirmCounterItems(e),
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
