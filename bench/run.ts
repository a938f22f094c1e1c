/**
 * `npm run bench`: sizes and local API speed, written to bench/results/.
 * - gzip size of the JS+CSS that `/` loads without interaction (in Chromium, inlined CSS included)
 * - each Lambda bundle, built with the same esbuild settings as the cloud functions
 * - local API throughput and p50/p99 latency with autocannon (10 and 50 connections, bounded
 *   duration) for a public content GET and the contact POST, next to a bare Node HTTP server that
 *   returns the same JSON, measured in the same run.
 * - Lighthouse 12 (mobile defaults) on every public page (bench/lighthouse.ts); BENCH_LIGHTHOUSE=0 skips it,
 *   LH_RUNS sets the runs per page (median kept).
 * Everything targets 127.0.0.1 only.
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { esbuildOptions, HTTP_BUNDLE_CEILING_BYTES } from '../infra/cloud/bundling.js';
import { startLocalRuntime } from '../infra/local/runtime.js';
import {
  type DemoRecipient,
  type DemoSessionOwner,
  seedDemo,
  seedDemoMessages,
  seedDemoSessions,
} from '../scripts/demo-data.js';
import { dynamoCommandLog } from '../shared/db/client.js';
import { store } from '../shared/db/service.js';
import { getProfileByEmail } from '../shared/domain/profiles.js';
import { completeEndedSessions } from '../shared/domain/sessions.js';
import { allHandlers } from '../shared/routes.js';
import { type AwsStandIn, type Startup, startAwsStandIn, startBundle } from './lambda-startup.js';
import { CHROME_PATH, type LighthouseResult, lighthouseMarkdown, runLighthouse } from './lighthouse.js';
import {
  LIST_SCREEN_BUDGET_GZIP,
  LOGIN_BUDGET_GZIP,
  loadedJsCss,
  PORTAL_SCREEN_BUDGET_GZIP,
  PORTAL_SCREENS,
  screenBudgetGzip,
} from './portal-routes.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const outDir = 'bench/results';

function gz(buf: Buffer | string) {
  return gzipSync(buf, { level: 9 }).length;
}

/** The initial JS + CSS budget of `/` (gzip), from the public-site issue. */
export const INITIAL_BUDGET_GZIP = 90 * 1024;

/**
 * Everything `/` loads without any interaction, in Chromium at 375 px: the scripts its HTML references,
 * the hydration chunks it fetches after the first paint and any lazy chunk its first screen loads, until
 * the network is idle; plus the stylesheets inlined into the HTML (one <style>, gzipped as a file would
 * be). Then what scrolling to the bottom adds (the blocks below the fold load on the way down).
 */
let webBuilt = false;
/**
 * Builds the web app once per bench run: a web/dist left by an earlier build (tests, `npm start`) may
 * predate the code, and the sizes must be those of the code being measured.
 */
function buildWebOnce() {
  if (webBuilt) return;
  execSync('npm run build:web', { stdio: 'inherit' });
  webBuilt = true;
}

