import type { AnalyticsData, RecentContact, TopPage } from '../contracts/analytics.js';
import { SESSION_STATUSES } from '../contracts/session-options.js';
import { store } from '../db/service.js';
import { readFunnel } from './analytics-funnel.js';
import { readAnalyticsRange } from './analytics-range.js';
import { businessDays } from './business-calendar.js';
import { businessDate } from './business-time.js';
import { COUNTERS, readCounters } from './counters.js';
import { businessTimeZoneSetting } from './settings.js';

/**
 * The analytics dashboard's numbers (SPEC 7 shape), read from the aggregates (the month roll-ups and a
 * partial month's days, shared/domain/analytics-range.ts; never the raw events), the contact submissions
 * by creation time and the session counts. Days are the business's calendar days, in its time zone.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** SPEC 9: top 5 pages. */
export const TOP_PAGES = 5;
/** SPEC 9: contacts of the last 30 days, at most 10. */
export const RECENT_CONTACT_DAYS = 30;
export const RECENT_CONTACT_LIMIT = 10;
const TOP_SOURCES = 10;

// Calendar arithmetic on YYYY-MM-DD dates (as UTC midnights, where every day has 24 hours).
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The last `days` days of the business's calendar up to `now`'s, today included. */
export function rangeOf(days: number, now: Date, timeZone: string): { from: string; to: string; days: number } {
  const to = businessDate(now, timeZone);
  return { from: isoDay(dayStart(to) - (days - 1) * DAY_MS), to, days };
}

/** A share as a percentage with one decimal (0 when the whole is 0). */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** Minutes with two decimals. */
export const minutes = (seconds: number) => Math.round((seconds / 60) * 100) / 100;

/** The `limit` largest counts, most first (ties by key). */
function topOf(totals: Map<string, number>, limit: number): [string, number][] {
  return [...totals]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit);
}

/**
 * SPEC 9's recent contacts: the newest 10 of the last 30 days that were not removed (the contact list's
 * views). The key condition is bounded on both sides: the creation index's partition holds other
 * entities' keys (sorting after these), which an open `>=` would read first.
 */
async function recentContacts(now: Date): Promise<RecentContact[]> {
  const since = new Date(now.getTime() - RECENT_CONTACT_DAYS * DAY_MS).toISOString();
  const until = new Date(now.getTime() + DAY_MS).toISOString();
  const { data } = await store()
    .entities.contactSubmission.query.byCreated({})
    .between({ createdAt: since }, { createdAt: until })
    .where(({ status }, { ne }) => ne(status, 'removed'))
    .go({ order: 'desc', count: RECENT_CONTACT_LIMIT });
  return data.map((c) => ({
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    program: c.program,
    status: c.status,
    createdAt: c.createdAt,
  }));
}

/**
 * The clients with a paid payment created in the range (the payments list with status paid and the
 * range's instants): the paid payments' status index, keyed by creation time.
 */
async function countPaidClients(range: { start: string; end: string }): Promise<number> {
  const { data } = await store()
    .entities.payment.query.byStatus({ status: 'paid' })
    .between({ createdAt: range.start }, { createdAt: new Date(Date.parse(range.end) + 1).toISOString() })
    .go({ pages: 'all', attributes: ['profileId'] });
  return new Set(data.map((p) => p.profileId)).size;
}

/**
 * The counters the report shows, in one batch get: sessions per status (kept by every session write;
 * those without a status, the total less the rest, are pending), the active clients (the dashboard's
 * figure) and whether analytics ever counted a page view.
 */
async function readReportCounters(): Promise<{
  sessionsByStatus: { status: string; count: number }[];
  activeClients: number;
  recorded: boolean;
}> {
  const names = SESSION_STATUSES.map((status) => COUNTERS.sessionsOfStatus(status));
  const counters = await readCounters([
    COUNTERS.sessionsTotal,
    COUNTERS.activeClients,
    COUNTERS.analyticsRecorded,
    ...names,
  ]);
  const counts = names.map((name) => counters[name]);
  const known = counts.reduce((a, b) => a + b, 0);
  return {
    sessionsByStatus: [
      { status: 'pending', count: Math.max(0, counters[COUNTERS.sessionsTotal] - known) },
      ...SESSION_STATUSES.map((status, i) => ({ status, count: counts[i] })),
    ],
    activeClients: counters[COUNTERS.activeClients],
    recorded: counters[COUNTERS.analyticsRecorded] > 0,
  };
}

export async function getAnalytics(days: number, now = new Date()): Promise<AnalyticsData> {
  // The range's reads wait for the time zone; the others start at once.
  const rangeRead = businessTimeZoneSetting().then(async (timeZone) => {
    const range = rangeOf(days, now, timeZone);
    const instants = businessDays(range.from, range.to, timeZone);
    const [counts, funnelOf, paidClients] = await Promise.all([
      readAnalyticsRange(range.from, range.to),
      readFunnel(instants),
      countPaidClients(instants),
    ]);
    return { range, counts, funnelOf, paidClients };
  });
  const [{ range, counts, funnelOf, paidClients }, contacts, counters] = await Promise.all([
    rangeRead,
    recentContacts(now),
    readReportCounters(),
  ]);
  const total = counts.site;
  const perDay = counts.dayViews;
  const pageViews: { date: string; views: number }[] = [];
  for (let t = dayStart(range.from); isoDay(t) <= range.to; t += DAY_MS) {
    pageViews.push({ date: isoDay(t).replaceAll('-', ''), views: perDay.get(isoDay(t)) ?? 0 });
  }
  const topPages: TopPage[] = topOf(counts.keyed.page, TOP_PAGES).map(([page, n]) => ({
    page,
    views: n,
    percentage: percent(n, total.views),
  }));
  return {
    range,
    recorded: counters.recorded || total.views > 0,
    summary: {
      totalPageViews: total.views,
      totalUsers: total.visitors,
      totalVisits: total.visits,
      bounceRate: percent(total.bounces, total.visits),
      avgSessionDuration: total.visits > 0 ? minutes(total.durationSeconds / total.visits) : 0,
      topPages,
      activeClients: counters.activeClients,
      paidClients,
    },
    pageViews,
    sources: topOf(counts.keyed.source, TOP_SOURCES).map(([source, visits]) => ({ source, visits })),
    campaigns: topOf(counts.keyed.campaign, TOP_SOURCES).map(([campaign, visits]) => ({ campaign, visits })),
    funnel: funnelOf(total.visits),
    recentContacts: contacts,
    sessionsByStatus: counters.sessionsByStatus,
  };
}
