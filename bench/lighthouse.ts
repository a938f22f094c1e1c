/**
 * Lighthouse 12 on the public pages, mobile defaults (the default config: Moto G Power emulation,
 * simulated slow-4G + 4x CPU throttling), in Debian Chromium, against the production build served
 * by the local runtime on its own ports. Pages run one after another, each in a fresh Chromium.
 *
 * Bars (from the issues): performance 100, accessibility 100, best practices 100, SEO 100, and the
 * metric budgets: Total Blocking Time <= 50 ms, CLS 0 (public pages as islands: no React runtime on a
 * static page). The budgets hold at a Lighthouse benchmarkIndex >= 1,200: below it the machine is too
 * loaded or slow for the simulated throttling to mean a phone, and the result says so.
 *
 * Alone:   npx tsx bench/lighthouse.ts [--build] [--runs=N] [--assert] [--reports]
 *   --build   rebuild web/dist first (otherwise only when web/dist/index.html is missing)
 *   --runs=N  N runs per page, the median run (by performance score) is kept (default 3, or LH_RUNS);
 *             the simulated-throttling performance score moves by 1-3 points between runs on a busy machine
 *   --assert  exit 1 when a page misses a bar
 *   --reports also keep each page's full report (HTML + JSON) in .test-local/lighthouse-reports/
 *   LH_PORT_OFFSET=<n> moves the runtime's ports (site 3500, ws 3501, dynamodb 8500, cognito 9729,
 *   s3 5069, ses 8505) by n, for when another run holds them.
 * writes bench/results/lighthouse-latest.json and prints a table. `npm run bench` calls
 * {@link runLighthouse} and puts the same result under `lighthouse` in bench/results/latest.json.
 * Everything binds to and targets 127.0.0.1 only.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { generateReport, type Result } from 'lighthouse';
import { type LocalPorts, startLocalRuntime } from '../infra/local/runtime.js';
import { PUBLIC_PAGES } from './public-pages.js';

export const CHROME_PATH = '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The runtime's own ports; LH_PORT_OFFSET=<n> moves them all (e.g. when another run holds them). */
const PORT_OFFSET = Number(process.env.LH_PORT_OFFSET ?? 0);
const BASE_PORTS: LocalPorts = {
  site: 3500,
  ws: 3501,
  dynamodb: 8500,
  cognito: 9729,
  s3: 5069,
  ses: 8505,
  stripe: 12611,
  push: 7511,
};
const PORTS = Object.fromEntries(Object.entries(BASE_PORTS).map(([k, v]) => [k, v + PORT_OFFSET])) as LocalPorts;
const DATA_DIR = `.test-local/lighthouse${PORT_OFFSET ? `-${PORT_OFFSET}` : ''}`;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** Minimum score (0-100) per category. */
export const LIGHTHOUSE_BARS: Record<Category, number> = {
  performance: 100,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

/** Budgets of the measured metrics (each at most). */
export const METRIC_BUDGETS = { tbtMs: 50, cls: 0 } as const;
/** The benchmarkIndex the bars are set for (Lighthouse's CPU score of the machine during the run). */
export const MIN_BENCHMARK_INDEX = 1200;

export interface FailingAudit {
  id: string;
  /** Categories the audit counts towards (weight > 0), or `performance (diagnostic)`. */
  categories: string[];
  title: string;
  /** 0..1. */
  score: number | null;
  displayValue?: string;
  /** Why it failed, when Lighthouse says (e.g. the canonical audit). */
  explanation?: string;
  /** Up to 8 summarized detail rows (URL, selector, snippet, message, savings). */
  details: string[];
}

export interface LighthousePageResult {
  name: string;
  url: string;
  /** 0-100, null when Lighthouse could not score the category. */
  scores: Record<Category, number | null>;
  metrics: { fcpMs: number | null; lcpMs: number | null; tbtMs: number | null; cls: number | null };
  meetsBars: boolean;
  runtimeError?: string;
  runWarnings: string[];
  failingAudits: FailingAudit[];
  /** From `errors-in-console` (penalized by best practices). */
  consoleErrors: { source: string; description: string; url?: string }[];
  /** Requests that failed or answered >= 400 (from `network-requests`). */
  failedRequests: { url: string; statusCode: number; resourceType?: string }[];
  /** Performance scores of every run when --runs > 1 (the median one is reported). */
  performanceRuns?: (number | null)[];
}

export interface LighthouseResult {
  date: string;
  lighthouseVersion: string;
  userAgent: string;
  benchmarkIndex: number | null;
  config: string;
  runsPerPage: number;
  bars: Record<Category, number>;
  metricBudgets: typeof METRIC_BUDGETS;
  /** Whether benchmarkIndex reached {@link MIN_BENCHMARK_INDEX} (else the run was on too slow a machine). */
  machineFast: boolean;
  pages: LighthousePageResult[];
  allMeetBars: boolean;
}

export interface RunLighthouseOptions {
  runs?: number;
  /** Rebuild web/dist even if it exists. */
  build?: boolean;
  /** Also write each page's full report (HTML and JSON) here, e.g. `.test-local/lighthouse-reports`. */
  reportDir?: string;
  log?: (m: string) => void;
}

const score = (lhr: Result, c: Category) => {
  const s = lhr.categories[c]?.score;
  return typeof s === 'number' ? Math.round(s * 100) : null;
};
const numeric = (lhr: Result, id: string) => {
  const v = lhr.audits[id]?.numericValue;
  return typeof v === 'number' ? v : null;
};

type Item = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** Diagnostics that are always "failing" on any page with a request chain: noise in the list. */
const NOISY_DIAGNOSTICS = new Set(['network-dependency-tree-insight', 'critical-request-chains']);

function describeNode(node: Item): string {
  const label = str(node.nodeLabel)?.replace(/\s+/g, ' ');
  // axe-based audits put the reason (e.g. the contrast ratio and colours) on the node.
  const why = str(node.explanation)
    ?.replace(/^Fix (any|all) of the following:\s*/, '')
    .replace(/\s+/g, ' ');
  return [str(node.selector), str(node.snippet), label ? `"${label.slice(0, 80)}"` : undefined, why]
    .filter(Boolean)
    .join(' ');
}

/** One readable line for a details row: the URL / node / message plus any savings. */
function describeItem(item: Item): string {
  const parts: string[] = [];
  for (const v of Object.values(item)) {
    if (v && typeof v === 'object' && (v as Item).type === 'node') parts.push(describeNode(v as Item));
  }
  const source = item.source as Item | undefined;
  if (source?.type === 'text' && str(source.value)) parts.push(str(source.value) as string);
  if (str(item.phase)) parts.push(`${item.phase}: ${Math.round(Number(item.timing))} ms`);
  if (typeof item.reflowTime === 'number') parts.push(`reflow ${Math.round(item.reflowTime)} ms`);
  const url =
    str(item.url) ??
    (source?.type === 'node' ? undefined : str(source?.url)) ??
    str((item.sourceLocation as Item)?.url);
  if (url) parts.push(url);
  for (const k of ['description', 'label', 'issueType', 'statusCode', 'text', 'reason', 'failureReason', 'cause']) {
    const v = item[k];
    const s = str(v) ?? (v && typeof v === 'object' && 'value' in v ? str((v as Item).value) : undefined);
    if (s) parts.push(`${k}: ${s.trim().slice(0, 300)}`);
  }
  if (typeof item.wastedMs === 'number' && item.wastedMs > 0) parts.push(`wastedMs: ${Math.round(item.wastedMs)}`);
  if (typeof item.wastedBytes === 'number' && item.wastedBytes > 0) parts.push(`wastedBytes: ${item.wastedBytes}`);
  if (typeof item.score === 'number' && item.score > 0) parts.push(`shift score: ${item.score.toFixed(3)}`);
  // Sub-rows, except axe's "related node" lists (the same element's ancestors: noise here).
  const sub = (item.subItems as { items?: Item[] } | undefined)?.items?.filter((i) => !('relatedNode' in i));
  if (sub?.length) parts.push(`[${sub.slice(0, 3).map(describeItem).join('; ')}]`);
  return parts.join(' | ') || JSON.stringify(item).slice(0, 200);
}

function detailLines(audit: Result['audits'][string]): string[] {
  const details = audit.details as { type?: string; items?: Item[] } | undefined;
  if (!details || !['table', 'opportunity', 'list'].includes(details.type ?? '')) return [];
  // A list holds tables (e.g. the CLS culprits insight): flatten their rows.
  const rows =
    details.type === 'list'
      ? (details.items ?? []).flatMap((i) =>
          (i as { type?: string }).type === 'table' ? ((i.items as Item[]) ?? []) : [],
        )
      : (details.items ?? []);
  return rows.slice(0, 8).map(describeItem);
}

function failingAudits(lhr: Result): FailingAudit[] {
  const weighted = new Map<string, string[]>();
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      if (ref.weight > 0) weighted.set(ref.id, [...(weighted.get(ref.id) ?? []), c]);
    }
  }
  const perfRefs = new Set((lhr.categories.performance?.auditRefs ?? []).map((r) => r.id));
  const out: FailingAudit[] = [];
  for (const [id, audit] of Object.entries(lhr.audits)) {
    if (audit.score === null || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') {
      continue;
    }
    const cats = weighted.get(id);
    // Weighted audits below 1, and performance diagnostics / insights clearly flagged (< 0.9).
    const diagnostic = !cats && perfRefs.has(id) && audit.score < 0.9 && !NOISY_DIAGNOSTICS.has(id);
    if ((cats && audit.score < 1) || diagnostic) {
      out.push({
        id,
        categories: cats ?? ['performance (diagnostic)'],
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        explanation: audit.explanation,
        details: detailLines(audit),
      });
    }
  }
  // Weighted audits first, then by score.
  return out.sort(
    (a, b) =>
      Number(a.categories[0] === 'performance (diagnostic)') - Number(b.categories[0] === 'performance (diagnostic)') ||
      (a.score ?? 1) - (b.score ?? 1),
  );
}

