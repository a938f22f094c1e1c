import { store, writeTransaction } from '../db/service.js';

/**
 * The daily aggregates (docs/decisions/0029-first-party-analytics.md): the aggregator (a consumer of
 * the table's stream, functions/streams/aggregate-analytics.ts) adds each recorded event to the
 * counters of its day, once. A batch of events is summed first, so a counter gets one update per batch
 * however busy the site is (no hot key), and each chunk is one transaction with the events' "counted"
 * marks: an event delivered again (a retried batch) is left out.
 */

export type Dimension = 'site' | 'page' | 'source' | 'campaign';

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

export interface DailyCounts {
  views: number;
  visitors: number;
  visits: number;
  bounces: number;
  durationSeconds: number;
  formSubmits: number;
}

const ZERO: DailyCounts = { views: 0, visitors: 0, visits: 0, bounces: 0, durationSeconds: 0, formSubmits: 0 };

/** Events per transaction: each adds up to four counter updates and its mark (DynamoDB allows 100 items). */
const CHUNK = 19;

interface CounterKey {
  dimension: Dimension;
  day: string;
  key: string;
}

/** What `events` add to each counter (a pure sum; `durationSeconds` holds milliseconds / 1000). */
export function sumEvents(events: readonly CountedEvent[]): Map<string, CounterKey & { add: DailyCounts }> {
  const out = new Map<string, CounterKey & { add: DailyCounts }>();
  const bump = (k: CounterKey, add: Partial<DailyCounts>) => {
    const id = `${k.dimension}\u0000${k.day}\u0000${k.key}`;
    const row = out.get(id) ?? { ...k, add: { ...ZERO } };
    for (const [f, v] of Object.entries(add) as [keyof DailyCounts, number][]) row.add[f] += v;
    out.set(id, row);
  };
  for (const e of events) {
    if (e.name === 'form_submit') {
      bump({ dimension: 'site', day: e.day, key: '' }, { formSubmits: 1 });
      continue;
    }
    const visit = e.newVisit ? 1 : 0;
    bump(
      { dimension: 'site', day: e.day, key: '' },
      {
        views: 1,
        visitors: e.newVisitor ? 1 : 0,
        visits: visit,
        bounces: e.bounceDelta ?? 0,
        durationSeconds: (e.durationDelta ?? 0) / 1000,
      },
    );
    if (e.page) bump({ dimension: 'page', day: e.day, key: e.page }, { views: 1 });
    if (visit && e.source) bump({ dimension: 'source', day: e.day, key: e.source }, { visits: 1 });
    if (visit && e.campaign) bump({ dimension: 'campaign', day: e.day, key: e.campaign }, { visits: 1 });
  }
  return out;
}

async function applyChunk(events: readonly CountedEvent[]): Promise<void> {
  let pending = [...events];
  // At most one pass per event: each pass either commits or leaves out the events already counted.
  for (let pass = 0; pass <= events.length && pending.length > 0; pass++) {
    const sums = [...sumEvents(pending).values()];
    const { canceled, codes } = await writeTransaction(({ analyticsDaily, analyticsEvent }) => [
      ...pending.map((e) =>
        analyticsEvent
          .patch({ day: e.day, at: e.at, id: e.id })
          .set({ aggregated: true })
          .where((a, { notExists }) => notExists(a.aggregated))
          .commit(),
      ),
      ...sums.map((s) => {
        const add = Object.fromEntries(Object.entries(s.add).filter(([, v]) => v !== 0));
        return analyticsDaily
          .update({ dimension: s.dimension, month: s.day.slice(0, 7), day: s.day, key: s.key })
          .add(add)
          .commit();
      }),
    ]);
    if (!canceled) return;
    const counted = new Set(pending.filter((_, i) => codes[i] === 'ConditionalCheckFailed').map((e) => e.id));
    if (counted.size === 0) throw new Error(`Analytics aggregation cancelled (${codes.filter(Boolean).join(', ')})`);
    pending = pending.filter((e) => !counted.has(e.id));
  }
}

/** Adds `events` to the daily counters, each event once however often it is delivered. */
export async function aggregateAnalyticsEvents(events: readonly CountedEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += CHUNK) await applyChunk(events.slice(i, i + CHUNK));
}

/** The counters of `dimension` for the days `from`..`to` (YYYY-MM-DD): one query per month. */
export async function readDailyCounts(
  dimension: Dimension,
  from: string,
  to: string,
): Promise<(CounterKey & DailyCounts)[]> {
  const months: string[] = [];
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); ) {
    months.push(m);
    const [y, mo] = m.split('-').map(Number);
    m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  }
  const pages = await Promise.all(
    months.map((month) =>
      store().entities.analyticsDaily.query.byMonth({ dimension, month }).gte({ day: from }).go({ pages: 'all' }),
    ),
  );
  return pages
    .flatMap((p) => p.data)
    .filter((r) => r.day >= from && r.day <= to)
    .map((r) => ({
      dimension,
      day: r.day,
      key: r.key,
      views: r.views ?? 0,
      visitors: r.visitors ?? 0,
      visits: r.visits ?? 0,
      bounces: r.bounces ?? 0,
      durationSeconds: r.durationSeconds ?? 0,
      formSubmits: r.formSubmits ?? 0,
    }));
}
