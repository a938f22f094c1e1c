import { batchGetAll } from '../db/batch.js';
import { store } from '../db/service.js';
import {
  type DayItem,
  type Dimension,
  KEYED,
  type KeyedDimension,
  keyedTotals,
  monthsOf,
  readDayItems,
  type SiteCounts,
  ZERO,
} from './analytics-aggregates.js';

/**
 * The counters of a range of days for the dashboard (docs/decisions/0030-first-party-analytics.md):
 * every month that starts in the range from its four roll-ups (one BatchGetItem for all of them), the
 * range's first month, when it starts in the middle, from its day items (one query). A month is read
 * from its day items instead when it has no roll-ups (counted before they existed, or left unprocessed
 * by the batch read) or holds days after the range's last (a range ending before today).
 */

export interface RangeCounts {
  site: SiteCounts;
  /** Views per day (YYYY-MM-DD); a day without views is missing. */
  dayViews: Map<string, number>;
  keyed: Record<KeyedDimension, Map<string, number>>;
}

interface RollUp {
  dimension: Dimension;
  month: string;
  views?: number;
  visitors?: number;
  visits?: number;
  bounces?: number;
  durationSeconds?: number;
  formSubmits?: number;
  counts?: Record<string, number>;
}

/** Each month's four roll-ups, for the months that have all four. */
async function readRollUps(months: readonly string[]): Promise<Map<string, RollUp[]>> {
  if (months.length === 0) return new Map();
  const dimensions: readonly Dimension[] = ['site', ...KEYED];
  const data = await batchGetAll(
    'analytics roll-ups',
    months.flatMap((month) => dimensions.map((dimension) => ({ month, dimension }))),
    (keys) => store().entities.analyticsMonthly.get(keys).go(),
  );
  const byMonth = new Map<string, RollUp[]>();
  for (const r of data as RollUp[]) byMonth.set(r.month, [...(byMonth.get(r.month) ?? []), r]);
  return new Map([...byMonth].filter(([, items]) => items.length === dimensions.length));
}

function addSite(to: RangeCounts, from: Partial<SiteCounts>) {
  for (const k of Object.keys(ZERO) as (keyof SiteCounts)[]) to.site[k] += from[k] ?? 0;
}

function addKeyed(to: RangeCounts, items: readonly { dimension: Dimension; counts?: Record<string, number> }[]) {
  for (const dim of KEYED)
    for (const [key, n] of keyedTotals(items, dim)) to.keyed[dim].set(key, (to.keyed[dim].get(key) ?? 0) + n);
}

/** The counters of the days `from`..`to` (YYYY-MM-DD), summed over the range. */
export async function readAnalyticsRange(from: string, to: string): Promise<RangeCounts> {
  const months = monthsOf(from, to);
  // Months starting in the range: the roll-up holds the range's part of the month (or more; see below).
  const whole = months.filter((m) => `${m}-01` >= from);
  const partial = months.filter((m) => `${m}-01` < from);
  const [rollUps, partialDays] = await Promise.all([
    readRollUps(whole),
    Promise.all(partial.map((m) => readDayItems(m, from, to))),
  ]);
  const out: RangeCounts = {
    site: { ...ZERO },
    dayViews: new Map(),
    keyed: { page: new Map(), source: new Map(), campaign: new Map() },
  };
  const fallback: string[] = [];
  for (const month of whole) {
    const items = rollUps.get(month);
    const site = items?.find((r) => r.dimension === 'site');
    const days = Object.entries(site?.counts ?? {});
    if (!items || !site || days.some(([day]) => day > to)) {
      fallback.push(month);
      continue;
    }
    addSite(out, site);
    for (const [day, views] of days) out.dayViews.set(day, (out.dayViews.get(day) ?? 0) + Number(views));
    addKeyed(out, items);
  }
  const dayItems: DayItem[] = [
    ...partialDays.flat(),
    ...(await Promise.all(fallback.map((m) => readDayItems(m, from, to)))).flat(),
  ];
  for (const d of dayItems) {
    if (d.dimension !== 'site') continue;
    addSite(out, d);
    out.dayViews.set(d.day, (out.dayViews.get(d.day) ?? 0) + (d.views ?? 0));
  }
  addKeyed(out, dayItems);
  return out;
}
