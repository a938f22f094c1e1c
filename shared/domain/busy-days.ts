import { type QueryCommandInput, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { MAX_SESSION_MINUTES } from '../contracts/session-options.js';
import { db } from '../db/client.js';
import { queryRawItems, store, type TxItem } from '../db/service.js';
import { TTL_ATTRIBUTE } from '../db/table.js';
import type { Busy } from './open-times.js';

/**
 * The calendar's busy time by day (docs/decisions/0034-online-booking.md, `busyDay` items): what the
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

/** One day item's update: its entries set and removed, its expiry and ElectroDB's identifiers. */
function dayUpdate(
  day: string,
  set: ReadonlyMap<string, [number, number]>,
  remove: Iterable<string>,
): UpdateCommandInput {
  const entity = store().entities.busyDay;
  const { Key, TableName } = entity.get({ day }).params() as { Key: Record<string, string>; TableName: string };
  const names: Record<string, string> = {
    '#ttl': TTL_ATTRIBUTE,
    '#day': 'day',
    '#e': '__edb_e__',
    '#v': '__edb_v__',
  };
  const values: Record<string, unknown> = {
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
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/**
 * The transaction items that record `changes`: one update per day touched. A transaction may write an
 * item once, so each write passes all its changes in one call.
 */
export function busyDayItems(changes: BusyChanges): TxItem[] {
  return [...byDay(changes)].map(([day, x]) => ({ Update: dayUpdate(day, x.set, x.remove) }) as unknown as TxItem);
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
 * still running at `fromMs` counts: one consistent query of the day items (one item per day, ~57 for
 * 8 weeks), read as the DocumentClient returns them.
 */
export async function busyIntervals(fromMs: number, toMs: number): Promise<Busy[]> {
  const from = fromMs - MAX_SESSION_MINUTES * MINUTE;
  const items = await queryRawItems(
    store()
      .entities.busyDay.query.byDay({})
      .between({ day: new Date(from).toISOString().slice(0, 10) }, { day: new Date(toMs).toISOString().slice(0, 10) })
      .params({ consistent: true }) as QueryCommandInput,
  );
  const busy: Busy[] = [];
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      if (!name.startsWith(ENTRY_PREFIX) || !Array.isArray(value)) continue;
      const [start, end] = value as number[];
      if (start >= from && start <= toMs) busy.push({ start, end });
    }
  }
  return busy;
}

/**
 * Data written before the day items existed has open sessions and pending requests but no entries:
 * records the entries of those that start from `fromMs` on (the open sessions by the sessions-by-date
 * index, the pending requests by the bookings-by-status index). Setting an entry again is no change,
 * so it may run more than once; it runs once per table (a marker setting in the cloud, the local
 * runtime's state locally) because an entry closed meanwhile would be set again. Returns how many.
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

/** The setting whose presence says the table's busy days were backfilled. */
const BACKFILL_MARKER = 'busyDaysBackfilled';

/**
 * `backfillBusyDays` once per table: skipped when the marker setting exists, which is written after
 * it. Run at the local runtime's start and by the cloud's seeding custom resource.
 */
export async function backfillBusyDaysOnce(): Promise<number | undefined> {
  const s = store().entities;
  const { data } = await s.setting.get({ key: BACKFILL_MARKER }).go({ consistent: true });
  if (data) return undefined;
  const n = await backfillBusyDays();
  await s.setting.put({ key: BACKFILL_MARKER }).go();
  return n;
}
