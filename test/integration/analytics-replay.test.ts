import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as getAnalyticsHandler } from '../../functions/http/analytics/get-analytics.js';
import { store } from '../../shared/db/service.js';
import { listAnalyticsEventsOfDay, recordAnalyticsEvent } from '../../shared/domain/analytics.js';
import { businessDays } from '../../shared/domain/business-calendar.js';
import { businessDate } from '../../shared/domain/business-time.js';
import { getBusinessSettings, putBusinessSettings, resetBusinessSettings } from '../../shared/domain/settings.js';
import { findRoute } from '../../shared/routes.js';
import { httpEvent } from '../factories/http-event.js';
import { createTestUser, waitFor } from '../support/api.js';

/**
 * Replays a generated event log (thousands of page views over days, visitors and pages) through the
 * collecting domain function, lets the local runtime's stream aggregator count it, and checks that the
 * dashboard API answers what a plain computation over the same log gives. The log sits in days of a
 * random past year, so no other test's events share its days. Days are the business's: the business is
 * in Los Angeles, and the week is in early March, across the spring daylight-saving change in most years.
 */

const TZ = 'America/Los_Angeles';
const localDay = (t: number) => businessDate(new Date(t), TZ);

const DAY_MS = 86_400_000;
const DAYS = 7;
const PAGES = ['/', '/about', '/programs', '/tips', '/contact', '/success-stories', '/tips/crate-training'];
const REFERRERS = [
  '',
  '',
  'https://www.google.com/search?q=dog',
  'https://facebook.com/x',
  'https://news.example.org/a',
];

interface LogEntry {
  at: number;
  address: string;
  userAgent: string;
  page: string;
  referrer: string;
  utm?: string;
}

/** A log: per visitor, a few bursts of views (some more than 30 minutes apart, some on other days). */
function generateLog(start: number, seed: number, days = DAYS): LogEntry[] {
  let s = seed;
  const rand = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const log: LogEntry[] = [];
  for (let v = 0; v < 300; v++) {
    const address = `198.51.${Math.floor(v / 200)}.${v % 200}`;
    const userAgent = pick([
      'Mozilla/5.0 (X11) Firefox/140',
      'Mozilla/5.0 (iPhone) Safari/18',
      'Mozilla/5.0 Chrome/141',
    ]);
    let t = start + Math.floor(rand() * days * DAY_MS);
    const bursts = 1 + Math.floor(rand() * 4);
    for (let b = 0; b < bursts; b++) {
      const views = 1 + Math.floor(rand() * 6);
      const referrer = pick(REFERRERS);
      const utm = rand() < 0.15 ? 'spring-newsletter' : undefined;
      for (let i = 0; i < views; i++) {
        log.push({
          at: t,
          address,
          userAgent,
          page: pick(PAGES),
          referrer: i === 0 ? referrer : '',
          utm: i === 0 ? utm : undefined,
        });
        t += Math.floor(rand() * 12 * 60_000) + 1000;
      }
      // The next burst: soon (same visit), past the 30-minute timeout, or hours later.
      t += pick([5 * 60_000, 31 * 60_000, 3 * 3_600_000, 20 * 3_600_000]);
    }
  }
  return log.filter((e) => e.at < start + days * DAY_MS).sort((a, b) => a.at - b.at);
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The figures over `days`, computed plainly: visitors per day, visits split by 30 minutes of inactivity. */
function expectedFigures(all: LogEntry[], days: string[]) {
  const log = all.filter((e) => days.includes(localDay(e.at)));
  const byVisitorDay = new Map<string, number[]>();
  for (const e of log) {
    const k = `${localDay(e.at)}|${e.address}|${e.userAgent}`;
    byVisitorDay.set(k, [...(byVisitorDay.get(k) ?? []), e.at]);
  }
  let visits = 0;
  let bounces = 0;
  let durationMs = 0;
  for (const times of byVisitorDay.values()) {
    times.sort((a, b) => a - b);
    let first = times[0];
    let count = 0;
    for (let i = 0; i < times.length; i++) {
      if (i > 0 && times[i] - times[i - 1] > 30 * 60_000) {
        visits += 1;
        if (count === 1) bounces += 1;
        durationMs += times[i - 1] - first;
        first = times[i];
        count = 0;
      }
      count += 1;
    }
    visits += 1;
    if (count === 1) bounces += 1;
    durationMs += times[times.length - 1] - first;
  }
  const pages = new Map<string, number>();
  for (const e of log) pages.set(e.page, (pages.get(e.page) ?? 0) + 1);
  const topPages = [...pages]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 5)
    .map(([page, views]) => ({ page, views, percentage: round1((views / log.length) * 100) }));
  const perDay = days.map((day) => ({
    date: day.replaceAll('-', ''),
    views: log.filter((e) => localDay(e.at) === day).length,
  }));
  return {
    summary: {
      totalPageViews: log.length,
      totalUsers: byVisitorDay.size,
      totalVisits: visits,
      bounceRate: round1((bounces / visits) * 100),
      avgSessionDuration: Math.round((durationMs / 1000 / visits / 60) * 100) / 100,
      topPages,
    },
    pageViews: perDay,
  };
}

