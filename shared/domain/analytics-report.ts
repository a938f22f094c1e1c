import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AnalyticsData, RecentContact, TopPage } from '../contracts/analytics.js';
import { SESSION_STATUSES } from '../contracts/session-options.js';
import { countQuery, store } from '../db/service.js';
import { keyedTotals, readAnalyticsDays, siteDays } from './analytics-aggregates.js';
import { readFunnel } from './analytics-funnel.js';
import { businessDays } from './business-calendar.js';
import { businessDate } from './business-time.js';
import { COUNTERS, readCounters } from './counters.js';
import { businessTimeZoneSetting } from './settings.js';

/**
 * The analytics dashboard's numbers (SPEC 7 shape), read from the daily aggregates (a few queries per
 * month of the range, never the raw events), the contact submissions by creation time and the session
 * counts. Days are the business's calendar days, in its time zone.
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

async function recentContacts(now: Date): Promise<RecentContact[]> {
  const since = new Date(now.getTime() - RECENT_CONTACT_DAYS * DAY_MS).toISOString();
  const { data } = await store()
    .entities.contactSubmission.query.byCreated({})
    .gte({ createdAt: since })
    .go({ order: 'desc', limit: RECENT_CONTACT_LIMIT });
  return data.map((c) => ({
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    program: c.program,
    status: c.status,
    createdAt: c.createdAt,
  }));
}

/** Sessions per status (COUNT queries); those without a status (the total less the rest) are pending. */
async function sessionsByStatus(): Promise<{ status: string; count: number }[]> {
  const [counts, total] = await Promise.all([
    Promise.all(
      SESSION_STATUSES.map((status) =>
        countQuery(store().entities.session.query.byStatusEnd({ status }).params() as QueryCommandInput),
      ),
    ),
    readCounters([COUNTERS.sessionsTotal]),
  ]);
  const known = counts.reduce((a, b) => a + b, 0);
  return [
    { status: 'pending', count: Math.max(0, total[COUNTERS.sessionsTotal] - known) },
    ...SESSION_STATUSES.map((status, i) => ({ status, count: counts[i] })),
  ];
}

export async function getAnalytics(days: number, now = new Date()): Promise<AnalyticsData> {
  const timeZone = await businessTimeZoneSetting();
  const range = rangeOf(days, now, timeZone);
  const [items, contacts, sessions, funnelOf] = await Promise.all([
    readAnalyticsDays(range.from, range.to),
    recentContacts(now),
    sessionsByStatus(),
    readFunnel(businessDays(range.from, range.to, timeZone)),
  ]);
  const site = siteDays(items);
  const pages = keyedTotals(items, 'page');
  const sources = keyedTotals(items, 'source');
  const campaigns = keyedTotals(items, 'campaign');
  const total = { views: 0, visitors: 0, visits: 0, bounces: 0, durationSeconds: 0 };
  const perDay = new Map<string, number>();
  for (const d of site) {
    total.views += d.views;
    total.visitors += d.visitors;
    total.visits += d.visits;
    total.bounces += d.bounces;
    total.durationSeconds += d.durationSeconds;
    perDay.set(d.day, (perDay.get(d.day) ?? 0) + d.views);
  }
  const pageViews: { date: string; views: number }[] = [];
  for (let t = dayStart(range.from); isoDay(t) <= range.to; t += DAY_MS) {
    pageViews.push({ date: isoDay(t).replaceAll('-', ''), views: perDay.get(isoDay(t)) ?? 0 });
  }
  const topPages: TopPage[] = topOf(pages, TOP_PAGES).map(([page, n]) => ({
    page,
    views: n,
    percentage: percent(n, total.views),
  }));
  return {
    range,
    summary: {
      totalPageViews: total.views,
      totalUsers: total.visitors,
      totalVisits: total.visits,
      bounceRate: percent(total.bounces, total.visits),
      avgSessionDuration: total.visits > 0 ? minutes(total.durationSeconds / total.visits) : 0,
      topPages,
    },
    pageViews,
    sources: topOf(sources, TOP_SOURCES).map(([source, visits]) => ({ source, visits })),
    campaigns: topOf(campaigns, TOP_SOURCES).map(([campaign, visits]) => ({ campaign, visits })),
    funnel: funnelOf(total.visits),
    recentContacts: contacts,
    sessionsByStatus: sessions,
  };
}
