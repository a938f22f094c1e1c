/**
 * The Lambda bundles: each handler bundled as the CDK bundles it, its size and its startup without and with
 * source maps, optionally next to the same handler from the code before a change (the startup gate).
 */
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { esbuildOptions, HTTP_BUNDLE_CEILING_BYTES } from '../infra/cloud/bundling.js';
import { allHandlers } from '../shared/routes.js';
import { type AwsStandIn, type Startup, startAwsStandIn, startBundle } from './lambda-startup.js';
import { gz } from './web-sizes.js';

/**
 * `BENCH_HANDLERS=a,b`: measure only these handlers (new ones), without a baseline build; their rows
 * replace or join those of the record (bench/run.ts), which keeps its baseline.
 */
export const BENCH_HANDLERS = process.env.BENCH_HANDLERS?.split(',')
  .map((h) => h.trim())
  .filter(Boolean);

/** Fresh Node processes per bundle and configuration for its startup (the median is kept). */
export const LOAD_RUNS = Number(process.env.BENCH_LOAD_RUNS ?? 5);
/** Handlers measured at once (BENCH_LOAD_CONCURRENCY): more finishes sooner on a machine others share too. */
const LOAD_CONCURRENCY = Math.max(1, Number(process.env.BENCH_LOAD_CONCURRENCY ?? 1));

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

export async function baselineTree(dir: string): Promise<BaselineTree> {
  const bundling = await import(pathToFileURL(resolve(dir, 'infra/cloud/bundling.ts')).href);
  const routes = await import(pathToFileURL(resolve(dir, 'shared/routes.ts')).href);
  return { esbuildOptions: bundling.esbuildOptions, allHandlers: routes.allHandlers };
}

/**
 * The code of `commit` in a directory of its own (`git archive`), sharing this checkout's node_modules,
 * so its bundles are built and measured in the same run as the current code.
 */
export function checkoutOf(commit: string): string {
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
export async function lambdaSizes(baseline?: BaselineTree): Promise<{ now: LambdaBundle[]; before: LambdaBundle[] }> {
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
    const measure = async (handler: string) => {
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
    };
    // LOAD_CONCURRENCY handlers at a time (each with its before side by side), in the declared order.
    const queue = allHandlers().filter((h) => !BENCH_HANDLERS || BENCH_HANDLERS.includes(h));
    const order = new Map(queue.map((h, i) => [h, i]));
    const worker = async () => {
      for (let h = queue.shift(); h; h = queue.shift()) await measure(h);
    };
    await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, worker));
    for (const list of [now, before]) list.sort((a, b) => (order.get(a.handler) ?? 0) - (order.get(b.handler) ?? 0));
  } finally {
    await standIn.close();
    rmSync(root, { recursive: true, force: true });
  }
  return { now, before };
}

