/**
 * Group classes (issue 39; docs/decisions/0070-group-classes.md, 0071): on a local runtime with a web
 * build, so the render on publish runs as under `npm start` (in the same process as the API).
 * 1. A change until it is served: publishing a class, then one enrolment (a seat taken), until the
 *    prerendered /classes and /classes/<id> served by the local site show it, and until
 *    GET /api/public/classes/seats does. One warm-up round, then RUNS rounds (median and max).
 * 2. Enrolment latency: CLIENTS clients, each with one dog and credits, POST /api/classes/{id}/enrolments
 *    over HTTP, CONCURRENCY at a time, into one class of LOAD_CAPACITY seats: seats first, then waitlist
 *    tickets (p50/p95/max of each). Then the burst: BURST clients at once into a class of BURST_CAPACITY.
 * Both end with the roster checked: exactly the seats there are, every other client on the waitlist.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { LocalRuntime } from '../infra/local/runtime.js';
import { seatsLine } from '../shared/contracts/class-options.js';
import { CLASS_SEATS_PATH, type ClassSeats } from '../shared/contracts/public-classes.js';
import { dynamoCommandLog } from '../shared/db/client.js';
import { store } from '../shared/db/service.js';
import { benchClientWithDog, withBenchRuntime } from './seed.js';
import { buildWebOnce } from './web-sizes.js';

const PORTS = { site: 3410, ws: 3411, dynamodb: 8410, cognito: 9639, s3: 4979, ses: 8415, stripe: 12415, push: 7315 };
const CLIENTS = Number(process.env.BENCH_CLASS_CLIENTS ?? 200);
const CONCURRENCY = 10;
/** The most a class may hold (MAX_CLASS_CAPACITY): the other clients draw waitlist tickets. */
const LOAD_CAPACITY = 50;
const BURST = 50;
const BURST_CAPACITY = 10;
const RUNS = 5;
const POLL_MS = 25;
/** Give up on a change not served by then. */
const POLL_LIMIT_MS = 30_000;
/** The class's credits; each client gets enough for every seat they take here. */
const CLASS_CREDITS = 2;
const CLIENT_CREDITS = 20;
const SETUP_CONCURRENCY = 8;

