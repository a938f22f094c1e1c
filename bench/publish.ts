/**
 * Render on publish (docs/decisions/0031-render-on-publish.md): publishing one program (the content and its
 * WebsiteContentChanged outbox event in one transaction, as the editor writes it) until the local site
 * serves the new /programs with it, in the first HTML. Budget: 5 s. Needs a web build (`npm run build:web`).
 * Run: `tsx bench/publish.ts` (writes bench/results/publish-latest.json).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { startLocalRuntime } from '../infra/local/runtime.js';
import { writeTransaction } from '../shared/db/service.js';
import { outboxItem } from '../shared/domain/outbox.js';
import { shiftPorts } from './ports.js';

const BUDGET_MS = 5000;
const RUNS = 5;

async function publishProgram(title: string) {
  await writeTransaction((e) => [
    e.websiteContent
      .create({
        id: randomUUID(),
        sectionKey: 'programs',
        title,
        status: 'published',
        sortOrder: 0,
        fields: { program_title: { type: 'text', value: title }, description: { type: 'text', value: 'Bench.' } },
      })
      .commit(),
    outboxItem(e, 'WebsiteContentChanged', { section: 'programs' }),
  ]);
}

async function main() {
  const dataDir = '.test-local/bench-publish';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    ports: shiftPorts({
      site: 3360,
      ws: 3361,
      dynamodb: 8360,
      cognito: 9589,
      s3: 4929,
      ses: 8365,
      stripe: 12365,
      push: 7265,
    }),
  });
  const times: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const title = `Bench Program ${randomUUID().slice(0, 8)}`;
      const started = performance.now();
      await publishProgram(title);
      for (;;) {
        const html = await (await fetch(`${rt.urls.site}/programs`)).text();
        if (html.includes(title)) break;
        if (performance.now() - started > 30_000) throw new Error(`${title} not served after 30 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
      times.push(Math.round(performance.now() - started));
    }
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const sorted = [...times].sort((a, b) => a - b);
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, loadavg1: Number(os.loadavg()[0].toFixed(2)) },
    publishToServedMs: { runs: times, median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) },
    budgetMs: BUDGET_MS,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/publish-latest.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(`publish one program -> served /programs: ${times.join(', ')} ms (budget ${BUDGET_MS} ms)`);
  if ((result.publishToServedMs.max ?? 0) > BUDGET_MS) process.exitCode = 1;
}

await main();
