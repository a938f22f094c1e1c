import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type LambdaBaseline, type LambdaBundle, overGate } from '../../bench/lambdas.js';
import { allHandlers } from '../../shared/routes.js';

/** The Lambda startup record (bench/results/latest.json, written by `BENCH_ONLY=lambdas npm run bench`). */
const latest = JSON.parse(readFileSync('bench/results/latest.json', 'utf8')) as {
  lambdas: LambdaBundle[];
  lambdasBaseline?: LambdaBaseline;
};

const stats = (cpu: number) => ({ loadMs: cpu, invokeMs: 0, startupMs: cpu, loadCpuMs: cpu, startupCpuMs: cpu });
const bundle = (handler: string, cpu: number): LambdaBundle => ({
  handler,
  bytes: 1,
  gzipBytes: 1,
  startup: { plain: stats(cpu), sourceMaps: stats(cpu) },
});

describe('Lambda startup record (issue 35)', () => {
  it('has a startup row for every handler the build declares (shared/routes.ts)', () => {
    const measured = new Set(latest.lambdas.map((l) => l.handler));
    expect(allHandlers().filter((h) => !measured.has(h))).toEqual([]);
  });

  it('was measured against a baseline (the bench run exits non-zero when a handler is over its gate)', () => {
    expect(latest.lambdasBaseline?.bundles.length).toBeGreaterThan(0);
  });

  it('holds a handler to its own before, a new one to the slowest before, and fails a declared handler without a row', () => {
    const before: LambdaBaseline = {
      measuredAt: '',
      note: '',
      sourceMaps: false,
      bundles: [bundle('http/a', 100), bundle('http/b', 200)],
    };
    const now = [bundle('http/a', 111), bundle('http/b', 210), bundle('http/new', 215), bundle('http/newer', 224)];
    expect(overGate(now, before, ['http/a', 'http/b', 'http/new', 'http/newer', 'http/unmeasured'])).toEqual([
      { handler: 'http/unmeasured', ratio: Number.NaN },
      { handler: 'http/a', ratio: 1.11 },
      { handler: 'http/newer', ratio: 1.12 },
    ]);
  });
});
