import { type QueryCommandInput, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from '../db/client.js';
import { isConditionFailure, queryRawItems, store } from '../db/service.js';

/**
 * The daily aggregates (docs/decisions/0030-first-party-analytics.md): the aggregator (a consumer of
 * the table's stream, functions/streams/aggregate-analytics.ts) adds each recorded event to the
 * counters of its day, once. A batch of events is summed first, so a day's item gets one update per
 * batch however busy the site is (no hot key), and each chunk is one transaction with the events'
 * "counted" marks: an event delivered again (a retried batch) is left out.
 */

export type Dimension = 'site' | 'page' | 'source' | 'campaign';
type KeyedDimension = Exclude<Dimension, 'site'>;
const KEYED: readonly KeyedDimension[] = ['page', 'source', 'campaign'];

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

const ZERO: SiteCounts = { views: 0, visitors: 0, visits: 0, bounces: 0, durationSeconds: 0, formSubmits: 0 };

/** Events per transaction: with their day's four items (and a second day's), well under DynamoDB's 100. */
const CHUNK = 50;

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

type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The update adding `counts` into the map of a keyed dimension's day item. */
function addToMap(dimension: KeyedDimension, day: string, counts: Map<string, number>): TxItem {
  const { Key, TableName } = store()
    .entities.analyticsDaily.update({ dimension, month: day.slice(0, 7), day })
    .add({ views: 0 })
    .params() as { Key: Record<string, string>; TableName: string };
  const names: Record<string, string> = { '#counts': 'counts' };
  const values: Record<string, number> = { ':zero': 0 };
  // ADD works on top-level attributes only: a map entry is SET from itself (0 when missing) plus the count.
  const sets = [...counts].map(([key, n], i) => {
    names[`#k${i}`] = key;
    values[`:v${i}`] = n;
    return `#counts.#k${i} = if_not_exists(#counts.#k${i}, :zero) + :v${i}`;
  });
  return {
    Update: {
      TableName,
      Key,
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

async function applyChunk(events: readonly CountedEvent[]): Promise<void> {
  let pending = [...events];
  const entities = store().entities;
  // At most one pass per event: each pass either commits or leaves out the events already counted.
  for (let pass = 0; pass <= events.length && pending.length > 0; pass++) {
    const days = sumEvents(pending);
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
      const add = Object.fromEntries(Object.entries(sums.site).filter(([, v]) => v !== 0));
      if (Object.keys(add).length > 0) {
        items.push({
          Update: entities.analyticsDaily
            .update({ dimension: 'site', month: day.slice(0, 7), day })
            .add(add)
            .params() as never,
        });
      }
      for (const dim of KEYED) if (sums.keyed[dim].size > 0) items.push(addToMap(dim, day, sums.keyed[dim]));
    }
    try {
      await db().doc.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (e) {
      const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if (!reasons) throw e;
      const counted = new Set(pending.filter((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed').map((x) => x.id));
      if (counted.size === 0) throw e;
      pending = pending.filter((x) => !counted.has(x.id));
    }
  }
}

/** Adds `events` to the daily counters, each event once however often it is delivered. */
export async function aggregateAnalyticsEvents(events: readonly CountedEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += CHUNK) await applyChunk(events.slice(i, i + CHUNK));
}

function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); ) {
    months.push(m);
    const [y, mo] = m.split('-').map(Number);
    m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  }
  return months;
}

/** A day item as the dashboard reads it. */
interface DayItem extends Partial<SiteCounts> {
  dimension: 'site' | KeyedDimension;
  day: string;
  counts?: Record<string, number>;
}

const DIMENSIONS = new Set(['site', 'page', 'source', 'campaign']);
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/**
 * The day items of every dimension for the days `from`..`to` (YYYY-MM-DD): one query per month. Read as
 * the DocumentClient returns them (`queryRawItems`): ElectroDB's per-item formatting of the count maps
 * took as long as the queries themselves (120 items a month: 88 ms against 49 ms at p50, load ~11).
 */
export async function readAnalyticsDays(from: string, to: string): Promise<DayItem[]> {
  const entity = store().entities.analyticsDaily;
  const pages = await Promise.all(
    monthsOf(from, to).map((month) => queryRawItems(entity.query.byMonth({ month }).params() as QueryCommandInput)),
  );
  const items: DayItem[] = [];
  for (const r of pages.flat()) {
    if (r.__edb_e__ !== 'analyticsDaily' || typeof r.day !== 'string' || !DIMENSIONS.has(r.dimension as string))
      continue;
    if (r.day < from || r.day > to) continue;
    items.push({
      dimension: r.dimension as DayItem['dimension'],
      day: r.day,
      views: num(r.views),
      visitors: num(r.visitors),
      visits: num(r.visits),
      bounces: num(r.bounces),
      durationSeconds: num(r.durationSeconds),
      formSubmits: num(r.formSubmits),
      counts: r.counts && typeof r.counts === 'object' ? (r.counts as Record<string, number>) : undefined,
    });
  }
  return items;
}

/** The day totals of the site among `items` (from `readAnalyticsDays`). */
export function siteDays(items: readonly DayItem[]): (SiteCounts & { day: string })[] {
  return items
    .filter((r) => r.dimension === 'site')
    .map((r) => ({
      day: r.day,
      views: r.views ?? 0,
      visitors: r.visitors ?? 0,
      visits: r.visits ?? 0,
      bounces: r.bounces ?? 0,
      durationSeconds: r.durationSeconds ?? 0,
      formSubmits: r.formSubmits ?? 0,
    }));
}

/** Count per value of a keyed dimension among `items` (from `readAnalyticsDays`). */
export function keyedTotals(items: readonly DayItem[], dimension: KeyedDimension): Map<string, number> {
  const totals = new Map<string, number>();
  for (const r of items) {
    if (r.dimension !== dimension) continue;
    for (const [key, n] of Object.entries((r.counts ?? {}) as Record<string, number>)) {
      totals.set(key, (totals.get(key) ?? 0) + Number(n));
    }
  }
  return totals;
}
