/** bench/README.md, from the results of a run (bench/results/latest.json). */

import type { analyticsLoad } from './analytics.js';
import { DURATION_S, type Load } from './api-load.js';
import type { bookingLoad } from './booking.js';
import { type ClassesBench, classesMarkdown } from './classes.js';
import type { conversationsLoad } from './conversations.js';
import { type LambdaBaseline, type LambdaBundle, lambdaMarkdown } from './lambdas.js';
import { type Latency, latencyRows } from './latency.js';
import { type LighthouseResult, lighthouseMarkdown } from './lighthouse.js';
import type { paymentsLoad } from './payments.js';
import { type PortalLighthouse, portalLighthouseMarkdown } from './portal-lighthouse.js';
import { screenBudgetGzip } from './portal-routes.js';
import type { portalSizes } from './portal-sizes.js';
import type { sessionsLoad } from './sessions.js';
import type { webSizes } from './web-sizes.js';

type PortalSizes = Awaited<ReturnType<typeof portalSizes>>;

/** bench/results/latest.json: a full run, into which a part measured alone (`BENCH_ONLY`) is merged. */
export interface BenchResults {
  date: string;
  machine: string;
  durationSeconds: number;
  web: Awaited<ReturnType<typeof webSizes>>;
  /** Measured alone: marked with its date, each route's largest files only. */
  portal?: Omit<PortalSizes, 'screens'> & {
    screens: Omit<PortalSizes['screens'][number], 'files'>[];
    measuredAt?: string;
  };
  lambdas: LambdaBundle[];
  lambdasMeasuredAt?: string;
  lambdasBaseline?: LambdaBaseline;
  api: Load[];
  clientBook: Latency[];
  messages?: Latency[];
  conversations?: Awaited<ReturnType<typeof conversationsLoad>>;
  sessions?: Awaited<ReturnType<typeof sessionsLoad>>;
  booking?: Awaited<ReturnType<typeof bookingLoad>>;
  payments?: Awaited<ReturnType<typeof paymentsLoad>>;
  analytics?: Awaited<ReturnType<typeof analyticsLoad>>;
  classes?: ClassesBench;
  lighthouse?: LighthouseResult;
  /** Measured alone (`BENCH_ONLY=client-portal`): Lighthouse on the signed-in portal. */
  portalLighthouse?: PortalLighthouse;
}

/** The conversations part (bench/conversations.ts): latency at 20 and 2,000 clients, and the commands of a request. */
function conversationsMarkdown(c: BenchResults['conversations']) {
  const commands = (x: Record<string, number>) =>
    Object.entries(x)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
  return [
    `## The trainer's conversations at 20 and 2,000 clients (one run${c?.measuredAt ? `, ${c.measuredAt}` : ''})`,
    '',
    `Each client has ${c?.perClient.posts ?? 20} posts in ${c?.perClient.conversations ?? 4} conversations (8,000 conversations and 40,000 posts`,
    'at 2,000), one conversation in five unread. `GET /api/conversations` as the trainer, sequential requests (100 per',
    'row after 10 warm-up ones): the first page (gsi2), Unread (gsi3), one client (their item collection, gsi1)',
    "and that client's unread ones (gsi1 with a filter). Goal: p95 <= 150 ms at 2,000 (`BENCH_ONLY=conversations`).",
    '',
    '| request | p50 ms (20) | p95 ms (20) | p50 ms (2,000) | p95 ms (2,000) | p95 ratio | items (2,000) |',
    '|---|---|---|---|---|---|---|',
    ...(c ? latencyRows(c.latency, 20, 2000) : ['| (not run) | | | | | | |']),
    '',
    'DynamoDB commands per request at 2,000 (sign-in checks included):',
    '',
    ...(c?.latency ?? []).filter((x) => x.size === 2000).map((x) => `- ${x.name}: ${commands(x.commandsPerRequest)}`),
    '',
  ];
}

