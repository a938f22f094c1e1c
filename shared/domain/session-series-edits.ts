import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays } from 'date-fns';
import {
  SESSION_TEXTS,
  type SessionRequest,
  type SessionsChangedDetail,
  type SessionWrittenDetail,
} from '../contracts/sessions.js';
import { type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { busyDayItems, busyEntry } from './busy-days.js';
import { fullName } from './names.js';
import { outboxItem } from './outbox.js';
import type { Profile } from './profiles.js';
import { assertNoClash } from './session-clashes.js';
import { openSeriesFrom } from './session-series.js';
import { sessionTokens, tokenChanges } from './session-tokens.js';
import { checkHomework, partiesOf, type SessionWriteOptions, startOf, updateSession } from './session-writes.js';
import { getSession, OPEN, type SessionItem, same, sessionEnd } from './sessions.js';
import { businessTimeZoneSetting } from './settings.js';

/**
 * "This and following" for a change of a series' session (docs/decisions/0067-edit-this-and-following.md):
 * the session asked for and every later open session of its series take its new dog, duration and type,
 * and move by as many days as it moves, to its new time of day in the business's time zone (so 10:00
 * stays 10:00 across a daylight-saving change). Notes and homework stay the session's own. One
 * transaction, each session on condition it is unchanged since it was read; one message to the client
 * listing the new dates, whose invite updates each event.
 */

const MAX_TX_ITEMS = 100;

/** The items `tokenChanges` writes from `old` to `next`. */
const tokenCount = (old: readonly string[], next: readonly string[]) =>
  old.filter((t) => !next.includes(t)).length + next.filter((t) => !old.includes(t)).length;
/** The UTC day a busy entry is kept under (one item per day, shared/domain/busy-days.ts). */
const utcDay = (iso: string) => new Date(Date.parse(iso)).toISOString().slice(0, 10);

/** `at` moved by `days` calendar days, at `hours`:`minutes`, in `timeZone` (UTC ISO). */
function shifted(at: string, days: number, hours: number, minutes: number, timeZone: string): string {
  const local = addDays(new TZDate(Date.parse(at), timeZone), days);
  local.setHours(hours, minutes, 0, 0);
  return new Date(local.getTime()).toISOString();
}

/**
 * The new starts of `following` (the first is the session asked for) when the first moves to `first`:
 * each moved by the same number of calendar days, at the first's new time of day.
 */
export function followingStarts(
  following: readonly Pick<SessionItem, 'scheduledAt'>[],
  first: string,
  timeZone: string,
) {
  const before = new TZDate(Date.parse(following[0].scheduledAt), timeZone);
  const after = new TZDate(Date.parse(first), timeZone);
  const days = differenceInCalendarDays(after, before);
  return following.map((o, i) =>
    i === 0 ? first : shifted(o.scheduledAt, days, after.getHours(), after.getMinutes(), timeZone),
  );
}

/**
 * Changes the session `id` and the later open sessions of its series (`input.following`). A session alone
 * (no series, not open, the last open one, or a booked one in the run) is changed as usual by
 * `updateSession`. Answers the changed sessions in order.
 */
export async function updateSeriesFrom(
  sender: Profile,
  id: string,
  input: SessionRequest,
  opts: SessionWriteOptions,
): Promise<SessionItem[]> {
  const { following: _following, ...alone } = input;
  const current = await getSession(id);
  const run = current.seriesId && OPEN.includes(current.status) ? await openSeriesFrom(current) : [];
  if (run.length < 2 || run[0].id !== id || run.some((o) => o.bookingId)) {
    return [await updateSession(sender, id, alone, opts)];
  }
  if (input.repeat) {
    throw new AppError('VALIDATION', SESSION_TEXTS.repeatOnUpdate, { repeat: [SESSION_TEXTS.repeatOnUpdate] });
  }
  if (input.clientId !== current.clientId) {
    throw new AppError('VALIDATION', SESSION_TEXTS.followingKeepsClient, {
      clientId: [SESSION_TEXTS.followingKeepsClient],
    });
  }
  const now = opts.now ?? Date.now();
  const first = new Date(Date.parse(input.scheduledAt)).toISOString();
  if (first !== current.scheduledAt) startOf(first, now);
  const { client, dog } = await partiesOf(input.clientId, input.dogId);
  const notes = input.notes === undefined ? current.notes : (input.notes ?? undefined);
  const homework =
    input.homeworkAssigned === undefined ? current.homeworkAssigned : (input.homeworkAssigned ?? undefined);
  if (homework && !same(homework, current.homeworkAssigned)) await checkHomework(client.id, homework);

  const timeZone = await businessTimeZoneSetting();
  const starts = followingStarts(run, first, timeZone);
  const durationMinutes = input.durationMinutes ?? current.durationMinutes;
  const sessionType = input.sessionType ?? current.sessionType;
  const names = { clientName: fullName(client), dogName: dog.name, dogBreed: dog.breed };
  const searchTokens = sessionTokens(names);
  const changed = run.map((o, i) => ({
    o,
    set: {
      clientId: o.clientId,
      dogId: dog.id,
      scheduledAt: starts[i],
      durationMinutes,
      endsAt: sessionEnd(starts[i], durationMinutes),
      sessionType,
      status: o.status,
      ...names,
      searchTokens,
    },
  }));
  await assertNoClash(
    changed.map((c) => c.set),
    { allowOverlap: input.allowOverlap, exceptIds: run.map((o) => o.id) },
  );

  const site = opts.siteUrl ? { siteUrl: opts.siteUrl } : {};
  const items = (e: TxEntities): TxItem[] => [
    ...changed.flatMap(({ o, set }, i) => {
      const own = i === 0;
      const remove = own
        ? [
            ...(!notes && o.notes ? ['notes' as const] : []),
            ...(!homework && o.homeworkAssigned ? ['homeworkAssigned' as const] : []),
          ]
        : [];
      let op = e.session
        .patch({ id: o.id })
        .set({ ...set, ...(own && notes ? { notes } : {}), ...(own && homework ? { homeworkAssigned: homework } : {}) })
        .add({ revision: 1 });
      if (remove.length) op = op.remove(remove) as typeof op;
      return [
        op.where(({ updatedAt }, { eq }) => eq(updatedAt, o.updatedAt)).commit(),
        ...tokenChanges(e, o.id, o.searchTokens ?? [], searchTokens),
        // Each reminder moves; the first carries the one message listing every new date.
        outboxItem(e, 'SessionWritten', {
          sessionId: o.id,
          kind: 'updated',
          ...site,
          ...(own
            ? {
                appointment: {
                  messageId: randomUUID(),
                  senderId: sender.id,
                  clientId: o.clientId,
                  dogId: dog.id,
                  sessionType,
                  scheduledAt: set.scheduledAt,
                  durationMinutes,
                  series: { sessionIds: run.map((x) => x.id), starts },
                },
              }
            : {}),
        } satisfies SessionWrittenDetail),
      ];
    }),
    ...busyDayItems({
      remove: run.map(busyEntry),
      add: changed.map(({ o, set }) => busyEntry({ ...o, ...set })),
    }),
    outboxItem(e, 'SessionsChanged', { sessionId: id, clientId: current.clientId } satisfies SessionsChangedDetail),
  ];
  const entries = [...run.map(busyEntry), ...changed.map(({ o, set }) => busyEntry({ ...o, ...set }))];
  const size =
    run.reduce((n, o) => n + 2 + tokenCount(o.searchTokens ?? [], searchTokens), 0) +
    new Set(entries.map((b) => utcDay(b.scheduledAt))).size +
    1;
  if (size > MAX_TX_ITEMS) {
    throw new AppError('VALIDATION', SESSION_TEXTS.followingTooMany, { following: [SESSION_TEXTS.followingTooMany] });
  }
  const { canceled } = await writeTransaction(items);
  if (canceled) throw new AppError('CONFLICT', SESSION_TEXTS.changedMeanwhile);
  return Promise.all(run.map((o) => getSession(o.id)));
}