async function webSizes() {
  buildWebOnce();
  const html = readFileSync('web/dist/index.html', 'utf8');
  const dataDir = '.test-local/bench-web';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    ports: { site: 3320, ws: 3321, dynamodb: 8320, cognito: 9549, s3: 4889, ses: 8325 },
  });
  const browser = await chromium.launch({ executablePath: CHROME_PATH });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const files: { file: string; bytes: number; gzipBytes: number }[] = [];
    const reads: Promise<void>[] = [];
    page.on('response', (res) => {
      const file = new URL(res.url()).pathname;
      if (!/\.(js|css)$/.test(file)) return;
      reads.push(
        res
          .body()
          .then((body) => {
            files.push({ file, bytes: body.length, gzipBytes: gz(body) });
          })
          .catch(() => undefined),
      );
    });
    await page.goto(`${rt.urls.site}/`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await Promise.all(reads);
    const inlineCss = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLStyleElement>('style[data-href]')].map((st) => ({
        file: st.dataset.href ?? '(inline)',
        css: st.textContent ?? '',
      })),
    );
    for (const { file, css } of inlineCss)
      files.push({ file: `${file} (inlined)`, bytes: Buffer.byteLength(css), gzipBytes: gz(css) });
    const initial = [...files].sort((a, b) => b.gzipBytes - a.gzipBytes);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await Promise.all(reads);
    const onScroll = files.filter((f) => !initial.includes(f)).sort((a, b) => b.gzipBytes - a.gzipBytes);
    const total = (list: typeof files) => list.reduce((n, f) => n + f.gzipBytes, 0);
    return {
      page: '/',
      htmlGzipBytes: gz(html),
      files: initial,
      totalGzipBytes: total(initial),
      budgetGzipBytes: INITIAL_BUDGET_GZIP,
      onScrollFiles: onScroll,
      afterScrollGzipBytes: total(initial) + total(onScroll),
    };
  } finally {
    await browser.close();
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * What each portal route loads on its own (a fresh browser context, nothing cached): `/login` signed
 * out, the others as the signed-in trainer, at 1280 px until the network is idle.
 */
async function portalSizes() {
  const portOffset = Number(process.env.TEST_PORT_OFFSET ?? 0);
  buildWebOnce();
  const dataDir = '.test-local/bench-portal';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    // TEST_PORT_OFFSET shifts them, as it does the tests' (test/support/ports.ts).
    ports: {
      site: 3330 + portOffset,
      ws: 3331 + portOffset,
      dynamodb: 8330 + portOffset,
      cognito: 9559 + portOffset,
      s3: 4899 + portOffset,
      ses: 8335 + portOffset,
    },
  });
  const browser = await chromium.launch({ executablePath: CHROME_PATH });
  const measure = async (path: string, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) => {
    const { gzipBytes, files } = await loadedJsCss(browser, `${rt.urls.site}${path}`, storageState);
    return { gzipBytes, largest: files.slice(0, 6), files };
  };
  try {
    const login = await measure('/login');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${rt.urls.site}/login`);
    await page.getByLabel('Email').fill(rt.admin?.email ?? '');
    await page.getByLabel('Password').fill(rt.admin?.password ?? '');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/\/dashboard/);
    const signedIn = await context.storageState();
    await context.close();
    const screens: ({ path: string } & Awaited<ReturnType<typeof measure>>)[] = [{ path: '/login', ...login }];
    for (const path of PORTAL_SCREENS) screens.push({ path, ...(await measure(path, signedIn)) });
    return {
      screens,
      loginBudgetGzipBytes: LOGIN_BUDGET_GZIP,
      screenBudgetGzipBytes: PORTAL_SCREEN_BUDGET_GZIP,
      listScreenBudgetGzipBytes: LIST_SCREEN_BUDGET_GZIP,
    };
  } finally {
    await browser.close();
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Fresh Node processes per bundle and configuration for its startup (the median is kept). */
const LOAD_RUNS = Number(process.env.BENCH_LOAD_RUNS ?? 5);

/** Medians of a bundle's startups in one configuration (ms; `Cpu`: CPU time, user + system). */
export interface StartupStats {
  loadMs: number;
  invokeMs: number;
  /** Module load plus the first invocation: the Lambda measure. */
  startupMs: number;
  loadCpuMs: number;
  startupCpuMs: number;
}

export interface LambdaBundle {
  handler: string;
  bytes: number;
  gzipBytes: number;
  /** Without source maps (plain) and with `--enable-source-maps`. */
  startup: { plain: StartupStats; sourceMaps: StartupStats };
}

const round = (x: number) => Math.round(x * 10) / 10;

/**
 * Each file's startup (bench/lambda-startup.ts: a fresh process with a deployed function's environment,
 * module load plus first invocation against the local AWS stand-in), without and with source maps,
 * LOAD_RUNS times; the files' processes run side by side, alternating between the two configurations, so
 * a busy machine slows them alike.
 */
async function startups(handler: string, files: string[], standIn: AwsStandIn) {
  const samples = files.map(() => ({ plain: [] as Startup[], sourceMaps: [] as Startup[] }));
  for (let i = 0; i < LOAD_RUNS; i++) {
    for (const sourceMaps of [false, true]) {
      // The files' processes side by side, so whatever else the machine runs meanwhile weighs on both.
      const runs = await Promise.all(files.map((file) => startBundle(file, handler, standIn, { sourceMaps })));
      runs.forEach((s, k) => {
        samples[k][sourceMaps ? 'sourceMaps' : 'plain'].push(s);
      });
    }
  }
  const stats = (list: Startup[]): StartupStats => ({
    loadMs: round(median(list.map((s) => s.loadMs))),
    invokeMs: round(median(list.map((s) => s.invokeMs))),
    startupMs: round(median(list.map((s) => s.loadMs + s.invokeMs))),
    loadCpuMs: round(median(list.map((s) => s.loadCpuMs))),
    startupCpuMs: round(median(list.map((s) => s.loadCpuMs + s.invokeCpuMs))),
  });
  return samples.map((s) => ({ plain: stats(s.plain), sourceMaps: stats(s.sourceMaps) }));
}

/** The bundling and the handler list of another checkout (the code before a change), for a baseline. */
interface BaselineTree {
  esbuildOptions: typeof esbuildOptions;
  allHandlers: () => string[];
}

async function baselineTree(dir: string): Promise<BaselineTree> {
  const bundling = await import(pathToFileURL(resolve(dir, 'infra/cloud/bundling.ts')).href);
  const routes = await import(pathToFileURL(resolve(dir, 'shared/routes.ts')).href);
  return { esbuildOptions: bundling.esbuildOptions, allHandlers: routes.allHandlers };
}

/**
 * The code of `commit` in a directory of its own (`git archive`), sharing this checkout's node_modules,
 * so its bundles are built and measured in the same run as the current code.
 */
function checkoutOf(commit: string): string {
  const dir = resolve('.test-local/bench-baseline');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execSync(`git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`, { stdio: 'inherit' });
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  return dir;
}

/**
 * Each handler bundled exactly as the CDK bundles it (infra/cloud/bundling.ts), its size and startup;
 * with a baseline tree, the same handler from that checkout too, measured alternately with it.
 */
async function lambdaSizes(baseline?: BaselineTree): Promise<{ now: LambdaBundle[]; before: LambdaBundle[] }> {
  const now: LambdaBundle[] = [];
  const before: LambdaBundle[] = [];
  const root = '.test-local/bench-bundles';
  rmSync(root, { recursive: true, force: true });
  const bundle = async (options: ReturnType<typeof esbuildOptions>, handler: string) => {
    const r = await build({ ...options, write: true });
    if (r.errors.length) throw new Error(`${handler}: ${r.errors.map((e) => e.text).join('; ')}`);
    return options.outfile;
  };
  const standIn = await startAwsStandIn();
  try {
    const old = new Set(baseline?.allHandlers() ?? []);
    for (const handler of allHandlers()) {
      const files = [await bundle(esbuildOptions(handler, resolve(root, 'now', handler)), handler)];
      if (baseline && old.has(handler))
        files.push(await bundle(baseline.esbuildOptions(handler, resolve(root, 'before', handler)), handler));
      const times = await startups(handler, files, standIn);
      files.forEach((file, k) => {
        const code = readFileSync(file);
        (k === 0 ? now : before).push({ handler, bytes: code.length, gzipBytes: gz(code), startup: times[k] });
      });
      const s = times.map((t) => `${t.plain.startupCpuMs}/${t.sourceMaps.startupCpuMs} ms CPU`).join(' vs ');
      console.log(`${handler}: ${s}`);
    }
  } finally {
    await standIn.close();
    rmSync(root, { recursive: true, force: true });
  }
  return { now, before };
}

interface Load {
  name: string;
  connections: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  total: number;
}

async function load(name: string, opts: autocannon.Options): Promise<Load> {
  const r = await autocannon({ duration: DURATION_S, ...opts });
  return {
    name,
    connections: opts.connections ?? 10,
    requestsPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    total: r.requests.total,
  };
}

const contactBody = JSON.stringify({
  firstName: 'Bench',
  lastName: 'Mark',
  email: 'bench@example.com',
  phone: '941-555-0100',
  program: 'other',
  message: 'Benchmark request',
  dogName: 'Turbo',
  dogBreed: 'Whippet',
  dogBirthDate: '2022-02-02',
  dogSex: 'male',
});

async function apiLoad() {
  const dataDir = '.test-local/bench';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    webDist: null,
    ports: { site: 3300, ws: 3301, dynamodb: 8300, cognito: 9529, s3: 4869, ses: 8305 },
    // The contact load acts as many visitors by x-viewer-ip (the site server otherwise overwrites it).
    trustViewerIpHeader: true,
  });
  const results: Load[] = [];
  try {
    const getUrl = `${rt.urls.site}/api/public/content/programs`;
    const sample = await (await fetch(getUrl)).text();
    const reference = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(sample);
    });
    await new Promise<void>((r) => reference.listen(3399, '127.0.0.1', () => r()));
    let n = 0;
    // Each request from its own viewer address, as many visitors would (the per-IP limit is 5/min).
    const perVisitor = (req: Record<string, unknown>) => {
      n++;
      return {
        ...req,
        headers: {
          ...(req.headers as Record<string, string>),
          'x-viewer-ip': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
      };
    };
    for (const connections of [10, 50]) {
      results.push(await load('reference: bare node http, same JSON', { url: 'http://127.0.0.1:3399/', connections }));
      results.push(await load('GET /api/public/content/programs', { url: getUrl, connections }));
      results.push(
        await load('POST /api/public/contact', {
          url: `${rt.urls.site}/api/public/contact`,
          connections,
          requests: [
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: contactBody,
              setupRequest: perVisitor as never,
            },
          ],
        }),
      );
    }
    await new Promise((r) => reference.close(r));
    await rt.bus.idle();
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

interface Latency {
  name: string;
  size: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  items: number;
}

/** p50/p95 of `n` sequential requests (after 10 warm-up requests), and the items the last one returned. */
async function latency(
  name: string,
  size: number,
  url: string,
  token: string | null,
  n = 100,
  extraHeaders: (i: number) => Record<string, string> = () => ({}),
): Promise<Latency> {
  const headers = (i: number) => ({ ...(token ? { authorization: `Bearer ${token}` } : {}), ...extraHeaders(i) });
  let items = 0;
  for (let i = 0; i < 10; i++) await (await fetch(url, { headers: headers(n + i) })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: headers(i) });
    const text = await res.text();
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
    // JSON lists count their items; an iCalendar feed its events.
    items = /json/.test(res.headers.get('content-type') ?? '')
      ? ((JSON.parse(text) as { items?: unknown[] }).items?.length ?? 0)
      : (text.match(/^BEGIN:VEVENT/gm) ?? []).length;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  return { name, size, requests: n, p50Ms: at(0.5), p95Ms: at(0.95), items };
}

/**
 * The client book's lists at 20 and at 2,000 demo clients, in one run: the clients list with a search
 * term (a rare one: one client's e-mail; a common one: a last-name prefix matching about 1 client in
 * 45), the clients list without a search, and the New contact submissions. Sequential requests, so
 * the numbers are latencies, not throughput.
 */
async function clientBookLoad() {
  const dataDir = '.test-local/bench-clients';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    webDist: null,
    ports: { site: 3340, ws: 3341, dynamodb: 8340, cognito: 9569, s3: 4909, ses: 8345 },
  });
  const results: Latency[] = [];
  try {
    if (!rt.admin?.password) throw new Error('The bench runtime did not seed an admin');
    const { idToken } = await rt.signIn(rt.admin.email, rt.admin.password);
    let seeded = 0;
    let rareEmail = '';
    for (const size of [20, 2000]) {
      const added = await seedDemo(size - seeded, seeded);
      rareEmail ||= added.firstEmail;
      seeded = size;
      const api = `${rt.urls.site}/api`;
      // The same client is searched for at both sizes.
      const rare = encodeURIComponent(rareEmail);
      results.push(await latency('clients, search one e-mail', size, `${api}/clients?search=${rare}`, idToken));
      results.push(await latency('clients, search "gar"', size, `${api}/clients?search=gar&filter=all`, idToken));
      results.push(await latency('clients, first page', size, `${api}/clients?filter=active`, idToken));
      results.push(await latency('contact submissions, New', size, `${api}/contact-submissions?status=new`, idToken));
      results.push(
        await latency(
          'contact submissions, New + Contacted',
          size,
          `${api}/contact-submissions?status=new,contacted`,
          idToken,
        ),
      );
    }
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

/**
 * Messages at 100 and at 5,000 (over 200 clients: one signed-in bench client and 199 demo ones), in
 * one run: the client inbox and unread count of the bench client (its share grows with the total), and
 * the trainer's sent list with a search term (a subject word in 1 message of 8, and a recipient's
 * last name) and without one.
 */
async function messagesLoad() {
  const dataDir = '.test-local/bench-messages';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    webDist: null,
    ports: { site: 3350, ws: 3351, dynamodb: 8350, cognito: 9579, s3: 4919, ses: 8355 },
  });
  const results: Latency[] = [];
  try {
    if (!rt.admin?.password) throw new Error('The bench runtime did not seed an admin');
    const admin = await rt.signIn(rt.admin.email, rt.admin.password);
    const adminProfile = await getProfileByEmail(rt.admin.email);
    if (!adminProfile) throw new Error('No admin profile');
    const password = 'bench-client-password';
    const email = 'bench.client@example.com';
    await rt.createUser({ email, password, role: 'client', firstName: 'Bench', lastName: 'Zephyrson' });
    const client = await rt.signIn(email, password);
    await seedDemo(199);
    const { data } = await store().entities.profile.query.byRole({ role: 'client' }).go({ pages: 'all' });
    const recipients: DemoRecipient[] = data.map((p) => ({
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
    }));
    const sender = { id: adminProfile.id, name: `${adminProfile.firstName} ${adminProfile.lastName}`.trim() };
    let seeded = 0;
    for (const size of [100, 5000]) {
      await seedDemoMessages(size - seeded, recipients, sender, seeded);
      seeded = size;
      const api = `${rt.urls.site}/api`;
      results.push(await latency('client inbox, first page', size, `${api}/me/messages`, client.idToken));
      results.push(await latency('client unread count', size, `${api}/me/messages/unread-count`, client.idToken));
      results.push(await latency('admin sent list, first page', size, `${api}/messages`, admin.idToken));
      results.push(
        await latency('admin sent list, search "crate"', size, `${api}/messages?search=crate`, admin.idToken),
      );
      results.push(
        await latency('admin sent list, search "zephyrson"', size, `${api}/messages?search=zephyrson`, admin.idToken),
      );
      results.push(await latency('admin sent list, unread', size, `${api}/messages?filter=unread`, admin.idToken));
    }
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

/** Rows of a small/large latency table. */
function latencyRows(rows: Latency[], small: number, large: number) {
  return rows
    .filter((x) => x.size === small)
    .map((s) => {
      const big = rows.find((x) => x.size === large && x.name === s.name);
      if (!big) return `| ${s.name} | ${s.p50Ms} | ${s.p95Ms} | | | | |`;
      return `| ${s.name} | ${s.p50Ms} | ${s.p95Ms} | ${big.p50Ms} | ${big.p95Ms} | ${(big.p95Ms / s.p95Ms).toFixed(2)} | ${big.items} |`;
    });
}

const portOffset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const shiftPorts = <P extends Record<string, number>>(ports: P): P =>
  Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, v + portOffset])) as P;

/**
 * Sessions at 100 and 5,000 over 300 clients: the trainer's month, search and first page, a client's
 * sessions, and what the 5-minute completion job reads (10 sessions due at each size).
 */
async function sessionsLoad() {
  const dataDir = '.test-local/bench-sessions';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    webDist: null,
    // TEST_PORT_OFFSET shifts them, so a sessions-only run does not collide with another runtime.
    ports: shiftPorts({ site: 3360, ws: 3361, dynamodb: 8360, cognito: 9589, s3: 4929, ses: 8365 }),
    // The calendar feed latency acts as many visitors by x-viewer-ip (its per-IP limit is 60 a minute).
    trustViewerIpHeader: true,
  });
  const results: Latency[] = [];
  const job: { size: number; due: number; completed: number; queries: number }[] = [];
  try {
    if (!rt.admin?.password) throw new Error('The bench runtime did not seed an admin');
    const admin = await rt.signIn(rt.admin.email, rt.admin.password);
    const password = 'bench-client-password';
    const email = 'bench.sessions@example.com';
    await rt.createUser({ email, password, role: 'client', firstName: 'Bench', lastName: 'Zephyrson' });
    const client = await rt.signIn(email, password);
    const me = await getProfileByEmail(email);
    if (!me) throw new Error('No bench client profile');
    await store()
      .entities.dog.create({
        id: randomUUID(),
        profileId: me.id,
        name: 'Quasar',
        breed: 'Vizsla',
        birthDate: '2022-05-01',
      } as never)
      .go();
    await seedDemo(299);
    const { data: clients } = await store().entities.profile.query.byRole({ role: 'client' }).go({ pages: 'all' });
    const owners: DemoSessionOwner[] = [];
    for (const p of clients) {
      const { data: dogs } = await store().entities.dog.query.byProfile({ profileId: p.id }).go({ limit: 1 });
      if (dogs[0])
        owners.push({
          clientId: p.id,
          clientName: `${p.firstName} ${p.lastName}`,
          dogId: dogs[0].id,
          dogName: dogs[0].name,
          dogBreed: dogs[0].breed ?? '',
        });
    }
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1).toISOString();
    const feed = await fetch(`${rt.urls.site}/api/me/calendar-feed`, {
      headers: { authorization: `Bearer ${client.idToken}` },
    });
    const feedUrl = `${rt.urls.site}${new URL(((await feed.json()) as { url: string }).url).pathname}`;
    let seeded = 0;
    for (const size of [100, 5000]) {
      await seedDemoSessions(size - seeded, owners, seeded, 10);
      seeded = size;
      // The completion job: only the due sessions are read (end-time index), whatever the total.
      dynamoCommandLog.clear();
      const completed = await completeEndedSessions();
      job.push({ size, due: 10, completed: completed.length, queries: dynamoCommandLog.get('QueryCommand') ?? 0 });
      const api = `${rt.urls.site}/api`;
      const month = `from=${encodeURIComponent(monthStart)}&to=${encodeURIComponent(monthEnd)}`;
      results.push(await latency('admin list, this month', size, `${api}/sessions?${month}&limit=100`, admin.idToken));
      results.push(await latency('admin list, first page', size, `${api}/sessions`, admin.idToken));
      results.push(await latency('admin search "zephyrson"', size, `${api}/sessions?search=zephyrson`, admin.idToken));
      results.push(await latency('admin stats', size, `${api}/sessions/stats`, admin.idToken));
      results.push(await latency("client's sessions", size, `${api}/me/sessions`, client.idToken));
      results.push(await latency("client's stats", size, `${api}/me/sessions/stats`, client.idToken));
      // The client's calendar feed: a public URL (no token), each request from another viewer address
      // so the per-IP limit of the public route does not answer 429.
      results.push(
        await latency("client's calendar feed", size, feedUrl, null, 100, (i) => ({
          'x-viewer-ip': `198.51.100.${(i % 250) + 1}`,
        })),
      );
    }
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { latency: results, job, measuredAt: undefined as string | undefined };
}

/** Sizes and load times measured on the code before a change, kept next to the current ones. */
interface LambdaBaseline {
  measuredAt: string;
  note: string;
  /** Whether that code's functions were deployed with `--enable-source-maps`. */
  sourceMaps?: boolean;
  bundles: LambdaBundle[];
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
}

/**
 * Whether a checkout's functions deploy with `--enable-source-maps` by default: set on every function in
 * infra/cloud/app-function.ts, as it was before ADR 0016 made it a choice (`-c sourceMaps=true`).
 */
const deploysSourceMaps = (dir: string) =>
  /^\s*NODE_OPTIONS: '--enable-source-maps',/m.test(readFileSync(join(dir, 'infra/cloud/app-function.ts'), 'utf8'));

/** Whether this checkout's functions deploy with source maps. */
const DEPLOYED_WITH_SOURCE_MAPS = deploysSourceMaps('.');

/** A bundle's startup as deployed (with source maps or not). */
const deployed = (b: LambdaBundle, sourceMaps: boolean) => b.startup[sourceMaps ? 'sourceMaps' : 'plain'];

/** The code the Lambda startup is compared with by default: before the SDK clients came back (ADR 0016). */
const BASELINE_COMMIT = '6e1c1b8';
const BASELINE_NOTE =
  'the code before the SDK clients came back (commit 6e1c1b8: hand-signed calls, stand-ins, routes define, --enable-source-maps on every function)';

/** The gate: no handler starts (CPU time of module load + first invocation, as deployed) over 10% slower than before. */
export const STARTUP_GATE = 1.1;

/** The handlers whose startup now is over the gate against the baseline measured in the same run. */
function overGate(now: LambdaBundle[], before: LambdaBaseline) {
  const base = new Map(before.bundles.map((b) => [b.handler, b]));
  return now.flatMap((l) => {
    const b = base.get(l.handler);
    if (!b) return [];
    const ratio =
      deployed(l, DEPLOYED_WITH_SOURCE_MAPS).startupCpuMs / deployed(b, before.sourceMaps ?? true).startupCpuMs;
    return ratio > STARTUP_GATE ? [{ handler: l.handler, ratio: Math.round(ratio * 100) / 100 }] : [];
  });
}

function lambdaMarkdown(now: LambdaBundle[], before?: LambdaBaseline, measuredAt?: string) {
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const http = now.filter((l) => l.handler.startsWith('http/'));
  const over = http.filter((l) => l.bytes > HTTP_BUNDLE_CEILING_BYTES);
  const baseMaps = before?.sourceMaps ?? true;
  const stats = (list: LambdaBundle[], sourceMaps: boolean) => {
    const h = list.filter((l) => l.handler.startsWith('http/'));
    const big = h.reduce((a, b) => (b.bytes > a.bytes ? b : a), h[0]);
    const of = (k: keyof StartupStats, maps: boolean) => median(list.map((l) => deployed(l, maps)[k]));
    return `HTTP largest ${kb(big.bytes)} (${big.handler}), median ${kb(median(h.map((l) => l.bytes)))}; all handlers' median startup ${of('startupMs', sourceMaps)} ms (CPU ${of('startupCpuMs', sourceMaps)} ms, load ${of('loadMs', sourceMaps)} ms) as deployed (${sourceMaps ? 'with' : 'without'} source maps); without source maps ${of('startupMs', false)} ms (CPU ${of('startupCpuMs', false)} ms), with ${of('startupMs', true)} ms (CPU ${of('startupCpuMs', true)} ms)`;
  };
  const base = new Map((before?.bundles ?? []).map((b) => [b.handler, b]));
  const gate = before ? overGate(now, before) : [];
  const cell = (x?: StartupStats) => (x ? `${x.startupMs} (${x.startupCpuMs})` : '');
  return [
    `## Lambda startup and bundles${measuredAt ? ` (${measuredAt})` : ''}`,
    '',
    'Each handler bundled with the options the CDK functions deploy with (`infra/cloud/bundling.ts`: esbuild,',
    'ESM, minified, node22, AWS SDK bundled with its credential chain reduced to the environment credentials',
    'Lambda provides, external source map) and started as a cold start starts it (bench/lambda-startup.ts): a',
    "fresh Node process with a deployed function's environment loads the bundle (`await import()`) and invokes",
    'it once with a sample event (its route as a signed-in caller of its access, its event, schedule, stream',
    'record or socket event), every AWS call answered by a local stand-in (DynamoDB with empty results). Startup',
    '= module load + first invocation, in ms of wall time and, in brackets, of CPU time (user + system, all',
    'threads), which a busy machine disturbs far less. Median of',
    `${LOAD_RUNS} processes per bundle and configuration (without and with \`--enable-source-maps\`); the "before"`,
    'bundles are built from the code before the change in the same run and each of their processes runs side by',
    "side with the current one's: compare within a run, not across runs. The gate: no handler's startup CPU time, as deployed,",
    `over ${Math.round((STARTUP_GATE - 1) * 100)}% above its own before. The bundle size is reported with a ceiling that catches`,
    `accidents (HTTP handlers <= ${kb(HTTP_BUNDLE_CEILING_BYTES)}, test/infra/bundle-size.test.ts), not a goal.`,
    '',
    `Now: ${http.length ? stats(now, DEPLOYED_WITH_SOURCE_MAPS) : '(none)'}; ${
      over.length ? `**${over.length} HTTP handlers over the ceiling**` : 'no HTTP handler over the ceiling'
    }.`,
    ...(before
      ? [
          '',
          `Before (${before.measuredAt}, ${before.note}): ${stats(before.bundles, baseMaps)}.`,
          '',
          gate.length
            ? `**Gate not met**: ${gate.map((g) => `${g.handler} x${g.ratio}`).join(', ')}.`
            : `Gate met: no handler starts more than ${Math.round((STARTUP_GATE - 1) * 100)}% slower (CPU, as deployed) than before.`,
        ]
      : []),
    '',
    `| handler | before raw | before startup ms, ${baseMaps ? 'source maps' : 'plain'} (CPU) | raw | gzip | startup ms, plain (CPU) | startup ms, source maps (CPU) | load ms, plain |`,
    '|---|---|---|---|---|---|---|---|',
    ...now.map((l) => {
      const b = base.get(l.handler);
      return `| ${l.handler} | ${b ? kb(b.bytes) : ''} | ${cell(b ? deployed(b, baseMaps) : undefined)} | ${kb(l.bytes)} | ${kb(l.gzipBytes)} | ${cell(l.startup.plain)} | ${cell(l.startup.sourceMaps)} | ${l.startup.plain.loadMs} |`;
    }),
    '',
  ];
}