export function summary(r: BenchResults) {
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const lines = [
    '# Benchmarks',
    '',
    'Produced by `npm run bench` (bench/run.ts). Raw numbers: `bench/results/latest.json`; each run is also',
    'kept as `bench/results/<date>.json` (a part measured alone with `BENCH_ONLY`: merged, on the day it was',
    'measured). All load is local (127.0.0.1) on the machine named below.',
    '',
    `Last run: ${r.date} on ${r.machine}; ${DURATION_S} s per load test.`,
    '',
    '## Initial JS + CSS of `/` (gzip)',
    '',
    `Total: **${kb(r.web.totalGzipBytes)}** against a budget of ${kb(r.web.budgetGzipBytes)} (${
      r.web.totalGzipBytes <= r.web.budgetGzipBytes ? 'met' : 'not met'
    }); the HTML itself is ${kb(r.web.htmlGzipBytes)}.`,
    '',
    'Everything `/` loads without interaction in Chromium at 375 px until the network is idle: the scripts',
    'its HTML references, the chunks its entry loads (the page behaviour), and the stylesheets inlined into',
    'the HTML (one <style>, gzipped alone). KB = 1024 bytes.',
    ...(r.web.reactLoadedOn
      ? [
          '',
          `React loaded without interaction on ${r.web.staticPages?.join(', ')}: ${
            r.web.reactLoadedOn.length ? `**${r.web.reactLoadedOn.join(', ')}**` : 'none'
          } (only an island, the contact form, loads it).`,
        ]
      : []),
    '',
    '| file | raw | gzip |',
    '|---|---|---|',
    ...r.web.files.map((f) => `| ${f.file} | ${kb(f.bytes)} | ${kb(f.gzipBytes)} |`),
    '',
    `Scrolling to the bottom then loads ${
      r.web.onScrollFiles.length
        ? r.web.onScrollFiles.map((f) => `${f.file} (${kb(f.gzipBytes)})`).join(', ')
        : 'nothing more'
    }, for **${kb(r.web.afterScrollGzipBytes)}** in all.`,
    '',
    '## Portal routes: JS + CSS each loads (gzip)',
    '',
    'Each route in a fresh browser context (nothing cached) at 1280 px until the network is idle; `/login`',
    'signed out, the others as the signed-in trainer. Budgets: `/login` <= 150 KB, a list screen <= 320 KB, any other <= 300 KB.',
    ...(r.portal && 'measuredAt' in r.portal
      ? ['', `Measured on its own at ${r.portal.measuredAt} (\`BENCH_ONLY=portal\`).`]
      : []),
    '',
    '| route | gzip | budget |',
    '|---|---|---|',
    ...(r.portal?.screens ?? []).map((x) => {
      const budget = screenBudgetGzip(x.path);
      return `| ${x.path} | ${kb(x.gzipBytes)} | ${kb(budget)} ${x.gzipBytes <= budget ? 'met' : '**not met**'} |`;
    }),
    '',
    ...lambdaMarkdown(r.lambdas, r.lambdasBaseline, r.lambdasMeasuredAt),
    '## Local API (autocannon)',
    '',
    '| target | connections | req/s | p50 ms | p99 ms | non-2xx | errors |',
    '|---|---|---|---|---|---|---|',
    ...r.api.map(
      (a) =>
        `| ${a.name} | ${a.connections} | ${a.requestsPerSec} | ${a.p50Ms} | ${a.p99Ms} | ${a.non2xx} | ${a.errors} |`,
    ),
    '',
    'The local API runs the Lambda handlers in-process over DynamoDB Local (a Java emulator, ~5 ms per',
    'call), so its absolute numbers say more about the emulator than about Lambda; compare runs with each',
    'other and with the reference server measured in the same run.',
    '',
    '## Client book lists at 20 and 2,000 clients (one run)',
    '',
    'Sequential requests through the local API (100 per row after 10 warm-up ones), admin token, demo data',
    'from `scripts/demo-data.ts` (clients with dogs; half as many contact submissions in every status).',
    'Goal: p95 <= 150 ms at 2,000 clients and <= 1.5x the p95 at 20.',
    '',
    '| list | p50 ms (20) | p95 ms (20) | p50 ms (2,000) | p95 ms (2,000) | p95 ratio | items (2,000) |',
    '|---|---|---|---|---|---|---|',
    ...latencyRows(r.clientBook, 20, 2000),
    '',
    '## Messages at 100 and 5,000 over 200 clients (one run)',
    '',
    'Sequential requests (100 per row after 10 warm-up ones). The client inbox and unread count are one',
    "signed-in client's (25 of the 5,000 messages are theirs); the trainer's list with and without a search",
    'term. Goal: p95 <= 150 ms at 5,000 and <= 1.5x the p95 at 100.',
    '',
    '| request | p50 ms (100) | p95 ms (100) | p50 ms (5,000) | p95 ms (5,000) | p95 ratio | items (5,000) |',
    '|---|---|---|---|---|---|---|',
    ...(r.messages ? latencyRows(r.messages, 100, 5000) : ['| (not run) | | | | | | |']),
    '',
    ...conversationsMarkdown(r.conversations),
    ...portalLighthouseMarkdown(r.portalLighthouse),
    `## Sessions at 100 and 5,000 over 300 clients (one run${r.sessions?.measuredAt ? `, ${r.sessions.measuredAt}` : ''})`,
    '',
    "Sequential requests (100 per row after 10 warm-up ones). The trainer's list for this month (up to 100 rows),",
    "the first page, a search by a client's name and the stat cards; one signed-in client's sessions, stat cards",
    'and calendar feed (iCalendar, items = events). Goal: p95 <= 150 ms at 5,000 and <= 1.5x the p95 at 100.',
    '',
    '| request | p50 ms (100) | p95 ms (100) | p50 ms (5,000) | p95 ms (5,000) | p95 ratio | items (5,000) |',
    '|---|---|---|---|---|---|---|',
    ...(r.sessions ? latencyRows(r.sessions.latency, 100, 5000) : ['| (not run) | | | | | | |']),
    '',
    'The 5-minute completion job with 10 sessions due at each size: it queries the open-sessions-by-end-time',
    'index for `endsAt <= now` (one query per open status), so it reads the due sessions only.',
    '',
    '| sessions | due | completed | Query commands |',
    '|---|---|---|---|',
    ...(r.sessions?.job ?? []).map((j) => `| ${j.size} | ${j.due} | ${j.completed} | ${j.queries} |`),
    '',
    `## Open times for 8 weeks at 100 and 5,000 sessions (one run${r.booking?.measuredAt ? `, ${r.booking.measuredAt}` : ''})`,
    '',
    "Sequential requests (100 per row after 10 warm-up ones) of a client's `GET /api/me/open-times?weeks=8`:",
    'hours 08:00-18:00 every day, 60-minute training, 15 minutes buffer; the sessions (53 minutes apart over the',
    '180 days around now) and the pending requests of the 8 weeks read as one item per day, ~57 days (ADR 0035).',
    'Goal: p95 <= 150 ms at 5,000. At 5,000 the 8 weeks ahead are fully booked (no open time): their ~1,500',
    'sessions are ~27 entries in each day item.',
    '',
    '| sessions | p50 ms | p95 ms | open times |',
    '|---|---|---|---|',
    ...(r.booking?.latency ?? []).map((x) => `| ${x.size} | ${x.p50Ms} | ${x.p95Ms} | ${x.openTimes} |`),
    '',
    `## Payments at 100 and 5,000 over 12 months (one run${r.payments?.measuredAt ? `, ${r.payments.measuredAt}` : ''})`,
    '',
    "Sequential requests (100 per row after 10 warm-up ones). The trainer's list: first page, this month (up to",
    '100 rows), paid only (status index), one service (a filter over the time index), one client (the payer',
    "index); the totals of 12 months (counters); one signed-in client's history (1 in 50 payments is theirs).",
    'Goal: p95 <= 150 ms at 5,000 and <= 1.5x the p95 at 100.',
    '',
    '| request | p50 ms (100) | p95 ms (100) | p50 ms (5,000) | p95 ms (5,000) | p95 ratio | items (5,000) |',
    '|---|---|---|---|---|---|---|',
    ...(r.payments ? latencyRows(r.payments.latency, 100, 5000) : ['| (not run) | | | | | | |']),
    '',
    'The totals computed instead by a query (every paid payment of 12 months from the status index, summed;',
    'in process, 20 runs): what the counters of the paid transition avoid.',
    '',
    '| payments | paid rows read | p50 ms | p95 ms |',
    '|---|---|---|---|',
    ...(r.payments?.totalsByQuery ?? []).map((t) => `| ${t.size} | ${t.paidRows} | ${t.p50Ms} | ${t.p95Ms} |`),
    '',
    `## Analytics over 90 days of 100,000 views a day (one run${r.analytics?.measuredAt ? `, ${r.analytics.measuredAt}` : ''})`,
    '',
    'The dashboard API (figures, funnel, recent contacts, sessions by status) over the daily aggregates of',
    '90 days (4 items a day: site totals, counts of 40 pages, 15 sources, 5 campaigns) and their month roll-ups',
    '(4 items a month), as the aggregator leaves them: the API reads the months starting in the range from the',
    'roll-ups and the first, partial month from its days (ADR 0030). Sequential requests, 100 per row after 10',
    'warm-up ones. Goal: p95 <= 150 ms. Then the collect endpoint (page views from 5,000 visitors, 10',
    'connections) beside a bare Node server answering 204, in the same run, and the time the stream aggregator',
    'took after the load to count every collected view.',
    ...(r.analytics?.loadAverage !== undefined
      ? [
          '',
          `Load average (1 minute) after the API rows: ${r.analytics.loadAverage}, on a machine shared with other runs.`,
        ]
      : []),
    '',
    '| request | day items stored | p50 ms | p95 ms |',
    '|---|---|---|---|',
    ...(r.analytics?.latency ?? []).map((l) => `| ${l.name} | ${l.size} | ${l.p50Ms} | ${l.p95Ms} |`),
    '',
    '| load | connections | req/s | p50 ms | p99 ms | non-2xx | total |',
    '|---|---|---|---|---|---|---|',
    ...(r.analytics?.collect ?? []).map(
      (c) =>
        `| ${c.name} | ${c.connections} | ${c.requestsPerSec} | ${c.p50Ms} | ${c.p99Ms} | ${c.non2xx} | ${c.total} |`,
    ),
    '',
    r.analytics?.aggregation
      ? `Aggregation after the load: ${r.analytics.aggregation.views} views counted in ${r.analytics.aggregation.seconds} s more.`
      : '',
    '',
    ...classesMarkdown(r.classes),
    '## Lighthouse (public pages, mobile)',
    '',
    ...(r.lighthouse
      ? lighthouseMarkdown(r.lighthouse, { compact: true })
      : ['Skipped (BENCH_LIGHTHOUSE=0). Run `npx tsx bench/lighthouse.ts` alone for the table.', '']),
  ];
  return lines.join('\n');
}
