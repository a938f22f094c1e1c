import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { store } from '../../shared/db/service.js';
import { BUSINESS_SETTINGS_KEY } from '../../shared/domain/settings.js';
import { type RouteDef, routeKey, routes } from '../../shared/routes.js';
import * as z from '../../shared/zod.js';
import { arbitraryOf, jsonSchemaOf } from '../fuzz/arbitraries.js';
import { type Contract, type FuzzInput, inputsOf, principalsOf, textRecord } from '../fuzz/inputs.js';
import { installRecorder, type RecordedWrite, recording } from '../fuzz/recorder.js';
import {
  buildWorld,
  type CallInput,
  callRoute,
  claimsOf,
  freshIp,
  idSourceFor,
  listCursors,
  loadRoute,
  newUser,
  type Principal,
  type PrincipalKind,
  type World,
} from '../fuzz/world.js';

/**
 * The fuzz harness: every route of shared/routes.ts, called in this process with inputs generated
 * from the contract its handler was built with (functions/lib/middleware.ts keeps it) mixed with
 * hostile values, as the principal the route expects. No answer may be a 5xx or take more than 5 s,
 * and a rejected request (4xx) may store nothing but its per-IP rate-limit counter. `npm test` runs a
 * fixed seed and FUZZ_RUNS (default 25) inputs per route; `npm run fuzz` runs 1,000 per route. A
 * failure prints a reproducer (route, principal, params, query, body) and the seed and path that
 * replay it (FUZZ_SEED, FUZZ_PATH, FUZZ_ROUTE).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
/** FUZZ_ROUTE: one route key, or several separated by commas. */
const ONLY = process.env.FUZZ_ROUTE?.split(',').map((k) => k.trim());
const REPLAY_PATH = process.env.FUZZ_PATH;
const LIMIT_MS = 5_000;

/** A text short enough to print: long strings become their length and start. */
function printable(v: unknown): string {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined');
  return text.length > 600 ? `${JSON.stringify(text.slice(0, 200))}... (${text.length} characters)` : text;
}

/**
 * The writes a rejected request may leave: only the per-IP counter of this request's own address and
 * route (shared/domain/rate-limits.ts), which the edge counts before it validates anything. The other
 * write the edge makes before validation, a signed-in client's missing profile (SPEC 4), cannot happen
 * here: every fuzzed caller has a profile, so such a write is reported.
 */
const allowedOnRejection = (w: RecordedWrite, route: RouteDef, ip: string) =>
  /^Update(Item)?Command$/.test(w.command) &&
  w.input.toLowerCase().includes(`ip#${ip}#${routeKey(route)}`.toLowerCase()) &&
  /ratelimit/i.test(w.input);

interface Counts {
  requests: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  maxMs: number;
  /** What the slowest request was (principal and status). */
  slowest?: string;
}
const counts = new Map<string, Counts>();

let admin: Principal;
let readersWorld: Promise<World> | undefined;
let savedSettings: Record<string, unknown> | null = null;

beforeAll(async () => {
  installRecorder();
  admin = { kind: 'admin', claims: claimsOf(await newUser('admin'), 'admin') };
  // The business settings are one record shared by the whole suite: put back as found.
  const { data } = await store().entities.setting.get({ key: BUSINESS_SETTINGS_KEY }).go();
  savedSettings = (data as Record<string, unknown> | null) ?? null;
});

afterAll(async () => {
  if (savedSettings)
    await store()
      .entities.setting.put(savedSettings as never)
      .go();
  else await store().entities.setting.delete({ key: BUSINESS_SETTINGS_KEY }).go();
  const all = [...counts.values()];
  const sum = (k: '2xx' | '4xx' | '5xx' | 'requests') => all.reduce((n, c) => n + c[k], 0);
  if (process.env.FUZZ_RUNS)
    for (const [key, c] of counts)
      console.log(
        `${key}: ${c.requests} requests, 4xx ${c['4xx']}, 5xx ${c['5xx']}, slowest ${c.maxMs} ms (${c.slowest ?? '-'})`,
      );
  console.log(
    `fuzz: ${counts.size} routes, ${sum('requests')} requests (2xx ${sum('2xx')}, 4xx ${sum('4xx')}, 5xx ${sum('5xx')}), slowest ${Math.max(0, ...all.map((c) => c.maxMs))} ms`,
  );
});

const fuzzed = (routes as readonly RouteDef[]).filter((r) => !ONLY || ONLY.includes(routeKey(r)));