function summary(r: {
  date: string;
  machine: string;
  web: Awaited<ReturnType<typeof webSizes>>;
  portal?: Awaited<ReturnType<typeof portalSizes>>;
  lambdas: LambdaBundle[];
  lambdasMeasuredAt?: string;
  lambdasBaseline?: LambdaBaseline;
  api: Load[];
  clientBook: Latency[];
  messages?: Latency[];
  sessions?: Awaited<ReturnType<typeof sessionsLoad>>;
  lighthouse?: LighthouseResult;
}) {
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const lines = [
    '# Benchmarks',
    '',
    'Produced by `npm run bench` (bench/run.ts). Raw numbers: `bench/results/latest.json`; each run is also',
    'kept as `bench/results/<date>.json`. All load is local (127.0.0.1) on the machine named below.',
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
    'its HTML references, the hydration chunks fetched after the first paint, the chunks its first screen',
    'loads, and the stylesheets inlined into the HTML (one <style>, gzipped alone). KB = 1024 bytes.',
    '',
    '| file | raw | gzip |',
    '|---|---|---|',
    ...r.web.files.map((f) => `| ${f.file} | ${kb(f.bytes)} | ${kb(f.gzipBytes)} |`),
    '',
    `Scrolling to the bottom then loads the blocks below the fold: ${r.web.onScrollFiles
      .map((f) => `${f.file} (${kb(f.gzipBytes)})`)
      .join(', ')}, for **${kb(r.web.afterScrollGzipBytes)}** in all.`,
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
    '## Lighthouse (public pages, mobile)',
    '',
    ...(r.lighthouse
      ? lighthouseMarkdown(r.lighthouse, { compact: true })
      : ['Skipped (BENCH_LIGHTHOUSE=0). Run `npx tsx bench/lighthouse.ts` alone for the table.', '']),
  ];
  return lines.join('\n');
}

