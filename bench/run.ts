/**
 * `npm run bench`: sizes and local API speed, written to bench/results/.
 * - gzip size of the JS+CSS that `/` loads without interaction (in Chromium, inlined CSS included)
 * - what each portal route loads (bench/portal-sizes.ts)
 * - each Lambda bundle, built with the same esbuild settings as the cloud functions, and its startup
 * - local API throughput and p50/p99 latency with autocannon (10 and 50 connections, bounded
 *   duration) for a public content GET and the contact POST, next to a bare Node HTTP server that
 *   returns the same JSON, measured in the same run.
 * - the client book, messages, the trainer's conversations and sessions lists at a small and a large size (p50/p95)
 * - group classes: enrolment latency under load, and a change until the class pages serve it (bench/classes.ts)
 * - Lighthouse 12 (mobile defaults) on every public page (bench/lighthouse.ts); BENCH_LIGHTHOUSE=0 skips it,
 *   LH_RUNS sets the runs per page (median kept).
 * BENCH_ONLY=web|lighthouse|portal|client-portal|lambdas|clients|conversations|sessions|booking|payments|analytics|classes
 * measures that part alone and merges it into the last results (latest.json, and the day's <date>.json);
 * BENCH_ONLY=messages prints the messages table and writes nothing. bench/summary.ts writes bench/README.md.
 * Everything targets 127.0.0.1 only.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { allHandlers } from '../shared/routes.js';
import { analyticsLoad } from './analytics.js';
import { apiLoad, DURATION_S } from './api-load.js';
import { bookingLoad } from './booking.js';
import { classesLoad, classesMarkdown } from './classes.js';
import { clientBookLoad } from './client-book.js';
import { conversationsLoad } from './conversations.js';
import {
  BASELINE_COMMIT,
  BASELINE_NOTE,
  BENCH_HANDLERS,
  baselineTree,
  checkoutOf,
  deploysSourceMaps,
  type LambdaBaseline,
  lambdaMarkdown,
  lambdaSizes,
  overGate,
} from './lambdas.js';
import { lighthouseMarkdown, runLighthouse } from './lighthouse.js';
import { messagesLoad } from './messages.js';
import { paymentsLoad } from './payments.js';
import { portalLighthouse, portalLighthouseMarkdown } from './portal-lighthouse.js';
import { portalSizes } from './portal-sizes.js';
import { sessionsLoad } from './sessions.js';
import { type BenchResults, summary } from './summary.js';
import { webSizes } from './web-sizes.js';

const outDir = 'bench/results';
const latestPath = join(outDir, 'latest.json');

/**
 * Writes results to latest.json and <day>.json, and their summary to bench/README.md: a full run's on the
 * day of the run; a part measured alone merged into the last results, on the day it was measured (the
 * full run's own file keeps that run).
 */
function writeResults(result: BenchResults, day = String(result.date).slice(0, 10)) {
  const json = `${JSON.stringify(result, null, 2)}\n`;
  writeFileSync(join(outDir, `${day}.json`), json);
  writeFileSync(latestPath, json);
  writeFileSync('bench/README.md', summary(result));
}

/** One part of the bench measured alone (`BENCH_ONLY=<part>`). */
interface Part<T> {
  measure: () => Promise<T>;
  /** The fields of the last results the measure replaces; without it nothing is written. */
  fields?: (measured: T) => Partial<BenchResults>;
  /** Prints what was measured, once written; returns the exit code. */
  report: (measured: T) => number;
}

/** Today's results file of a part measured alone. */
const today = () => new Date().toISOString().slice(0, 10);