let adminClaims: Record<string, string>;
beforeAll(async () => {
  const admin = await createTestUser('admin');
  adminClaims = { sub: admin.userId, 'cognito:groups': '[admin]', email: admin.email };
  await putBusinessSettings({ ...(await getBusinessSettings()), timeZone: TZ }, admin.userId);
});

afterAll(async () => {
  await resetBusinessSettings();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Records the log through the collecting domain function and waits until the aggregator counted it all. */
async function replay(log: LogEntry[]) {
  const logDays = [...new Set(log.map((e) => localDay(e.at)))];
  const storedOfDays = async () => (await Promise.all(logDays.map(listAnalyticsEventsOfDay))).flat();
  const before = (await storedOfDays()).length;
  // Each visitor's views in order; visitors side by side.
  const byAddress = new Map<string, LogEntry[]>();
  for (const e of log) byAddress.set(e.address, [...(byAddress.get(e.address) ?? []), e]);
  const queue = [...byAddress.values()];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let views = queue.shift(); views; views = queue.shift()) {
        for (const e of views) {
          const query = e.utm ? `?utm_source=newsletter&utm_campaign=${e.utm}` : '';
          await recordAnalyticsEvent(
            {
              name: 'page_view',
              page_title: 'Page',
              page_location: `https://pawsitive.example${e.page}${query}`,
              ...(e.referrer ? { referrer: e.referrer } : {}),
            },
            { address: e.address, userAgent: e.userAgent },
            new Date(e.at),
          );
        }
      }
    }),
  );
  // The stream aggregator has counted every event of the log.
  await waitFor(
    async () => {
      const stored = await storedOfDays();
      return stored.length === before + log.length && stored.every((e) => e.aggregated === true);
    },
    120_000,
    500,
  );
}

/** The dashboard API's data for `dateRange` as of `now`. */
async function askApi(now: number, dateRange: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
  const route = findRoute('GET /api/analytics');
  if (!route) throw new Error('GET /api/analytics is not declared');
  const res = (await getAnalyticsHandler(
    httpEvent(route, { query: { dateRange }, claims: adminClaims }),
    {} as never,
  )) as { statusCode: number; body: string };
  vi.useRealTimers();
  expect(res.statusCode).toBe(200);
  const answer = JSON.parse(res.body);
  expect(answer.success).toBe(true);
  expect(answer.error).toBeNull();
  return answer.data;
}