async function main() {
  if (process.env.BENCH_ONLY === 'web') {
    // Measures the public home page alone and writes it into the last full run's results.
    const web = await webSizes();
    console.log(
      '/',
      (web.totalGzipBytes / 1024).toFixed(1),
      'KB; after scroll',
      (web.afterScrollGzipBytes / 1024).toFixed(1),
    );
    const last = JSON.parse(readFileSync(join(outDir, 'latest.json'), 'utf8'));
    const merged = { ...last, web };
    const json = `${JSON.stringify(merged, null, 2)}\n`;
    writeFileSync(join(outDir, 'latest.json'), json);
    writeFileSync(join(outDir, `${String(last.date).slice(0, 10)}.json`), json);
    writeFileSync('bench/README.md', summary(merged));
    process.exit(0);
  }
  if (process.env.BENCH_ONLY === 'portal') {
    // Measures the portal routes alone and writes them into the last full run's results (marked with their date).
    const portal = { ...(await portalSizes()), measuredAt: new Date().toISOString() };
    for (const x of portal.screens)
      console.log(
        x.path,
        (x.gzipBytes / 1024).toFixed(1),
        (process.env.BENCH_ALL_FILES ? x.files : x.largest)
          .map((f) => `${f.file} ${(f.gzipBytes / 1024).toFixed(1)}`)
          .join(', '),
      );
    const last = JSON.parse(readFileSync(join(outDir, 'latest.json'), 'utf8'));
    const merged = { ...last, portal: { ...portal, screens: portal.screens.map(({ files: _files, ...x }) => x) } };
    const json = `${JSON.stringify(merged, null, 2)}\n`;
    writeFileSync(join(outDir, 'latest.json'), json);
    writeFileSync(join(outDir, `${String(last.date).slice(0, 10)}.json`), json);
    writeFileSync('bench/README.md', summary(merged));
    process.exit(0);
  }
  if (process.env.BENCH_ONLY === 'sessions') {
    // Measures sessions alone and writes them into the last full run's results (marked with their date).
    const sessions = { ...(await sessionsLoad()), measuredAt: new Date().toISOString() };
    console.table(sessions.latency);
    console.table(sessions.job);
    const last = JSON.parse(readFileSync(join(outDir, 'latest.json'), 'utf8'));
    const merged = { ...last, sessions };
    const json = `${JSON.stringify(merged, null, 2)}\n`;
    writeFileSync(join(outDir, 'latest.json'), json);
    writeFileSync(join(outDir, `${String(last.date).slice(0, 10)}.json`), json);
    writeFileSync('bench/README.md', summary(merged));
    process.exit(0);
  }
  if (process.env.BENCH_ONLY === 'lambdas') {
    // Measures the Lambda bundles alone and writes them into the last full run's results (marked with
    // their date). The code of BENCH_BASELINE_COMMIT (BASELINE_COMMIT unless set; empty: none), or of
    // BENCH_BASELINE_TREE=<checkout>, is built and measured in the same run (side by side) and kept as the
    // "before" numbers, with BENCH_BASELINE="<what that code is>" as their note; the run then fails if the
    // startup gate is not met.
    const commit = process.env.BENCH_BASELINE_COMMIT ?? (process.env.BENCH_BASELINE_TREE ? '' : BASELINE_COMMIT);
    const tree = commit ? checkoutOf(commit) : process.env.BENCH_BASELINE_TREE;
    const { now, before } = await lambdaSizes(tree ? await baselineTree(tree) : undefined);
    const last = JSON.parse(readFileSync(join(outDir, 'latest.json'), 'utf8'));
    const measuredAt = new Date().toISOString();
    const baseline = tree
      ? {
          measuredAt,
          note:
            process.env.BENCH_BASELINE ??
            (commit === BASELINE_COMMIT ? BASELINE_NOTE : commit ? `commit ${commit}` : tree),
          sourceMaps: deploysSourceMaps(tree),
          bundles: before,
        }
      : undefined;
    const merged = {
      ...last,
      lambdas: now,
      lambdasMeasuredAt: measuredAt,
      ...(baseline ? { lambdasBaseline: baseline } : {}),
    };
    const json = `${JSON.stringify(merged, null, 2)}\n`;
    writeFileSync(join(outDir, 'latest.json'), json);
    writeFileSync(join(outDir, `${String(last.date).slice(0, 10)}.json`), json);
    writeFileSync('bench/README.md', summary(merged));
    if (commit && tree) rmSync(tree, { recursive: true, force: true });
    console.log(lambdaMarkdown(now, baseline, measuredAt).slice(0, 24).join('\n'));
    const gate = baseline ? overGate(now, baseline) : [];
    if (gate.length) {
      console.error('Startup gate not met:', gate);
      process.exit(1);
    }
    process.exit(0);
  }
  if (process.env.BENCH_ONLY === 'messages') {
    // A quick look at one part; nothing is written.
    console.table(await messagesLoad());
    process.exit(0);
  }
  mkdirSync(outDir, { recursive: true });
  const web = await webSizes();
  const portal = await portalSizes();
  const lambdas = (await lambdaSizes()).now;
  const api = await apiLoad();
  const clientBook = await clientBookLoad();
  const messages = await messagesLoad();
  const sessions = await sessionsLoad();
  const lighthouse = process.env.BENCH_LIGHTHOUSE === '0' ? undefined : await runLighthouse();
  // The "before" bundle numbers stay from run to run.
  const previous = existsSync(join(outDir, 'latest.json'))
    ? (JSON.parse(readFileSync(join(outDir, 'latest.json'), 'utf8')) as { lambdasBaseline?: LambdaBaseline })
    : {};
  const date = new Date().toISOString();
  const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const result = {
    date,
    machine,
    durationSeconds: DURATION_S,
    web,
    portal,
    lambdas,
    lambdasBaseline: previous.lambdasBaseline,
    api,
    clientBook,
    messages,
    sessions,
    lighthouse,
  };
  const json = `${JSON.stringify(result, null, 2)}\n`;
  writeFileSync(join(outDir, `${date.slice(0, 10)}.json`), json);
  writeFileSync(join(outDir, 'latest.json'), json);
  writeFileSync('bench/README.md', summary(result));
  console.log(summary(result));
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
