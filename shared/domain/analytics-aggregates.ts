import { type QueryCommandInput, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from '../db/batch.js';
import { db } from '../db/client.js';
import { isConditionFailure, queryRawItems, store } from '../db/service.js';
import { COUNTERS } from './counters.js';

/**
 * The daily aggregates and their month roll-ups (docs/decisions/0030-first-party-analytics.md): the
 * aggregator (a consumer of the table's stream, functions/streams/aggregate-analytics.ts) adds each
 * recorded event to the counters of its day and month, once. A batch of events is summed first, so a
 * day's or month's item gets one update per batch however busy the site is (no hot key), and each chunk
 * is one transaction with the events' "counted" marks: an event delivered again (a retried batch) is
 * left out.
 */

export type Dimension = 'site' | 'page' | 'source' | 'campaign';
export type KeyedDimension = Exclude<Dimension, 'site'>;
export const KEYED: readonly KeyedDimension[] = ['page', 'source', 'campaign'];

export interface CountedEvent {
  id: string;
  day: string;
  at: string;
  name: 'page_view' | 'form_submit';
  page?: string;
  newVisitor?: boolean;
  newVisit?: boolean;
  bounceDelta?: number;
  durationDelta?: number;
  source?: string;
  campaign?: string;
}

export interface SiteCounts {
  views: number;
  visitors: number;
  visits: number;
  bounces: number;
  durationSeconds: number;
  formSubmits: number;
}

export const ZERO: SiteCounts = { views: 0, visitors: 0, visits: 0, bounces: 0, durationSeconds: 0, formSubmits: 0 };

/** DynamoDB's limit of items in one transaction. */
const MAX_TX_ITEMS = 100;

/**
 * The events cut into transactions: each event's mark, plus per day its (up to) four day items and per
 * month its four roll-ups, at most 100 items, so a batch spanning many days still commits.
 */
export function chunksOf(events: readonly CountedEvent[]): CountedEvent[][] {
  const chunks: CountedEvent[][] = [];
  let chunk: CountedEvent[] = [];
  let days = new Set<string>();
  let months = new Set<string>();
  for (const e of events) {
    const moreDays = days.has(e.day) ? 0 : 1;
    const moreMonths = months.has(e.day.slice(0, 7)) ? 0 : 1;
    const size = chunk.length + 1 + 4 * (days.size + moreDays) + 4 * (months.size + moreMonths);
    if (chunk.length > 0 && size > MAX_TX_ITEMS) {
      chunks.push(chunk);
      chunk = [];
      days = new Set();
      months = new Set();
    }
    chunk.push(e);
    days.add(e.day);
    months.add(e.day.slice(0, 7));
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

export interface DaySums {
  site: SiteCounts;
  /** Per keyed dimension: value -> count to add. */
  keyed: Record<KeyedDimension, Map<string, number>>;
}

/** What `events` add to each day's counters (a pure sum; duration in seconds). */
export function sumEvents(events: readonly CountedEvent[]): Map<string, DaySums> {
  const days = new Map<string, DaySums>();
  for (const e of events) {
    let d = days.get(e.day);
    if (!d) {
      d = { site: { ...ZERO }, keyed: { page: new Map(), source: new Map(), campaign: new Map() } };
      days.set(e.day, d);
    }
    const bump = (dim: KeyedDimension, key: string) => d.keyed[dim].set(key, (d.keyed[dim].get(key) ?? 0) + 1);
    if (e.name === 'form_submit') {
      d.site.formSubmits += 1;
      continue;
    }
    d.site.views += 1;
    if (e.newVisitor) d.site.visitors += 1;
    if (e.newVisit) d.site.visits += 1;
    d.site.bounces += e.bounceDelta ?? 0;
    d.site.durationSeconds += (e.durationDelta ?? 0) / 1000;
    if (e.page) bump('page', e.page);
    if (e.newVisit && e.source) bump('source', e.source);
    if (e.newVisit && e.campaign) bump('campaign', e.campaign);
  }
  return days;
}

/** The sums of `days` (from `sumEvents`) per month: site totals, views per day, keyed counts. */
export function sumMonths(
  days: ReadonlyMap<string, DaySums>,
): Map<string, DaySums & { dayViews: Map<string, number> }> {
  const months = new Map<string, DaySums & { dayViews: Map<string, number> }>();
  for (const [day, sums] of days) {
    const month = day.slice(0, 7);
    let m = months.get(month);
    if (!m) {
      m = {
        site: { ...ZERO },
        keyed: { page: new Map(), source: new Map(), campaign: new Map() },
        dayViews: new Map(),
      };
      months.set(month, m);
    }
    for (const k of Object.keys(ZERO) as (keyof SiteCounts)[]) m.site[k] += sums.site[k];
    m.dayViews.set(day, sums.site.views);
    for (const dim of KEYED)
      for (const [key, n] of sums.keyed[dim]) m.keyed[dim].set(key, (m.keyed[dim].get(key) ?? 0) + n);
  }
  return months;
}

const ensured = new Set<string>();

/** Makes the day's item of a keyed dimension with an empty map, once (its counts are added into the map). */
async function ensureDayItem(dimension: KeyedDimension, day: string): Promise<void> {
  const id = `${dimension}#${day}`;
  if (ensured.has(id)) return;
  try {
    await store()
      .entities.analyticsDaily.create({ dimension, month: day.slice(0, 7), day, counts: {} })
      .go();
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
  if (ensured.size > 1000) ensured.clear();
  ensured.add(id);
}

/**
 * Makes the month's four roll-ups, once, each from what the month's day items of its dimension hold now
 * (a consistent read; none for a new month): days counted before roll-ups existed are in it from the start.
 * Every later addition to the month's day items is in a transaction with an update of the roll-up that
 * requires it to exist, so none can fall between the read and the create. The site roll-up is made last:
 * when it exists, so do the others (the reads rely on that).
 */
async function ensureMonthItems(month: string): Promise<void> {
  const id = `month#${month}`;
  if (ensured.has(id)) return;
  const { analyticsDaily, analyticsMonthly } = store().entities;
  const existing = await batchGetAll(
    'analytics roll-ups',
    DIMENSIONS.map((dimension) => ({ month, dimension })),
    (keys) => analyticsMonthly.get(keys).go(),
  );
  const have = new Set(existing.map((x) => x.dimension));
  for (const dimension of [...KEYED, 'site'] as const) {
    if (have.has(dimension)) continue;
    const days = await queryRawItems({
      ...(analyticsDaily.query.byMonth({ month, dimension }).params() as QueryCommandInput),
      ConsistentRead: true,
    });
    const items = days.filter((r) => r.__edb_e__ === 'analyticsDaily' && r.dimension === dimension).map(toDayItem);
    const rollUp =
      dimension === 'site'
        ? {
            ...Object.fromEntries(
              (Object.keys(ZERO) as (keyof SiteCounts)[]).map((k) => [k, items.reduce((a, r) => a + (r[k] ?? 0), 0)]),
            ),
            counts: Object.fromEntries(items.map((r) => [r.day, r.views ?? 0])),
          }
        : { counts: Object.fromEntries(keyedTotals(items, dimension)) };
    try {
      await analyticsMonthly.create({ dimension, month, ...rollUp }).go();
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
  ensured.add(id);
}

/** Makes `ensureMonthItems` look for the month's roll-ups again. */
const forgetMonth = (month: string) => ensured.delete(`month#${month}`);

type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The update adding `counts` into the map of an item (a keyed dimension's day or month item, a site
 * roll-up's views per day), with `add` added to its top-level numbers. A roll-up must exist (its
 * creation reads the day items; nothing may add to them before).
 */
function addToMap(
  { Key, TableName }: { Key: Record<string, string>; TableName: string },
  counts: ReadonlyMap<string, number>,
  opts: { add?: Record<string, number>; mustExist?: boolean } = {},
): TxItem {
  const names: Record<string, string> = { '#counts': 'counts' };
  const values: Record<string, number> = { ':zero': 0 };
  // ADD works on top-level attributes only: a map entry is SET from itself (0 when missing) plus the count.
  const sets = [...counts].map(([key, n], i) => {
    names[`#k${i}`] = key;
    values[`:v${i}`] = n;
    return `#counts.#k${i} = if_not_exists(#counts.#k${i}, :zero) + :v${i}`;
  });
  const adds = Object.entries(opts.add ?? {}).map(([name, n]) => {
    names[`#${name}`] = name;
    values[`:${name}`] = n;
    return `#${name} :${name}`;
  });
  if (opts.mustExist) names['#pk'] = 'pk';
  return {
    Update: {
      TableName,
      Key,
      UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : '']
        .filter(Boolean)
        .join(' '),
      ...(opts.mustExist ? { ConditionExpression: 'attribute_exists(#pk)' } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

const keyOf = (params: unknown) => params as { Key: Record<string, string>; TableName: string };
const nonZero = (site: SiteCounts) => Object.fromEntries(Object.entries(site).filter(([, v]) => v !== 0));

async function applyChunk(events: readonly CountedEvent[]): Promise<void> {
  let pending = [...events];
  const entities = store().entities;
  // Each pass commits, leaves out the events already counted, or makes a missing roll-up again: at most
  // one pass per event and one more.
  for (let pass = 0; pass <= events.length + 1 && pending.length > 0; pass++) {
    const days = sumEvents(pending);
    const months = sumMonths(days);
    for (const month of months.keys()) await ensureMonthItems(month);
    for (const [day, sums] of days)
      for (const dim of KEYED) if (sums.keyed[dim].size > 0) await ensureDayItem(dim, day);
    const items: TxItem[] = pending.map((e) => ({
      Update: entities.analyticsEvent
        .patch({ day: e.day, at: e.at, id: e.id })
        .set({ aggregated: true })
        .where((a, { notExists }) => notExists(a.aggregated))
        .params() as never,
    }));
    for (const [day, sums] of days) {
      const add = nonZero(sums.site);
      if (Object.keys(add).length > 0) {
        items.push({
          Update: entities.analyticsDaily
            .update({ dimension: 'site', month: day.slice(0, 7), day })
            .add(add)
            .params() as never,
        });
      }
      for (const dim of KEYED)
        if (sums.keyed[dim].size > 0) {
          const params = entities.analyticsDaily
            .update({ dimension: dim, month: day.slice(0, 7), day })
            .add({ views: 0 });
          items.push(addToMap(keyOf(params.params()), sums.keyed[dim]));
        }
    }
    /** Transaction index -> the month of the roll-up updated there. */
    const rollUpAt = new Map<number, string>();
    for (const [month, sums] of months) {
      const key = (dimension: Dimension) =>
        keyOf(entities.analyticsMonthly.update({ dimension, month }).add({ views: 0 }).params());
      rollUpAt.set(items.length, month);
      items.push(addToMap(key('site'), sums.dayViews, { add: nonZero(sums.site), mustExist: true }));
      for (const dim of KEYED)
        if (sums.keyed[dim].size > 0) {
          rollUpAt.set(items.length, month);
          items.push(addToMap(key(dim), sums.keyed[dim], { mustExist: true }));
        }
    }
    try {
      await db().doc.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (e) {
      const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if (!reasons) throw e;
      const failed = (i: number) => reasons[i]?.Code === 'ConditionalCheckFailed';
      const counted = new Set(pending.filter((_, i) => failed(i)).map((x) => x.id));
      // A roll-up gone since this process made it (deleted): made again from the day items on the next pass.
      const missing = [...rollUpAt].filter(([i]) => failed(i)).map(([, month]) => month);
      if (counted.size === 0 && missing.length === 0) throw e;
      for (const month of missing) forgetMonth(month);
      pending = pending.filter((x) => !counted.has(x.id));
    }
  }
}

let recordedMarked = false;

/**
 * Sets the flag saying a page view was counted (the report's "being set up" notice shows until then):
 * one idempotent put per container, after the first batch with a page view.
 */
async function markAnalyticsRecorded(): Promise<void> {
  if (recordedMarked) return;
  await store().entities.counter.put({ name: COUNTERS.analyticsRecorded, value: 1 }).go();
  recordedMarked = true;
}

/** Adds `events` to the daily counters and their month roll-ups, each event once however often it is delivered. */
export async function aggregateAnalyticsEvents(events: readonly CountedEvent[]): Promise<void> {
  for (const chunk of chunksOf(events)) await applyChunk(chunk);
  if (events.some((e) => e.name === 'page_view')) await markAnalyticsRecorded();
}

/** The months (YYYY-MM) of the days `from`..`to` (YYYY-MM-DD), oldest first. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); ) {
    months.push(m);
    const [y, mo] = m.split('-').map(Number);
    m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  }
  return months;
}

/** A day item as the dashboard reads it. */
export interface DayItem extends Partial<SiteCounts> {
  dimension: Dimension;
  day: string;
  counts?: Record<string, number>;
}

const DIMENSIONS: readonly Dimension[] = ['site', 'page', 'source', 'campaign'];
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

function toDayItem(r: Record<string, unknown>): DayItem {
  return {
    dimension: r.dimension as Dimension,
    day: r.day as string,
    views: num(r.views),
    visitors: num(r.visitors),
    visits: num(r.visits),
    bounces: num(r.bounces),
    durationSeconds: num(r.durationSeconds),
    formSubmits: num(r.formSubmits),
    counts: r.counts && typeof r.counts === 'object' ? (r.counts as Record<string, number>) : undefined,
  };
}

/**
 * The day items of every dimension of `month` for the days `from`..`to` (YYYY-MM-DD): one query, the
 * other days left out by a filter. Read as the DocumentClient returns them (`queryRawItems`): ElectroDB's
 * per-item formatting of the count maps took as long as the queries themselves (120 items a month: 88 ms
 * against 49 ms at p50, load ~11).
 */
export async function readDayItems(month: string, from: string, to: string): Promise<DayItem[]> {
  const params = store()
    .entities.analyticsDaily.query.byMonth({ month })
    .where(({ day }, { between }) => between(day, from, to))
    .params() as QueryCommandInput;
  return (await queryRawItems(params))
    .filter(
      (r) =>
        r.__edb_e__ === 'analyticsDaily' &&
        typeof r.day === 'string' &&
        r.day >= from &&
        r.day <= to &&
        DIMENSIONS.includes(r.dimension as Dimension),
    )
    .map(toDayItem);
}

/** Count per value of a keyed dimension among `items` (day items or roll-ups), summed. */
export function keyedTotals(
  items: readonly { dimension: Dimension; counts?: Record<string, number> }[],
  dimension: KeyedDimension,
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const r of items) {
    if (r.dimension !== dimension) continue;
    for (const [key, n] of Object.entries(r.counts ?? {})) totals.set(key, (totals.get(key) ?? 0) + Number(n));
  }
  return totals;
}
