import { type QueryCommandInput, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { MAX_SESSION_MINUTES } from '../contracts/session-options.js';
import { db } from '../db/client.js';
import { queryRawItems, store, type TxItem } from '../db/service.js';
import { TTL_ATTRIBUTE } from '../db/table.js';
import type { Busy } from './open-times.js';

/**
 * The calendar's busy time by day (docs/decisions/0035-busy-days.md, `busyDay` items): what the
 * open times subtract. An entry is an open session or a pending request, keyed by its booking's id
 * when it has one, so the request and the session its approval makes are one entry. Every write that
 * opens, moves or closes one adds its day items to its own transaction (`busyDayItems`); a session that
 * completes keeps its entry, which lies in the past by then and expires with its day.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A day's item expires this long after the day starts (the open times never read a past day). */
const KEEP_MS = 3 * DAY;
/** Entries per update when many are written outside a transaction (a 4 KB expression holds ~250). */
const ENTRIES_PER_UPDATE = 100;
const ENTRY_PREFIX = 'b_';
/** Counted up by every write of a day item. */
const VERSION_ATTRIBUTE = 'n';

export interface BusyEntry {
  /** The booking's id, else the session's. */
  id: string;
  scheduledAt: string;
  endsAt: string;
}

/** The entry of a session (its booking's id when booked) or of a request. */
export function busyEntry(x: { id: string; bookingId?: string; scheduledAt: string; endsAt: string }): BusyEntry {
  return { id: x.bookingId ?? x.id, scheduledAt: x.scheduledAt, endsAt: x.endsAt };
}

export interface BusyChanges {
  add?: readonly BusyEntry[];
  remove?: readonly BusyEntry[];
}

const dayOf = (iso: string) => new Date(Date.parse(iso)).toISOString().slice(0, 10);

/** Per UTC day: the entries to set and the ids to remove (an id both added and removed is set). */
function byDay({ add = [], remove = [] }: BusyChanges) {
  const days = new Map<string, { set: Map<string, [number, number]>; remove: Set<string> }>();
  const day = (d: string) => {
    const x = days.get(d) ?? { set: new Map<string, [number, number]>(), remove: new Set<string>() };
    days.set(d, x);
    return x;
  };
  for (const r of remove) day(dayOf(r.scheduledAt)).remove.add(r.id);
  for (const a of add) {
    const x = day(dayOf(a.scheduledAt));
    x.set.set(a.id, [Date.parse(a.scheduledAt), Date.parse(a.endsAt)]);
    x.remove.delete(a.id);
  }
  return days;
}

/** The day item's key and table. */
function dayKey(day: string) {
  return store().entities.busyDay.get({ day }).params() as { Key: Record<string, string>; TableName: string };
}

/**
 * The versions of the day items a writer read (`readBusyDays`): a day whose item changed since (its
 * version moved) cancels the transaction, so a request cannot take a time that a session written
 * meanwhile made busy.
 */
export type BusyVersions = ReadonlyMap<string, number>;

/** The condition that a day item is still at `version` (0: no item yet). */
function versionCondition(version: number) {
  return version
    ? { ConditionExpression: '#n = :n0', values: { ':n0': version } }
    : { ConditionExpression: 'attribute_not_exists(#n)', values: {} };
}

/**
 * One day item's update: its entries set and removed, its version counted up, its expiry and
 * ElectroDB's identifiers; on condition it is still at `expected` when given.
 */
function dayUpdate(
  day: string,
  set: ReadonlyMap<string, [number, number]>,
  remove: Iterable<string>,
  expected?: number,
): UpdateCommandInput {
  const entity = store().entities.busyDay;
  const { Key, TableName } = dayKey(day);
  const names: Record<string, string> = {
    '#n': VERSION_ATTRIBUTE,
    '#ttl': TTL_ATTRIBUTE,
    '#day': 'day',
    '#e': '__edb_e__',
    '#v': '__edb_v__',
  };
  const condition = expected === undefined ? undefined : versionCondition(expected);
  const values: Record<string, unknown> = {
    ...condition?.values,
    ':one': 1,
    ':ttl': Math.floor((Date.parse(`${day}T00:00:00Z`) + KEEP_MS) / 1000),
    ':day': day,
    ':e': entity.schema.model.entity,
    ':v': entity.schema.model.version,
  };
  const sets = ['#ttl = :ttl', '#day = :day', '#e = :e', '#v = :v'];
  let n = 0;
  for (const [id, interval] of set) {
    names[`#a${n}`] = ENTRY_PREFIX + id;
    values[`:a${n}`] = interval;
    sets.push(`#a${n} = :a${n}`);
    n++;
  }
  const removes: string[] = [];
  for (const id of remove) {
    names[`#r${removes.length}`] = ENTRY_PREFIX + id;
    removes.push(`#r${removes.length}`);
  }
  return {
    TableName,
    Key,
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''} ADD #n :one`,
    ...(condition ? { ConditionExpression: condition.ConditionExpression } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** The items `busyDayItems` made: a writer tells which of its transaction's items they are. */
const dayItems = new WeakSet<object>();
export const isBusyDayItem = (item: unknown): boolean =>
  typeof item === 'object' && item !== null && dayItems.has(item);

/**
 * The transaction items that record `changes`: one update per day touched. A transaction may write an
 * item once, so each write passes all its changes in one call. With `expected` (the versions a request
 * read), every day read is checked too: the days it writes by the update's condition, the others by a
 * condition check.
 */
export function busyDayItems(changes: BusyChanges, expected?: BusyVersions): TxItem[] {
  const days = byDay(changes);
  const items: object[] = [...days].map(([day, x]) => ({
    Update: dayUpdate(day, x.set, x.remove, expected?.get(day)),
  }));
  for (const [day, version] of expected ?? []) {
    if (days.has(day)) continue;
    const { ConditionExpression, values } = versionCondition(version);
    items.push({
      ConditionCheck: {
        ...dayKey(day),
        ConditionExpression,
        ExpressionAttributeNames: { '#n': VERSION_ATTRIBUTE },
        ...(version ? { ExpressionAttributeValues: values } : {}),
      },
    });
  }
  for (const item of items) dayItems.add(item);
  return items as unknown as TxItem[];
}

/**
 * Records `changes` outside a transaction (the full client deletion's bookings, the demo data, the
 * backfill): each day's update is idempotent, so a run that failed part-way can run again.
 */
export async function writeBusyDays(changes: BusyChanges): Promise<void> {
  const { doc } = db();
  for (const [day, x] of byDay(changes)) {
    const set = [...x.set];
    const remove = [...x.remove];
    for (let i = 0; i === 0 || i < Math.max(set.length, remove.length); i += ENTRIES_PER_UPDATE) {
      const part = new Map(set.slice(i, i + ENTRIES_PER_UPDATE));
      await doc.send(new UpdateCommand(dayUpdate(day, part, remove.slice(i, i + ENTRIES_PER_UPDATE))));
    }
  }
}

/**
 * The busy intervals that start between `fromMs` and `toMs`, widened by the longest session so one
 * still running at `fromMs` counts, and the version of each day read (0: no item): one consistent query
 * of the day items (one item per day, ~57 for 8 weeks), read as the DocumentClient returns them.
 */
export async function readBusyDays(fromMs: number, toMs: number): Promise<{ busy: Busy[]; versions: BusyVersions }> {
  const from = fromMs - MAX_SESSION_MINUTES * MINUTE;
  const first = new Date(from).toISOString().slice(0, 10);
  const last = new Date(toMs).toISOString().slice(0, 10);
  const items = await queryRawItems(
    store()
      .entities.busyDay.query.byDay({})
      .between({ day: first }, { day: last })
      .params({ consistent: true }) as QueryCommandInput,
  );
  const versions = new Map<string, number>();
  for (let d = Date.parse(`${first}T00:00:00Z`); d <= Date.parse(`${last}T00:00:00Z`); d += DAY) {
    versions.set(new Date(d).toISOString().slice(0, 10), 0);
  }
  const busy: Busy[] = [];
  for (const item of items) {
    if (typeof item.day === 'string') versions.set(item.day, Number(item[VERSION_ATTRIBUTE] ?? 0));
    for (const [name, value] of Object.entries(item)) {
      if (!name.startsWith(ENTRY_PREFIX) || !Array.isArray(value)) continue;
      const [start, end] = value as number[];
      if (start >= from && start <= toMs) busy.push({ start, end });
    }
  }
  return { busy, versions };
}

/** The busy intervals of `readBusyDays`. */
export async function busyIntervals(fromMs: number, toMs: number): Promise<Busy[]> {
  return (await readBusyDays(fromMs, toMs)).busy;
}

/**
 * Data written before the day items existed has open sessions and pending requests but no entries:
 * records the entries of those that start from `fromMs` on (the open sessions by the sessions-by-date
 * index, the pending requests by the bookings-by-status index). Setting an entry again is no change,
 * so it may run more than once; it runs once per table (shared/domain/backfills.ts) because an entry
 * closed meanwhile would be set again. Returns how many.
 */
export async function backfillBusyDays(fromMs = Date.now() - DAY): Promise<number> {
  const s = store().entities;
  const from = new Date(fromMs).toISOString();
  const [sessions, bookings] = await Promise.all([
    s.session.query
      .byDate({})
      .gte({ scheduledAt: from })
      .where(({ status }, { eq }) => `${eq(status, 'scheduled')} OR ${eq(status, 'confirmed')}`)
      .go({ pages: 'all', attributes: ['id', 'bookingId', 'scheduledAt', 'endsAt'] }),
    s.booking.query
      .byStatus({ status: 'pending' })
      .gte({ scheduledAt: from })
      .go({ pages: 'all', attributes: ['id', 'scheduledAt', 'endsAt'] }),
  ]);
  const add = [...sessions.data, ...bookings.data].map((x) => busyEntry(x as BusyEntry & { bookingId?: string }));
  if (add.length) await writeBusyDays({ add });
  return add.length;
}