interface Stats {
  n: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/** p50/p95/max of `times` (the nearest-rank percentile, as bench/latency.ts). */
function stats(times: number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
  return { n: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: Math.round((sorted.at(-1) ?? 0) * 10) / 10 };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Runs `work` on every item, `concurrency` at a time. */
async function pool<T, R>(items: T[], concurrency: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await work(items[i], i);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One HTTP request to the local site: its status, JSON body and time (until the body is read). */
async function call<T = Record<string, unknown>>(
  rt: LocalRuntime,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
) {
  const started = performance.now();
  const res = await fetch(`${rt.urls.site}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T, ms };
}

/** Polls `check` every POLL_MS until it holds; the ms from `started`. */
async function until(started: number, what: string, check: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await check()) return Math.round(performance.now() - started);
    if (performance.now() - started > POLL_LIMIT_MS) throw new Error(`${what}: not served after ${POLL_LIMIT_MS} ms`);
    await sleep(POLL_MS);
  }
}

/** The seats figure of class `id` in a page's HTML (SeatsLine, `data-class-seats`), if the page shows it. */
async function figureOn(rt: LocalRuntime, path: string, id: string): Promise<string | undefined> {
  const res = await fetch(`${rt.urls.site}${path}`);
  const html = await res.text();
  if (!res.ok) return undefined;
  return html.match(new RegExp(`data-class-seats="${id.replace(/[^\w-]/g, '')}"[^>]*>([^<]*)<`))?.[1];
}

async function seatsLeftOf(rt: LocalRuntime, id: string): Promise<number | undefined> {
  const { body } = await call<ClassSeats>(rt, 'GET', CLASS_SEATS_PATH);
  return body.seats.find((s) => s.id === id)?.seatsLeft;
}

/** The class a bench round creates: a fortnight ahead, at night (no clash with anything). */
function classBody(title: string, capacity: number) {
  const first = new Date(Date.now() + 14 * 86_400_000);
  first.setUTCHours(3, Math.floor(Math.random() * 50), 0, 0);
  return {
    title,
    description: 'Bench class: six weeks of **puppy** manners.',
    credits: CLASS_CREDITS,
    capacity,
    online: false,
    location: 'Training barn',
    requiredVaccines: [],
    vaccinationRule: 'warn',
    firstMeeting: first.toISOString(),
    durationMinutes: 60,
    weeks: 6,
  };
}

async function draftClass(rt: LocalRuntime, adminToken: string, title: string, capacity: number): Promise<string> {
  const created = await call<{ class: { id: string } }>(
    rt,
    'POST',
    '/api/classes',
    adminToken,
    classBody(title, capacity),
  );
  if (created.status !== 201)
    throw new Error(`creating a class: HTTP ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.class.id;
}

async function publish(rt: LocalRuntime, adminToken: string, id: string) {
  const published = await call(rt, 'POST', `/api/classes/${id}/publish`, adminToken);
  if (published.status !== 200) throw new Error(`publishing ${id}: HTTP ${published.status}`);
  return published.ms;
}

interface Client {
  token: string;
  dogId: string;
}

/** `n` clients who sign in, each with one dog and CLIENT_CREDITS credits. */
async function benchClients(rt: LocalRuntime, n: number): Promise<Client[]> {
  return pool(Array.from({ length: n }), SETUP_CONCURRENCY, async (_, i) => {
    const { idToken, owner } = await benchClientWithDog(rt, `bench.class.${i}@example.com`, `Class${i}`);
    await store().entities.sessionCredits.update({ profileId: owner.clientId }).add({ balance: CLIENT_CREDITS }).go();
    return { token: idToken, dogId: owner.dogId };
  });
}

type Kind = 'enrolled' | 'waitlisted' | 'failed';

async function enrolOne(rt: LocalRuntime, classId: string, c: Client): Promise<{ kind: Kind; ms: number }> {
  const res = await call<{ enrolment?: { status: string } }>(
    rt,
    'POST',
    `/api/classes/${classId}/enrolments`,
    c.token,
    {
      dogId: c.dogId,
    },
  );
  const status = res.body.enrolment?.status;
  return {
    kind: res.status === 201 && (status === 'enrolled' || status === 'waitlisted') ? status : 'failed',
    ms: res.ms,
  };
}

/** One change's times (ms from the request sent): the request itself, and until each place shows it. */
interface ChangeTimes {
  requestMs: number;
  classesPageMs: number;
  classPageMs: number;
  seatsApiMs: number;
}

/** Publishes a new class, then enrols one dog in it, each followed until served. */
async function changeRound(rt: LocalRuntime, adminToken: string, client: Client, capacity = 10) {
  const title = `Bench Class ${randomUUID().slice(0, 8)}`;
  const id = await draftClass(rt, adminToken, title, capacity);
  const follow = (started: number, figure: string, seatsLeft: number) =>
    Promise.all([
      until(started, '/classes', async () => (await figureOn(rt, '/classes', id)) === figure),
      until(started, `/classes/${id}`, async () => (await figureOn(rt, `/classes/${id}`, id)) === figure),
      until(started, CLASS_SEATS_PATH, async () => (await seatsLeftOf(rt, id)) === seatsLeft),
    ]);

  let started = performance.now();
  const publishMs = await publish(rt, adminToken, id);
  const [pubPage, pubClassPage, pubSeats] = await follow(started, seatsLine({ seatsLeft: capacity }), capacity);

  started = performance.now();
  const enrolled = await enrolOne(rt, id, client);
  if (enrolled.kind !== 'enrolled') throw new Error(`the change round's enrolment in ${id} was ${enrolled.kind}`);
  const [enrPage, enrClassPage, enrSeats] = await follow(started, seatsLine({ seatsLeft: capacity - 1 }), capacity - 1);
  const times = (requestMs: number, page: number, classPage: number, seats: number): ChangeTimes => ({
    requestMs: Math.round(requestMs),
    classesPageMs: page,
    classPageMs: classPage,
    seatsApiMs: seats,
  });
  return {
    publish: times(publishMs, pubPage, pubClassPage, pubSeats),
    enrol: times(enrolled.ms, enrPage, enrClassPage, enrSeats),
  };
}

/** Median and max of each time over the rounds. */
function changeSummary(rounds: ChangeTimes[]) {
  const keys = ['requestMs', 'classesPageMs', 'classPageMs', 'seatsApiMs'] as const;
  return Object.fromEntries(
    keys.map((k) => [k, { median: median(rounds.map((r) => r[k])), max: Math.max(...rounds.map((r) => r[k])) }]),
  ) as Record<(typeof keys)[number], { median: number; max: number }>;
}

/**
 * The roster as the trainer reads it after `clients` enrolments: exactly the seats there are (or one per
 * client), every other client on the waitlist, and the class's counts agreeing with its enrolments.
 */
async function rosterExact(rt: LocalRuntime, adminToken: string, classId: string, clients: number, capacity: number) {
  const { body } = await call<{
    class: { seatsTaken: number; waitlisted: number };
    enrolled: unknown[];
    waitlist: unknown[];
  }>(rt, 'GET', `/api/classes/${classId}/roster`, adminToken);
  const seats = Math.min(clients, capacity);
  return (
    body.class.seatsTaken === seats &&
    body.enrolled.length === seats &&
    body.class.waitlisted === clients - seats &&
    body.waitlist.length === clients - seats
  );
}

/** Enrols every client in a new class of `capacity`, `concurrency` at a time, and checks the roster. */
async function enrolLoad(
  rt: LocalRuntime,
  adminToken: string,
  clients: Client[],
  capacity: number,
  concurrency: number,
) {
  const id = await draftClass(rt, adminToken, `Bench Load ${randomUUID().slice(0, 8)}`, capacity);
  await publish(rt, adminToken, id);
  await rt.bus.idle();
  dynamoCommandLog.clear();
  const started = performance.now();
  const results = await pool(clients, concurrency, (c) => enrolOne(rt, id, c));
  const ended = performance.now();
  const transactions = [...dynamoCommandLog].reduce(
    (n, [name, count]) => (/^TransactWrite/.test(name) ? n + count : n),
    0,
  );
  const of = (kind: Kind) => results.filter((r) => r.kind === kind).map((r) => r.ms);
  // The render on publish of the seats taken meanwhile: until /classes shows the class full, and until
  // the bus has nothing left (the renders the load queued).
  const full = seatsLine({ seatsLeft: Math.max(0, capacity - of('enrolled').length) });
  const pageRightAfterMs = await until(
    ended,
    '/classes after the load',
    async () => (await figureOn(rt, '/classes', id)) === full,
  );
  await rt.bus.idle();
  const busIdleAfterMs = Math.round(performance.now() - ended);
  return {
    clients: clients.length,
    concurrency,
    capacity,
    seconds: Math.round((ended - started) / 100) / 10,
    enrolmentsPerSecond: Math.round((clients.length / ((ended - started) / 1000)) * 10) / 10,
    seat: stats(of('enrolled')),
    waitlist: stats(of('waitlisted')),
    all: stats(results.map((r) => r.ms)),
    failed: of('failed').length,
    /** The enrolments' transactions (seat, or joining the waitlist) per request: above 1, retried on conflict. */
    transactionsPerEnrolment: Math.round((transactions / clients.length) * 100) / 100,
    exact: await rosterExact(rt, adminToken, id, clients.length - of('failed').length, capacity),
    pageRightAfterMs,
    busIdleAfterMs,
  };
}

/** The whole part: `BENCH_ONLY=classes`. */
export async function classesLoad(log: (m: string) => void = console.log) {
  buildWebOnce();
  return withBenchRuntime(
    'classes',
    PORTS,
    async (rt, admin) => {
      const { idToken: adminToken } = await rt.signIn(admin.email, admin.password);
      const setupStarted = performance.now();
      const clients = await benchClients(rt, Math.max(CLIENTS, BURST, RUNS + 1));
      const setupSeconds = Math.round((performance.now() - setupStarted) / 100) / 10;
      log(`classes: ${clients.length} clients in ${setupSeconds} s`);

      // The first round warms the handlers and the render up; it is not kept.
      await changeRound(rt, adminToken, clients[0]);
      await rt.bus.idle();
      const rounds: Awaited<ReturnType<typeof changeRound>>[] = [];
      for (let i = 1; i <= RUNS; i++) {
        rounds.push(await changeRound(rt, adminToken, clients[i]));
        await rt.bus.idle();
      }
      log(`classes: ${RUNS} change rounds`);

      const load = await enrolLoad(rt, adminToken, clients.slice(0, CLIENTS), LOAD_CAPACITY, CONCURRENCY);
      log(`classes: ${load.clients} enrolments, p95 ${load.all.p95Ms} ms`);
      const burst = await enrolLoad(rt, adminToken, clients.slice(0, BURST), BURST_CAPACITY, BURST);
      return {
        measuredAt: new Date().toISOString(),
        loadAverage: Number(os.loadavg()[0].toFixed(2)),
        setup: { clients: clients.length, seconds: setupSeconds },
        change: {
          runs: RUNS,
          pollMs: POLL_MS,
          rounds,
          publish: changeSummary(rounds.map((r) => r.publish)),
          enrol: changeSummary(rounds.map((r) => r.enrol)),
        },
        load,
        burst,
      };
    },
    { webDist: 'web/dist', schedules: false },
  );
}

export type ClassesBench = Awaited<ReturnType<typeof classesLoad>>;

/** The bench README's section of this part. */
export function classesMarkdown(c: ClassesBench | undefined): string[] {
  if (!c) return [];
  const change = (name: string, s: ClassesBench['change']['publish']) =>
    `| ${name} | ${s.requestMs.median} / ${s.requestMs.max} | ${s.classesPageMs.median} / ${s.classesPageMs.max} | ${s.classPageMs.median} / ${s.classPageMs.max} | ${s.seatsApiMs.median} / ${s.seatsApiMs.max} |`;
  const row = (name: string, s: Stats) => `| ${name} | ${s.n} | ${s.p50Ms} | ${s.p95Ms} | ${s.maxMs} |`;
  const load = (name: string, l: ClassesBench['load']) => [
    row(`${name}: seat`, l.seat),
    row(`${name}: waitlist ticket`, l.waitlist),
    row(`${name}: all`, l.all),
  ];
  const verdict = (l: ClassesBench['load']) =>
    `${l.exact ? 'exact' : '**not exact**'}${l.failed ? `, **${l.failed} failed**` : ''}, ${l.transactionsPerEnrolment} transactions per enrolment`;
  return [
    `## Group classes: enrolment and the class pages after a change (one run, ${c.measuredAt})`,
    '',
    '`BENCH_ONLY=classes` (bench/classes.ts), on a local runtime with a web build: the render on publish',
    '(`WebsiteContentChanged { section: classes }` from the outbox, through the table stream) runs in the same',
    'Node process as the API, as under `npm start`; in the cloud it is a Lambda of its own, behind CloudFront.',
    `Load average (1 minute) at the end: ${c.loadAverage}.`,
    '',
    `A change until it is served (ms from the request sent, median / max of ${c.change.runs} rounds after a warm-up`,
    `one, polled every ${c.change.pollMs} ms): publishing a class of 10 seats, until the prerendered \`/classes\``,
    'and `/classes/<id>` show its seats figure and `GET /api/public/classes/seats` lists it; then one enrolment',
    'in it, until all three show 9 seats left. The pages wait for the table stream, which the local runtime reads',
    'every 200 ms when idle (infra/local/stream-poller.ts). Locally nothing is cached: in the cloud the seats',
    'answer may be up to 60 s old at the CDN, and an open page reads it again every minute.',
    '',
    '| change | request | `/classes` | `/classes/<id>` | seats API |',
    '|---|---|---|---|---|',
    change('publish a class', c.change.publish),
    change('one enrolment', c.change.enrol),
    '',
    `Enrolment over HTTP (\`POST /api/classes/{classId}/enrolments\`, each client their own dog, ${c.setup.clients}`,
    `clients with credits): ${c.load.clients} clients ${c.load.concurrency} at a time into one class of`,
    `${c.load.capacity} seats (the seats go first, then waitlist tickets; ${c.load.enrolmentsPerSecond} enrolments/s),`,
    `then a burst: ${c.burst.clients} clients at once into a class of ${c.burst.capacity}. Each seat also raises a`,
    'render of the class pages, which runs meanwhile.',
    '',
    '| enrolments | n | p50 ms | p95 ms | max ms |',
    '|---|---|---|---|---|',
    ...load(`${c.load.clients} at ${c.load.concurrency}`, c.load),
    ...load(`burst of ${c.burst.clients}`, c.burst),
    '',
    `Roster after the load: ${verdict(c.load)}; after the burst: ${verdict(c.burst)}. \`/classes\` showed the`,
    `load's class full ${c.load.pageRightAfterMs} ms after the last enrolment answered; the renders the load queued`,
    `were done after ${c.load.busIdleAfterMs} ms.`,
    '',
  ];
}