function summarize(name: string, url: string, lhr: Result): LighthousePageResult {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)])) as Record<Category, number | null>;
  const consoleItems = ((lhr.audits['errors-in-console']?.details as { items?: Item[] } | undefined)?.items ?? []).map(
    (i) => ({
      source: str(i.source) ?? '',
      description: str(i.description) ?? '',
      url: str((i.sourceLocation as Item | undefined)?.url) ?? str(i.url),
    }),
  );
  const requests = (lhr.audits['network-requests']?.details as { items?: Item[] } | undefined)?.items ?? [];
  const failedRequests = requests
    .filter((r) => typeof r.statusCode === 'number' && (r.statusCode >= 400 || r.statusCode < 0))
    .map((r) => ({ url: str(r.url) ?? '', statusCode: r.statusCode as number, resourceType: str(r.resourceType) }));
  return {
    name,
    url,
    scores,
    metrics: {
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
    },
    meetsBars:
      CATEGORIES.every((c) => (scores[c] ?? -1) >= LIGHTHOUSE_BARS[c]) &&
      (numeric(lhr, 'total-blocking-time') ?? Number.POSITIVE_INFINITY) <= METRIC_BUDGETS.tbtMs &&
      (numeric(lhr, 'cumulative-layout-shift') ?? Number.POSITIVE_INFINITY) <= METRIC_BUDGETS.cls,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    runWarnings: lhr.runWarnings,
    failingAudits: failingAudits(lhr),
    consoleErrors: consoleItems,
    failedRequests,
  };
}