/** Measures one part and merges it into the last full run's results (their date and machine stay). */
async function measureOnly<T>(part: Part<T>): Promise<number> {
  const measured = await part.measure();
  const fields = part.fields?.(measured);
  if (fields) writeResults({ ...(JSON.parse(readFileSync(latestPath, 'utf8')) as BenchResults), ...fields }, today());
  return part.report(measured);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const ONLY: Record<string, () => Promise<number>> = {
  // The public home page.
  web: () =>
    measureOnly({
      measure: webSizes,
      fields: (web) => ({ web }),
      report: (web) => {
        console.log('/', kb(web.totalGzipBytes), 'KB; after scroll', kb(web.afterScrollGzipBytes));
        console.log(`budget ${kb(web.budgetGzipBytes)} KB: ${web.withinBudget ? 'met' : 'NOT MET'}`);
        console.log(`React loaded without interaction on: ${web.reactLoadedOn.join(', ') || 'none'}`);
        return web.withinBudget && web.reactLoadedOn.length === 0 ? 0 : 1;
      },
    }),
  // Lighthouse on every public page (bench/lighthouse.ts; LH_RUNS runs per page): fails when a page misses a bar.
  lighthouse: () =>
    measureOnly({
      measure: () => runLighthouse(),
      fields: (lighthouse) => ({ lighthouse }),
      report: (lighthouse) => {
        console.log(lighthouseMarkdown(lighthouse).join('\n'));
        console.log(`all pages meet the bars: ${lighthouse.allMeetBars}`);
        return lighthouse.allMeetBars ? 0 : 1;
      },
    }),
  // The portal routes, marked with their date; the results keep each route's largest files only.
  portal: () =>
    measureOnly({
      measure: async () => ({ ...(await portalSizes()), measuredAt: new Date().toISOString() }),
      fields: (portal) => ({ portal: { ...portal, screens: portal.screens.map(({ files: _files, ...x }) => x) } }),
      report: (portal) => {
        for (const x of portal.screens)
          console.log(
            x.path,
            kb(x.gzipBytes),
            (process.env.BENCH_ALL_FILES ? x.files : x.largest).map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', '),
          );
        return 0;
      },
    }),
  // Lighthouse on the signed-in portal: a client's screens on a phone, the trainer's at a desk, cold and warm.
  'client-portal': () =>
    measureOnly({
      measure: () => portalLighthouse(),
      fields: (portalLighthouse) => ({ portalLighthouse }),
      report: (p) => {
        console.log(portalLighthouseMarkdown(p).join('\n'));
        return 0;
      },
    }),
  // The client book's lists (clients and contact submissions) at 20 and 2,000 clients.
  clients: () =>
    measureOnly({
      measure: clientBookLoad,
      fields: (clientBook) => ({ clientBook }),
      report: (clientBook) => {
        console.table(clientBook);
        return 0;
      },
    }),
  // The trainer's conversations list at 20 and 2,000 clients (20 posts each), marked with its date.
  conversations: () =>
    measureOnly({
      measure: async () => ({ ...(await conversationsLoad()), measuredAt: new Date().toISOString() }),
      fields: (conversations) => ({ conversations }),
      report: (conversations) => {
        console.table(
          conversations.latency.map(({ commandsPerRequest, ...row }) => ({
            ...row,
            commands: JSON.stringify(commandsPerRequest),
          })),
        );
        return 0;
      },
    }),
  // The sessions lists and the completion job, marked with their date.
  sessions: () =>
    measureOnly({
      measure: async () => ({ ...(await sessionsLoad()), measuredAt: new Date().toISOString() }),
      fields: (sessions) => ({ sessions }),
      report: (sessions) => {
        console.table(sessions.latency);
        console.table(sessions.job);
        return 0;
      },
    }),
  // Open times for 8 weeks at 100 and 5,000 sessions, marked with their date.
  booking: () =>
    measureOnly({
      measure: async () => ({ ...(await bookingLoad()), measuredAt: new Date().toISOString() }),
      fields: (booking) => ({ booking }),
      report: (booking) => {
        console.table(booking.latency);
        return 0;
      },
    }),
  // The payments lists and totals, marked with their date.
  payments: () =>
    measureOnly({
      measure: async () => ({ ...(await paymentsLoad()), measuredAt: new Date().toISOString() }),
      fields: (payments) => ({ payments }),
      report: (payments) => {
        console.table(payments.latency);
        console.table(payments.totalsByQuery);
        return 0;
      },
    }),
  // The analytics dashboard API over 90 days and the collect endpoint beside a bare server.
  analytics: () =>
    measureOnly({
      measure: analyticsLoad,
      fields: (analytics) => ({ analytics }),
      report: (analytics) => {
        console.table(analytics.latency);
        console.table(analytics.collect);
        console.log('aggregation', analytics.aggregation);
        return 0;
      },
    }),
  // Group classes: enrolment p50/p95 under load and in a burst, and a change until the class pages serve it
  // (needs a web build, made first); fails when a roster is not exact.
  classes: () =>
    measureOnly({
      measure: () => classesLoad(),
      fields: (classes) => ({ classes }),
      report: (classes) => {
        console.log(classesMarkdown(classes).join('\n'));
        const { load, burst } = classes;
        return load.exact && burst.exact && !load.failed && !burst.failed ? 0 : 1;
      },
    }),
  // The Lambda bundles, marked with their date. The code of BENCH_BASELINE_COMMIT (BASELINE_COMMIT unless
  // set; empty: none), or of BENCH_BASELINE_TREE=<checkout>, is built and measured in the same run (side by
  // side) and kept as the "before" numbers, with BENCH_BASELINE="<what that code is>" as their note; the run
  // then fails if the startup gate is not met.
  lambdas: () => (BENCH_HANDLERS ? someLambdas(BENCH_HANDLERS) : allLambdas()),
  // A quick look at one part; nothing is written.
  messages: () =>
    measureOnly({
      measure: messagesLoad,
      report: (messages) => {
        console.table(messages);
        return 0;
      },
    }),
};