describe('fuzz harness: the contracts', () => {
  it('every declared route has a handler built with its contract', async () => {
    const missing: string[] = [];
    for (const r of routes as readonly RouteDef[]) {
      const { contract } = await loadRoute(r);
      if (typeof contract !== 'object' || contract === null) missing.push(routeKey(r));
    }
    expect(missing).toEqual([]);
  });

  // Generated inputs must get past validation often enough for the handlers behind it to be fuzzed: at
  // least 30% of them valid for every part of every contract (refinements JSON Schema cannot say are
  // approximated by field names, see test/fuzz/arbitraries.ts).
  it('inputs generated from a contract are often ones the contract accepts', async () => {
    const rates: Record<string, number> = {};
    for (const r of routes as readonly RouteDef[]) {
      const contract = (await loadRoute(r)).contract as Contract;
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = contract[part];
        if (!schema) continue;
        const samples = fc.sample(
          arbitraryOf(jsonSchemaOf(schema), () => []),
          { numRuns: 40, seed: SEED },
        );
        const values = part === 'body' ? samples : samples.map(textRecord);
        rates[`${routeKey(r)} ${part}`] = values.filter((v) => z.safeParse(schema, v).success).length / values.length;
      }
    }
    const poor = Object.entries(rates).filter(([, rate]) => rate < 0.3);
    expect(poor).toEqual([]);
  });
});

describe.concurrent('fuzz harness: every route', () => {
  for (const route of fuzzed) {
    const key = routeKey(route);
    it(`${key} (${route.access})`, { timeout: Math.max(120_000, RUNS * 2_000) }, async () => {
      const { contract } = await loadRoute(route);
      expect(contract, `${key}: no contract recorded for ${route.handler}`).toBeTypeOf('object');
      const spec = contract as Contract;
      // Reading routes share one world; every other route gets its own (it may delete what it is given).
      if (route.method === 'GET') readersWorld ??= buildWorld(admin);
      const world: World = await (route.method === 'GET' && readersWorld ? readersWorld : buildWorld(admin));
      const who = (k: PrincipalKind): Principal =>
        k === 'admin' ? world.admin : k === 'client' ? world.client : { kind: 'anonymous' };
      const cursors =
        spec.query && 'cursor' in (jsonSchemaOf(spec.query).properties ?? {})
          ? await listCursors(route, principalsOf(route).map(who))
          : [];
      const ids = idSourceFor(route, world, cursors);
      const c: Counts = { requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, maxMs: 0 };
      counts.set(key, c);

      const property = fc.asyncProperty(
        inputsOf(route, spec, ids),
        async ({ who: caller, params, query, body }: FuzzInput) => {
          const ip = freshIp();
          const call: CallInput = { params, query, body };
          const started = performance.now();
          const { result, writes, errors } = await recording(() => callRoute(route, who(caller), call, ip));
          const ms = Math.round(performance.now() - started);
          c.requests++;
          c[`${Math.floor(result.status / 100)}xx` as '2xx']++;
          if (ms >= c.maxMs) {
            c.maxMs = ms;
            c.slowest = `${caller}, ${result.status}`;
          }
          if (result.status >= 500)
            throw new Error(`answered ${result.status}: ${result.body.slice(0, 300)}; logged: ${errors.join(' / ')}`);
          if (ms > LIMIT_MS) throw new Error(`answered ${result.status} after ${ms} ms (limit ${LIMIT_MS} ms)`);
          if (result.status >= 400) {
            const stored = writes.filter((w) => !allowedOnRejection(w, route, ip));
            if (stored.length)
              throw new Error(
                `answered ${result.status} (${result.body.slice(0, 200)}) but stored: ${stored.map((w) => `${w.command} ${printable(w.input)}`).join('; ')}`,
              );
          }
        },
      );
      const details = await fc.check(property, {
        numRuns: RUNS,
        seed: SEED,
        ...(REPLAY_PATH ? { path: REPLAY_PATH } : {}),
      });
      if (details.failed) {
        const [example] = details.counterexample ?? [];
        const reproducer = [
          `route: ${key} (functions/${route.handler}.ts, access ${route.access})`,
          `principal: ${example?.who}`,
          `params: ${printable(example?.params)}`,
          `query: ${printable(example?.query)}`,
          `body: ${printable(example?.body)}`,
          `failure: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
          `replay: FUZZ_ROUTE='${key}' FUZZ_SEED=${details.seed} FUZZ_PATH='${details.counterexamplePath}' npm run fuzz`,
          `(after ${details.numRuns} runs, ${details.numShrinks} shrinks)`,
        ].join('\n');
        console.error(`fuzz failure\n${reproducer}`);
        expect.fail(reproducer);
      }
    });
  }
});
