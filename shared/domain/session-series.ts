import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addWeeks } from 'date-fns';
import {
  MAX_SERIES_SESSIONS,
  MIN_SERIES_SESSIONS,
  SERIES_EVERY_WEEKS,
  SESSION_TEXTS,
  type SeriesRepeat,
  type SessionRequest,
  type SessionsChangedDetail,
  type SessionWrittenDetail,
} from '../contracts/sessions.js';
import { store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { businessDate } from './business-time.js';
import { busyDayItems, busyEntry } from './busy-days.js';
import { COUNTERS, counterDelta } from './counters.js';
import { outboxItem } from './outbox.js';
import type { Profile } from './profiles.js';
import { assertNoClash } from './session-clashes.js';
import { tokenItems } from './session-tokens.js';
import {
  cancelSession,
  checkHomework,
  defaultSessionDuration,
  deleteSession,
  newSessionRecord,
  partiesOf,
  type SessionWriteOptions,
  startOf,
} from './session-writes.js';
import { getSession, OPEN, type SessionItem, sessionCounterItems } from './sessions.js';
import { businessTimeZoneSetting } from './settings.js';

/**
 * Recurring sessions (docs/decisions/0060-session-series.md): the trainer schedules a session that
 * repeats every week or every two weeks, for a number of sessions or until a date. Each occurrence is a
 * session of its own (edited, moved, cancelled alone), marked with the series' id; the client gets one
 * message listing every date. The occurrences are checked for clashes together and written in as few
 * transactions as they fit (a transaction holds 100 items); if a later one fails, the ones written are
 * deleted again, so the series is scheduled whole or not at all.
 */

const MAX_TX_ITEMS = 100;

/**
 * The starts of a series from `first` (UTC ISO): the same time of day in the business's time zone every
 * one or two weeks, across daylight-saving changes. VALIDATION when `until` leaves fewer than two or
 * more than MAX_SERIES_SESSIONS.
 */
export function seriesStarts(first: string, repeat: SeriesRepeat, timeZone: string): string[] {
  const step = SERIES_EVERY_WEEKS[repeat.every];
  const local = new TZDate(Date.parse(first), timeZone);
  const starts: string[] = [];
  for (let i = 0; i <= MAX_SERIES_SESSIONS; i++) {
    const at = new Date(addWeeks(local, i * step).getTime()).toISOString();
    if (repeat.count !== undefined ? i >= repeat.count : businessDate(at, timeZone) > (repeat.until ?? '')) break;
    starts.push(at);
  }
  if (starts.length > MAX_SERIES_SESSIONS) {
    throw new AppError('VALIDATION', SESSION_TEXTS.repeatCount, { repeat: [SESSION_TEXTS.repeatCount] });
  }
  if (starts.length < MIN_SERIES_SESSIONS) {
    throw new AppError('VALIDATION', SESSION_TEXTS.repeatUntilTooSoon, { repeat: [SESSION_TEXTS.repeatUntilTooSoon] });
  }
  return starts;
}

type Occurrence = ReturnType<typeof newSessionRecord> & { seriesId: string };

/** The items of one occurrence in its chunk: the session, its search words, its `SessionWritten` (reminder). */
const itemsOf = (o: Occurrence) => 2 + o.searchTokens.length + 1;
/** The chunk's own items: four counters, the lists' notice, the series' message (last chunk). */
const CHUNK_ITEMS = 6;

/** The occurrences in order, cut where a transaction would go over 100 items (a busy day counted per occurrence). */
function chunked(all: readonly Occurrence[]): Occurrence[][] {
  const chunks: Occurrence[][] = [];
  let current: Occurrence[] = [];
  let size = CHUNK_ITEMS;
  for (const o of all) {
    if (current.length && size + itemsOf(o) > MAX_TX_ITEMS) {
      chunks.push(current);
      current = [];
      size = CHUNK_ITEMS;
    }
    current.push(o);
    size += itemsOf(o);
  }
  if (current.length) chunks.push(current);
  return chunks;
}

function chunkItems(
  e: TxEntities,
  chunk: readonly Occurrence[],
  all: readonly Occurrence[],
  last: boolean,
  sender: Profile,
  siteUrl: string,
): TxItem[] {
  const [first] = all;
  const site = siteUrl ? { siteUrl } : {};
  const reminder = (o: Occurrence) =>
    outboxItem(e, 'SessionWritten', { sessionId: o.id, kind: 'scheduled', ...site } satisfies SessionWrittenDetail);
  return [
    ...chunk.flatMap((o) => [
      e.session.create(o).commit(),
      ...tokenItems(e, 'put', o.id, o.searchTokens),
      // The first occurrence's event carries the series' message: it goes with the last chunk.
      ...(o === first ? [] : [reminder(o)]),
    ]),
    ...sessionCounterItems(e, { clientId: first.clientId, status: 'scheduled' }, chunk.length),
    ...busyDayItems({ add: chunk.map(busyEntry) }),
    outboxItem(e, 'SessionsChanged', {
      sessionId: chunk[0].id,
      clientId: first.clientId,
    } satisfies SessionsChangedDetail),
    ...(last
      ? [
          outboxItem(e, 'SessionWritten', {
            sessionId: first.id,
            kind: 'scheduled',
            ...site,
            appointment: {
              messageId: randomUUID(),
              senderId: sender.id,
              clientId: first.clientId,
              dogId: first.dogId,
              sessionType: first.sessionType,
              scheduledAt: first.scheduledAt,
              durationMinutes: first.durationMinutes,
              series: { sessionIds: all.map((o) => o.id), starts: all.map((o) => o.scheduledAt) },
            },
          } satisfies SessionWrittenDetail),
        ]
      : []),
  ];
}

/** Deletes what a failed series wrote (each as a deletion of its own, with its follow-ups). */
async function undo(written: readonly Occurrence[]) {
  for (const o of written) {
    try {
      await deleteSession(o.id);
    } catch (e) {
      if (!(e instanceof AppError && e.code === 'NOT_FOUND')) throw e;
    }
  }
}

/**
 * Schedules a series (`input.repeat`): the same checks as one session (an active client, their dog, a
 * start not in the past, the homework theirs), a clash check of every occurrence (the refusal names
 * each clashing date), then the occurrences chunk by chunk. Answers the sessions in order.
 */
export async function createSessionSeries(
  sender: Profile,
  input: SessionRequest & { repeat: SeriesRepeat },
  opts: SessionWriteOptions,
): Promise<SessionItem[]> {
  const now = opts.now ?? Date.now();
  const first = startOf(input.scheduledAt, now);
  const timeZone = await businessTimeZoneSetting();
  const starts = seriesStarts(first, input.repeat, timeZone);
  const { client, dog } = await partiesOf(input.clientId, input.dogId);
  if (input.homeworkAssigned) await checkHomework(client.id, input.homeworkAssigned);
  const durationMinutes = input.durationMinutes ?? (await defaultSessionDuration());
  const seriesId = randomUUID();
  const all: Occurrence[] = starts.map((scheduledAt) => ({
    ...newSessionRecord(client, dog, {
      scheduledAt,
      durationMinutes,
      sessionType: input.sessionType ?? 'training',
      ...(input.notes ? { notes: input.notes } : {}),
      ...(input.homeworkAssigned ? { homeworkAssigned: input.homeworkAssigned } : {}),
    }),
    seriesId,
  }));
  await assertNoClash(all, { allowOverlap: input.allowOverlap });
  const chunks = chunked(all);
  const written: Occurrence[] = [];
  for (const [i, chunk] of chunks.entries()) {
    let canceled = true;
    try {
      ({ canceled } = await writeTransaction((e) =>
        chunkItems(e, chunk, all, i === chunks.length - 1, sender, opts.siteUrl),
      ));
    } finally {
      if (canceled) await undo(written);
    }
    if (canceled) throw new AppError('CONFLICT', SESSION_TEXTS.seriesFailed);
    written.push(...chunk);
  }
  return Promise.all(all.map((o) => getSession(o.id)));
}

/** The open sessions of `s`'s series from `s` on, in order (the client's sessions, by their start). */
export async function openSeriesFrom(s: SessionItem): Promise<SessionItem[]> {
  const { data } = await store()
    .entities.session.query.byClient({ clientId: s.clientId })
    .gte({ scheduledAt: s.scheduledAt })
    .go({ pages: 'all' });
  return (data as SessionItem[])
    .filter((o) => o.seriesId === s.seriesId && OPEN.includes(o.status))
    .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
}

/**
 * "This and following": cancels the session `id` and every later open session of its series, in one
 * transaction (a series has at most 26 sessions: about three items each and the merged counters fit in
 * one), each on condition its status is still the one read. The client gets one message listing the
 * cancelled dates, and its invite cancels each event. A session alone (no series, or the last open one)
 * is cancelled as usual. Answers the cancelled sessions in order.
 */
export async function cancelSeriesFrom(sender: Profile, id: string, opts: SessionWriteOptions): Promise<SessionItem[]> {
  const current = await getSession(id);
  if (!OPEN.includes(current.status)) throw new AppError('CONFLICT', SESSION_TEXTS.cancelOnlyOpen);
  const following = current.seriesId ? await openSeriesFrom(current) : [];
  if (following.length < 2 || following[0].id !== id || following.some((o) => o.bookingId)) {
    return [await cancelSession(sender, id, opts)];
  }
  const site = opts.siteUrl ? { siteUrl: opts.siteUrl } : {};
  const byStatus = new Map<string, number>();
  for (const o of following) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
  const n = following.length;
  const { canceled } = await writeTransaction((e: TxEntities): TxItem[] => [
    ...following.flatMap((o) => [
      e.session
        .patch({ id: o.id })
        .set({ status: 'cancelled' })
        .add({ revision: 1 })
        .composite({ endsAt: o.endsAt, clientId: o.clientId, scheduledAt: o.scheduledAt })
        .where(({ status }, { eq }) => eq(status, o.status))
        .commit(),
      // Each reminder goes; the first carries the one message of them all.
      outboxItem(e, 'SessionWritten', {
        sessionId: o.id,
        kind: 'cancelled',
        ...site,
        ...(o === following[0]
          ? {
              appointment: {
                messageId: randomUUID(),
                senderId: sender.id,
                clientId: o.clientId,
                dogId: o.dogId,
                sessionType: o.sessionType,
                scheduledAt: o.scheduledAt,
                durationMinutes: o.durationMinutes,
                series: { sessionIds: following.map((x) => x.id), starts: following.map((x) => x.scheduledAt) },
              },
            }
          : {}),
      } satisfies SessionWrittenDetail),
    ]),
    ...[...byStatus].map(([status, k]) => counterDelta(e, COUNTERS.sessionsOfStatus(status), -k)),
    counterDelta(e, COUNTERS.sessionsOfStatus('cancelled'), n),
    counterDelta(e, COUNTERS.openSessions, -n),
    counterDelta(e, COUNTERS.openSessionsOf(current.clientId), -n),
    ...busyDayItems({ remove: following.map(busyEntry) }),
    outboxItem(e, 'SessionsChanged', {
      sessionId: id,
      clientId: current.clientId,
    } satisfies SessionsChangedDetail),
  ]);
  if (canceled) throw new AppError('CONFLICT', SESSION_TEXTS.changedMeanwhile);
  return Promise.all(following.map((o) => getSession(o.id)));
}