/**
 * Only the handlers named (BENCH_HANDLERS): their rows replace or join the record's, in the declared
 * order, and the gate holds them to the record's baseline (a new one to its slowest handler).
 */
async function someLambdas(handlers: string[]): Promise<number> {
  const latest = JSON.parse(readFileSync(latestPath, 'utf8')) as BenchResults;
  const { now } = await lambdaSizes();
  const order = new Map(allHandlers().map((h, i) => [h, i]));
  const lambdas = [...(latest.lambdas ?? []).filter((l) => !handlers.includes(l.handler)), ...now].sort(
    (a, b) => (order.get(a.handler) ?? 0) - (order.get(b.handler) ?? 0),
  );
  writeResults({ ...latest, lambdas }, today());
  for (const l of now) console.log(l.handler, l.startup.plain.startupCpuMs, 'ms CPU');
  // Only the handlers measured now: the record's other rows keep the verdict of their own run.
  const gate = latest.lambdasBaseline ? overGate(now, latest.lambdasBaseline, handlers) : [];
  if (!gate.length) return 0;
  console.error('Startup gate not met:', gate);
  return 1;
}

const allLambdas = () =>
  measureOnly({
    measure: async () => {
      const commit = process.env.BENCH_BASELINE_COMMIT ?? (process.env.BENCH_BASELINE_TREE ? '' : BASELINE_COMMIT);
      const tree = commit ? checkoutOf(commit) : process.env.BENCH_BASELINE_TREE;
      const { now, before } = await lambdaSizes(tree ? await baselineTree(tree) : undefined);
      const measuredAt = new Date().toISOString();
      const baseline: LambdaBaseline | undefined = tree
        ? {
            measuredAt,
            note:
              process.env.BENCH_BASELINE ??
              (commit === BASELINE_COMMIT ? BASELINE_NOTE : commit ? `commit ${commit}` : tree),
            sourceMaps: deploysSourceMaps(tree),
            bundles: before,
          }
        : undefined;
      if (commit && tree) rmSync(tree, { recursive: true, force: true });
      return { now, baseline, measuredAt };
    },
    fields: ({ now, baseline, measuredAt }) => ({
      lambdas: now,
      lambdasMeasuredAt: measuredAt,
      ...(baseline ? { lambdasBaseline: baseline } : {}),
    }),
    report: ({ now, baseline, measuredAt }) => {
      console.log(lambdaMarkdown(now, baseline, measuredAt).slice(0, 24).join('\n'));
      const gate = baseline ? overGate(now, baseline) : [];
      if (!gate.length) return 0;
      console.error('Startup gate not met:', gate);
      return 1;
    },
  });

async function main() {
  const only = process.env.BENCH_ONLY;
  if (only && Object.hasOwn(ONLY, only)) process.exit(await ONLY[only]());
  mkdirSync(outDir, { recursive: true });
  const web = await webSizes();
  const portal = await portalSizes();
  const lambdas = (await lambdaSizes()).now;
  const api = await apiLoad();
  const clientBook = await clientBookLoad();
  const messages = await messagesLoad();
  const conversations = { ...(await conversationsLoad()), measuredAt: undefined };
  const sessions = await sessionsLoad();
  const booking = await bookingLoad();
  const payments = await paymentsLoad();
  const analytics = await analyticsLoad();
  const classes = await classesLoad();
  const lighthouse = process.env.BENCH_LIGHTHOUSE === '0' ? undefined : await runLighthouse();
  // The "before" bundle numbers stay from run to run.
  const previous = existsSync(latestPath)
    ? (JSON.parse(readFileSync(latestPath, 'utf8')) as { lambdasBaseline?: LambdaBaseline })
    : {};
  const result: BenchResults = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    durationSeconds: DURATION_S,
    web,
    portal,
    lambdas,
    lambdasBaseline: previous.lambdasBaseline,
    api,
    clientBook,
    messages,
    conversations,
    sessions,
    booking,
    payments,
    analytics,
    classes,
    lighthouse,
  };
  writeResults(result);
  console.log(summary(result));
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
