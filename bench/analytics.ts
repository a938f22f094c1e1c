import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { startLocalRuntime } from '../infra/local/runtime.js';
import { store } from '../shared/db/service.js';
import { type Latency, latency } from './latency.js';
import { shiftPorts } from './ports.js';

/** A busy small business: 100,000 page views a day. */
const VIEWS_PER_DAY = 100_000;
const DAYS = 90;
const PAGES = 40;
const SOURCES = 15;
const CAMPAIGNS = 5;

const SITE_COUNTS = ['views', 'visitors', 'visits', 'bounces', 'durationSeconds', 'formSubmits'] as const;
type Counts = { [K in (typeof SITE_COUNTS)[number]]?: number } & { counts: Record<string, number> };

export interface CollectLoad {
  name: string;
  connections: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  total: number;
}

/**
 * The analytics dashboard API over 90 days of 100,000 views a day, and the collecting endpoint's
 * throughput next to a bare Node HTTP server in the same run. The 90 days are seeded as the daily
 * aggregates such traffic leaves (site totals and the counts of 40 pages, 15 sources and 5 campaigns a
 * day: what the API reads); the replay test (test/integration/analytics-replay.test.ts) shows the aggregates equal the log.
 * After the collect load, the time the stream aggregator needs to count every collected view.
 */
export async function analyticsLoad() {
  const dataDir = '.test-local/bench-analytics';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    webDist: null,
    ports: shiftPorts({
      site: 3380,
      ws: 3381,
      dynamodb: 8380,
      cognito: 9609,
      s3: 4949,
      ses: 8385,
      stripe: 12385,
      push: 7285,
    }),
    // The collect load acts as many visitors by x-viewer-ip (the site server otherwise overwrites it).
    trustViewerIpHeader: true,
  });
  const results: Latency[] = [];
  const collect: CollectLoad[] = [];
  let aggregation: { views: number; seconds: number } | undefined;
  let loadAverage: number | undefined;
  try {
    if (!rt.admin?.password) throw new Error('The bench runtime did not seed an admin');
    const admin = await rt.signIn(rt.admin.email, rt.admin.password);
    const today = Date.now();
    const rows: ({
      dimension: 'site' | 'page' | 'source' | 'campaign';
      month: string;
      day: string;
    } & Partial<Counts>)[] = [];
    for (let d = 0; d < DAYS; d++) {
      const day = new Date(today - d * 86_400_000).toISOString().slice(0, 10);
      const month = day.slice(0, 7);
      const visits = Math.round(VIEWS_PER_DAY / 3);
      rows.push({
        dimension: 'site' as const,
        month,
        day,
        views: VIEWS_PER_DAY,
        visitors: Math.round(visits * 0.8),
        visits,
        bounces: Math.round(visits * 0.45),
        durationSeconds: visits * 150,
        formSubmits: 40,
      });
      const counts = (n: number, name: (i: number) => string, each: number) =>
        Object.fromEntries(Array.from({ length: n }, (_, i) => [name(i), each]));
      rows.push({
        dimension: 'page' as const,
        month,
        day,
        counts: counts(PAGES, (p) => `/page-${p}`, VIEWS_PER_DAY / PAGES),
      });
      rows.push({
        dimension: 'source' as const,
        month,
        day,
        counts: counts(SOURCES, (s) => `source-${s}.example`, Math.round(visits / SOURCES)),
      });
      rows.push({ dimension: 'campaign' as const, month, day, counts: counts(CAMPAIGNS, (c) => `campaign-${c}`, 100) });
    }
    for (let i = 0; i < rows.length; i += 25)
      await store()
        .entities.analyticsDaily.put(rows.slice(i, i + 25))
        .go();
    // The month roll-ups the aggregator keeps beside the day items: each the sum of its month's days.
    const rollUps = new Map<string, { dimension: (typeof rows)[number]['dimension']; month: string } & Counts>();
    for (const { day, ...row } of rows) {
      const key = `${row.month}#${row.dimension}`;
      const r = rollUps.get(key) ?? { dimension: row.dimension, month: row.month, counts: {} };
      for (const k of SITE_COUNTS) if (row[k] !== undefined) r[k] = (r[k] ?? 0) + row[k];
      const counts = row.dimension === 'site' ? { [day]: row.views ?? 0 } : (row.counts ?? {});
      for (const [k, n] of Object.entries(counts)) r.counts[k] = (r.counts[k] ?? 0) + n;
      rollUps.set(key, r);
    }
    await store()
      .entities.analyticsMonthly.put([...rollUps.values()])
      .go();
    const api = `${rt.urls.site}/api`;
    for (const range of ['90daysAgo', '30daysAgo', '7daysAgo'])
      results.push(
        await latency(`dashboard API, ${range}`, rows.length, `${api}/analytics?dateRange=${range}`, admin.idToken),
      );
    results.push(await latency('active visitors now', rows.length, `${api}/analytics/realtime`, admin.idToken));
    loadAverage = Math.round(os.loadavg()[0] * 10) / 10;

    const reference = createServer((_req, res) => {
      res.writeHead(204, { 'cache-control': 'no-store' });
      res.end();
    });
    const { reference: referencePort } = shiftPorts({ reference: 3398 });
    await new Promise<void>((r) => reference.listen(referencePort, '127.0.0.1', () => r()));
    let n = 0;
    // Each request from one of 5,000 visitors (the per-address limit is 120 a minute).
    const perVisitor = (req: Record<string, unknown>) => {
      n++;
      const v = n % 5000;
      return {
        ...req,
        headers: { ...(req.headers as Record<string, string>), 'x-viewer-ip': `10.9.${v >> 8}.${v & 255}` },
      };
    };
    const body = JSON.stringify({
      name: 'page_view',
      page_title: 'Programs | Pawsitive',
      page_location: 'https://pawsitive.example/programs',
      referrer: 'https://www.google.com/',
    });
    const run = async (name: string, url: string, setup?: typeof perVisitor) => {
      const r = await autocannon({
        url,
        connections: 10,
        duration: Number(process.env.BENCH_DURATION ?? 8),
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'Mozilla/5.0 bench' },
            body,
            ...(setup ? { setupRequest: setup as never } : {}),
          },
        ],
      });
      collect.push({
        name,
        connections: 10,
        requestsPerSec: Math.round(r.requests.average),
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        non2xx: r.non2xx,
        total: r.requests.total,
      });
      return r['2xx'];
    };
    await run('reference: bare node http, 204', `http://127.0.0.1:${referencePort}/`);
    const collected = await run('POST /api/public/events (page_view)', `${api}/public/events`, perVisitor);
    await new Promise((r) => reference.close(r));
    // Every collected view counted by the stream aggregator.
    const t0 = performance.now();
    await rt.bus.idle();
    aggregation = { views: collected, seconds: Math.round((performance.now() - t0) / 100) / 10 };
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { latency: results, collect, aggregation, loadAverage, measuredAt: new Date().toISOString() };
}