async function auditOnce(url: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const r = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!r) throw new Error(`Lighthouse returned no result for ${url}`);
    return r.lhr;
  } finally {
    chrome.kill();
  }
}

/** Builds web/dist if needed, starts the runtime on its own ports, audits every public page. */
export async function runLighthouse(opts: RunLighthouseOptions = {}): Promise<LighthouseResult> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const runs = Math.max(1, opts.runs ?? Number(process.env.LH_RUNS ?? 3));
  if (opts.build || !existsSync('web/dist/index.html')) execSync('npm run build:web', { stdio: 'inherit' });
  rmSync(DATA_DIR, { recursive: true, force: true });
  const rt = await startLocalRuntime({ dataDir: DATA_DIR, quiet: true, webDist: 'web/dist', ports: PORTS });
  const pages: LighthousePageResult[] = [];
  let meta: Pick<LighthouseResult, 'lighthouseVersion' | 'userAgent' | 'benchmarkIndex'> = {
    lighthouseVersion: '',
    userAgent: '',
    benchmarkIndex: null,
  };
  try {
    for (const page of PUBLIC_PAGES) {
      const url = `${rt.urls.site}${page.path}`;
      const lhrs: Result[] = [];
      for (let i = 0; i < runs; i++) {
        log(`lighthouse ${page.path}${runs > 1 ? ` (run ${i + 1}/${runs})` : ''}`);
        lhrs.push(await auditOnce(url));
      }
      const byPerf = [...lhrs].sort((a, b) => (score(a, 'performance') ?? -1) - (score(b, 'performance') ?? -1));
      const median = byPerf[Math.floor((byPerf.length - 1) / 2)];
      const result = summarize(page.name, page.path, median);
      if (opts.reportDir) {
        mkdirSync(opts.reportDir, { recursive: true });
        const base = join(opts.reportDir, page.path.replace(/^\/$/, 'home').replace(/^\//, '').replace(/\//g, '_'));
        writeFileSync(`${base}.html`, generateReport(median, 'html'));
        writeFileSync(`${base}.json`, JSON.stringify(median));
      }
      if (runs > 1) result.performanceRuns = lhrs.map((l) => score(l, 'performance'));
      pages.push(result);
      meta = {
        lighthouseVersion: median.lighthouseVersion,
        userAgent: median.environment.hostUserAgent,
        benchmarkIndex: median.environment.benchmarkIndex ?? null,
      };
    }
  } finally {
    await rt.stop();
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
  return {
    date: new Date().toISOString(),
    ...meta,
    config: 'lighthouse default config (mobile emulation, simulated throttling)',
    runsPerPage: runs,
    bars: LIGHTHOUSE_BARS,
    metricBudgets: METRIC_BUDGETS,
    machineFast: (meta.benchmarkIndex ?? 0) >= MIN_BENCHMARK_INDEX,
    pages,
    allMeetBars: pages.every((p) => p.meetsBars),
  };
}

/**
 * Markdown lines: the scores table, then what to fix per page (`compact`: weighted audits only, no
 * detail rows, as in bench/README.md; the JSON keeps everything).
 */
export function lighthouseMarkdown(r: LighthouseResult, { compact = false } = {}): string[] {
  const cell = (v: number | null, bar: number) => (v === null ? 'n/a' : v >= bar ? `${v}` : `**${v}** ✗`);
  const ms = (v: number | null) => (v === null ? 'n/a' : `${Math.round(v)} ms`);
  const budgets = r.metricBudgets ?? METRIC_BUDGETS;
  const over = (v: number | null, max: number, text: string) => (v !== null && v <= max ? text : `**${text}** ✗`);
  const lines = [
    `Lighthouse ${r.lighthouseVersion}, ${r.config}, ${r.runsPerPage} run(s) per page (median by performance); ` +
      `${r.userAgent}; benchmarkIndex ${r.benchmarkIndex ?? 'n/a'}. Bars: performance >= ${r.bars.performance}, ` +
      `accessibility ${r.bars.accessibility}, best practices ${r.bars['best-practices']}, SEO ${r.bars.seo}; ` +
      `TBT <= ${budgets.tbtMs} ms, CLS ${budgets.cls}, at benchmarkIndex >= ${MIN_BENCHMARK_INDEX}` +
      `${(r.benchmarkIndex ?? 0) >= MIN_BENCHMARK_INDEX ? '' : ' (**not reached in this run**: the machine was slower)'}.`,
    '',
    '| page | perf | a11y | best practices | SEO | LCP | TBT | CLS | FCP |',
    '|---|---|---|---|---|---|---|---|---|',
    ...r.pages.map(
      (p) =>
        `| ${p.url} | ${cell(p.scores.performance, r.bars.performance)} | ${cell(p.scores.accessibility, r.bars.accessibility)} | ` +
        `${cell(p.scores['best-practices'], r.bars['best-practices'])} | ${cell(p.scores.seo, r.bars.seo)} | ` +
        `${ms(p.metrics.lcpMs)} | ${over(p.metrics.tbtMs, budgets.tbtMs, ms(p.metrics.tbtMs))} | ` +
        `${over(p.metrics.cls, budgets.cls, p.metrics.cls === null ? 'n/a' : p.metrics.cls.toFixed(3))} | ${ms(p.metrics.fcpMs)} |`,
    ),
    '',
  ];
  const shown = (p: LighthousePageResult) =>
    compact ? p.failingAudits.filter((a) => a.categories[0] !== 'performance (diagnostic)') : p.failingAudits;
  const failing = r.pages.filter((p) => shown(p).length || p.consoleErrors.length || p.failedRequests.length);
  if (failing.length) {
    lines.push(
      compact
        ? 'Failing audits (weighted, below 1; details in the JSON):'
        : 'Failing audits (weighted audits below 1; performance diagnostics below 0.9):',
      '',
    );
    for (const p of failing) {
      lines.push(`- \`${p.url}\`${p.runtimeError ? ` (runtime error: ${p.runtimeError})` : ''}`);
      for (const a of shown(p)) {
        if (compact) {
          const value = a.displayValue ? `; ${a.displayValue}` : '';
          lines.push(`  - \`${a.id}\` (${a.categories.join(', ')}; score ${a.score}${value})`);
          continue;
        }
        lines.push(
          `  - \`${a.id}\` (${a.categories.join(', ')}; score ${a.score ?? 'n/a'}${a.displayValue ? `; ${a.displayValue}` : ''}): ${a.title}`,
        );
        if (a.explanation) lines.push(`    - ${a.explanation.replace(/\n/g, ' ')}`);
        for (const d of a.details.slice(0, 3)) lines.push(`    - ${d.replace(/\|/g, '\\|').replace(/\n/g, ' ')}`);
      }
      for (const c of p.consoleErrors) lines.push(`  - console ${c.source}: ${c.description} ${c.url ?? ''}`.trimEnd());
      for (const f of p.failedRequests) lines.push(`  - failed request ${f.statusCode} ${f.url}`);
    }
    lines.push('');
  }
  return lines;
}

async function main() {
  const args = process.argv.slice(2);
  const runsArg = args.find((a) => a.startsWith('--runs='));
  const result = await runLighthouse({
    build: args.includes('--build'),
    runs: runsArg ? Number(runsArg.slice('--runs='.length)) : undefined,
    reportDir: args.includes('--reports') ? '.test-local/lighthouse-reports' : undefined,
  });
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(join('bench/results', 'lighthouse-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(lighthouseMarkdown(result).join('\n'));
  console.log(`written bench/results/lighthouse-latest.json; all pages meet the bars: ${result.allMeetBars}`);
  process.exit(args.includes('--assert') && !result.allMeetBars ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