/** Sizes and load times measured on the code before a change, kept next to the current ones. */
export interface LambdaBaseline {
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
export const deploysSourceMaps = (dir: string) =>
  /^\s*NODE_OPTIONS: '--enable-source-maps',/m.test(readFileSync(join(dir, 'infra/cloud/app-function.ts'), 'utf8'));

/** Whether this checkout's functions deploy with source maps. */
const DEPLOYED_WITH_SOURCE_MAPS = deploysSourceMaps('.');

/** A bundle's startup as deployed (with source maps or not). */
const deployed = (b: LambdaBundle, sourceMaps: boolean) => b.startup[sourceMaps ? 'sourceMaps' : 'plain'];

/** The code the Lambda startup is compared with by default: before the SDK clients came back (ADR 0016). */
export const BASELINE_COMMIT = '6e1c1b8';
export const BASELINE_NOTE =
  'the code before the SDK clients came back (commit 6e1c1b8: hand-signed calls, stand-ins, routes define, --enable-source-maps on every function)';

/** The gate: no handler starts (CPU time of module load + first invocation, as deployed) over 10% slower than before. */
export const STARTUP_GATE = 1.1;

/**
 * What a handler's startup is held to: its own "before" (the same handler built from the baseline code in
 * the same run) or, for a handler the baseline code does not have, the slowest startup of any handler the
 * baseline code has (as it deployed, same run): a new handler starts no slower than the slowest one before.
 */
function gateReference(handler: string, before: LambdaBaseline): { cpuMs: number; of: string } | undefined {
  const maps = before.sourceMaps ?? true;
  const own = before.bundles.find((b) => b.handler === handler);
  if (own) return { cpuMs: deployed(own, maps).startupCpuMs, of: handler };
  const slowest = before.bundles.reduce<LambdaBundle | undefined>(
    (a, b) => (!a || deployed(b, maps).startupCpuMs > deployed(a, maps).startupCpuMs ? b : a),
    undefined,
  );
  return slowest && { cpuMs: deployed(slowest, maps).startupCpuMs, of: slowest.handler };
}

/**
 * The handlers whose startup now is over the gate against the baseline measured in the same run, and
 * every handler the build declares (shared/routes.ts) that has no startup row.
 */
export function overGate(now: LambdaBundle[], before: LambdaBaseline, declared: readonly string[] = allHandlers()) {
  const measured = new Set(now.map((l) => l.handler));
  const missing = declared.filter((h) => !measured.has(h)).map((handler) => ({ handler, ratio: Number.NaN }));
  return [
    ...missing,
    ...now.flatMap((l) => {
      const ref = gateReference(l.handler, before);
      if (!ref) return [];
      const ratio = deployed(l, DEPLOYED_WITH_SOURCE_MAPS).startupCpuMs / ref.cpuMs;
      return ratio > STARTUP_GATE ? [{ handler: l.handler, ratio: Math.round(ratio * 100) / 100 }] : [];
    }),
  ];
}

export function lambdaMarkdown(now: LambdaBundle[], before?: LambdaBaseline, measuredAt?: string) {
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
    `${LOAD_RUNS} processes per bundle and configuration (without and with \`--enable-source-maps\`), ${LOAD_CONCURRENCY} handlers at a time; the "before"`,
    'bundles are built from the code before the change in the same run and each of their processes runs side by',
    "side with the current one's: compare within a run, not across runs. The gate: no handler's startup CPU time, as deployed,",
    `over ${Math.round((STARTUP_GATE - 1) * 100)}% above its own before; a handler the code before lacks is held to the slowest`,
    'before of any handler (its "before" cell names it), and every handler shared/routes.ts declares has a row. The',
    `bundle size is reported with a ceiling that catches accidents (HTTP handlers <= ${kb(HTTP_BUNDLE_CEILING_BYTES)}, test/infra/bundle-size.test.ts), not a goal.`,
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
            ? `**Gate not met**: ${gate.map((g) => `${g.handler} ${Number.isNaN(g.ratio) ? 'not measured' : `x${g.ratio}`}`).join(', ')}.`
            : `Gate met: no handler starts more than ${Math.round((STARTUP_GATE - 1) * 100)}% slower (CPU, as deployed) than before.`,
        ]
      : []),
    '',
    `| handler | before raw | before startup ms, ${baseMaps ? 'source maps' : 'plain'} (CPU) | raw | gzip | startup ms, plain (CPU) | startup ms, source maps (CPU) | load ms, plain |`,
    '|---|---|---|---|---|---|---|---|',
    ...now.map((l) => {
      const b = base.get(l.handler);
      const ref = before && !b ? gateReference(l.handler, before) : undefined;
      const beforeCell = b ? cell(deployed(b, baseMaps)) : ref ? `new: held to ${ref.of} (${ref.cpuMs})` : '';
      return `| ${l.handler} | ${b ? kb(b.bytes) : ''} | ${beforeCell} | ${kb(l.bytes)} | ${kb(l.gzipBytes)} | ${cell(l.startup.plain)} | ${cell(l.startup.sourceMaps)} | ${l.startup.plain.loadMs} |`;
    }),
    '',
  ];
}