describe('analytics replay', () => {
  it('the dashboard API equals a plain computation over a replayed log of thousands of events', async () => {
    const year = 1995 + randomInt(0, 25);
    const first = `${year}-03-0${randomInt(1, 9)}`;
    const from = Date.parse(businessDays(first, first, TZ).start);
    const log = generateLog(from, randomInt(1, 2 ** 30));
    expect(log.length).toBeGreaterThan(2000);

    // (The last event may fall in an 8th local day when the week has the 23-hour day.)
    await replay(log);
    const data = await askApi(from + (DAYS - 1) * DAY_MS + 12 * 3_600_000, `${DAYS}daysAgo`);
    const days = Array.from({ length: DAYS }, (_, i) => localDay(from + i * DAY_MS + 12 * 3_600_000));
    expect(new Set(days).size).toBe(DAYS);
    const expected = expectedFigures(log, days);
    expect(data.summary).toMatchObject(expected.summary);
    expect(data.pageViews).toEqual(expected.pageViews);
    // Sources by domain or campaign only: the visits that came from the newsletter's links.
    const newsletter = data.sources.find((s: { source: string }) => s.source === 'newsletter');
    expect(newsletter?.visits ?? 0).toBeGreaterThan(0);
    expect(data.sources.map((s: { source: string }) => s.source)).not.toContain('https://www.google.com/search?q=dog');
  }, 300_000);
  it('a range of whole and partial months equals the log through the month roll-ups, and without them through the days', async () => {
    // 90 days of a year no other test uses, ending in mid-April: mid-January to the middle of April.
    const year = 1970 + randomInt(0, 25);
    const lastDay = `${year}-04-${randomInt(10, 21)}`;
    const now = Date.parse(businessDays(lastDay, lastDay, TZ).start) + 12 * 3_600_000;
    const days = Array.from({ length: 90 }, (_, i) => localDay(now - (89 - i) * DAY_MS));
    expect(new Set(days).size).toBe(90);
    expect(days[0].slice(5, 7)).toBe('01');
    const start = Date.parse(businessDays(days[0], days[0], TZ).start);
    const log = generateLog(start, randomInt(1, 2 ** 30), 90).filter((e) => days.includes(localDay(e.at)));
    expect(log.length).toBeGreaterThan(2000);
    await replay(log);

    // January's days from the day items; February, March and April (to today) from their roll-ups.
    const data = await askApi(now, '90daysAgo');
    const expected = expectedFigures(log, days);
    expect(data.summary).toMatchObject(expected.summary);
    expect(data.pageViews).toEqual(expected.pageViews);
    // Each roll-up holds its month of the log.
    const monthly = store().entities.analyticsMonthly;
    for (const month of ['02', '03', '04'].map((m) => `${year}-${m}`)) {
      const ofMonth = log.filter((e) => localDay(e.at).startsWith(month));
      const { data: site } = await monthly.get({ month, dimension: 'site' }).go();
      expect(site?.views).toBe(ofMonth.length);
      const { data: page } = await monthly.get({ month, dimension: 'page' }).go();
      const pages: Record<string, number> = {};
      for (const e of ofMonth) pages[e.page] = (pages[e.page] ?? 0) + 1;
      expect(page?.counts).toEqual(pages);
    }
    // A range ending before the data does (mid-March): March, past the range, is read from its days.
    const midMarch = now - 30 * DAY_MS;
    const days30 = Array.from({ length: 30 }, (_, i) => localDay(midMarch - (29 - i) * DAY_MS));
    expect(days30[29].slice(5, 7)).toBe('03');
    const march = await askApi(midMarch, '30daysAgo');
    const expected30 = expectedFigures(log, days30);
    expect(march.summary).toMatchObject(expected30.summary);
    expect(march.pageViews).toEqual(expected30.pageViews);

    // Months counted before roll-ups existed (no roll-up items) read from their days: the same answer.
    const rollUps = (months: string[]) =>
      months.flatMap((m) =>
        (['site', 'page', 'source', 'campaign'] as const).map((d) => ({ month: `${year}-${m}`, dimension: d })),
      );
    await monthly.delete(rollUps(['02', '03', '04'])).go();
    expect(await askApi(now, '90daysAgo')).toEqual(data);

    // The next view of such a month makes its roll-ups from its day items first, then counts the view.
    const late: LogEntry = {
      at: now,
      address: '203.0.113.9',
      userAgent: 'Mozilla/5.0 Late',
      page: '/about',
      referrer: '',
    };
    await replay([late]);
    const { data: april } = await monthly.get({ month: `${year}-04`, dimension: 'site' }).go();
    expect(april?.views).toBe(log.filter((e) => localDay(e.at).startsWith(`${year}-04`)).length + 1);
    const after = await askApi(now, '90daysAgo');
    const expectedAfter = expectedFigures([...log, late], days);
    expect(after.summary).toMatchObject(expectedAfter.summary);
    expect(after.pageViews).toEqual(expectedAfter.pageViews);
    expect(after.sources.find((x: { source: string }) => x.source === '(direct)')?.visits).toBe(
      (data.sources.find((x: { source: string }) => x.source === '(direct)')?.visits ?? 0) + 1,
    );
  }, 600_000);
});
