/**
 * Local API throughput and p50/p99 latency with autocannon (10 and 50 connections, bounded duration) for a
 * public content GET and the contact POST, next to a bare Node HTTP server returning the same JSON.
 */
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { startLocalRuntime } from '../infra/local/runtime.js';
import { shiftPorts } from './ports.js';

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);

export interface Load {
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

export async function apiLoad() {
  const dataDir = '.test-local/bench';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    webDist: null,
    ports: shiftPorts({
      site: 3300,
      ws: 3301,
      dynamodb: 8300,
      cognito: 9529,
      s3: 4869,
      ses: 8305,
      stripe: 12305,
      push: 7205,
    }),
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
    const { reference: referencePort } = shiftPorts({ reference: 3399 });
    await new Promise<void>((r) => reference.listen(referencePort, '127.0.0.1', () => r()));
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
      results.push(
        await load('reference: bare node http, same JSON', { url: `http://127.0.0.1:${referencePort}/`, connections }),
      );
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
