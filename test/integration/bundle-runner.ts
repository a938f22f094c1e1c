import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { LAMBDA_ENV } from '../../bench/lambda-startup.js';
import { esbuildOptions } from '../../infra/cloud/bundling.js';
import { REPO_ROOT } from '../../infra/cloud/paths.js';
import { node22 } from '../../scripts/node22.mjs';

/**
 * Runs the Lambda bundles the CDK deploys (built once with the deployed esbuild options) on Node 22, the
 * runtime Lambda gives them, in one worker process that loads each bundle as Lambda's runtime does (`import`
 * of index.mjs, then `handler(event, context)`), against the integration project's emulators.
 */

/** Builds every handler in one esbuild run (each output the same as its own build); returns the folder. */
export async function buildBundles(handlers: readonly string[], outdir: string) {
  const { outfile: _outfile, ...options } = esbuildOptions('all');
  const entryPoints = Object.fromEntries(handlers.map((h) => [h, join(REPO_ROOT, 'functions', `${h}.ts`)]));
  const r = await build({ ...options, entryPoints, outdir, write: true });
  if (r.errors.length) throw new Error(`Bundling failed: ${JSON.stringify(r.errors)}`);
  return outdir;
}

/**
 * A stand-in for the AWS APIs that have no emulator here (EventBridge, Scheduler, SSM, CloudFront): each call is
 * recorded; SSM's GetParameter answers `parameters[name]`, any other JSON call `{}`, a REST call an empty 200.
 */
export async function startCloudStandIn(parameters: Record<string, string>) {
  const calls: { target: string; body: string }[] = [];
  const server = createServer((req, res) => {
    const target = String(req.headers['x-amz-target'] ?? `${req.method} ${req.url?.split('?')[0]}`);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      calls.push({ target, body });
      if (!req.headers['x-amz-target']) return void res.writeHead(200, { 'content-length': '0' }).end();
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      if (target === 'AmazonSSM.GetParameter') {
        const name = (JSON.parse(body) as { Name: string }).Name;
        return void res.end(JSON.stringify({ Parameter: { Name: name, Value: parameters[name] } }));
      }
      res.end(JSON.stringify(target === 'AWSEvents.PutEvents' ? { FailedEntryCount: 0, Entries: [] } : {}));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { endpoint, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The worker: loads a bundle on first use and invokes its handler with each event it is sent. */
const WORKER = `
const loaded = new Map();
process.on('message', async ({ id, file, event, name }) => {
  try {
    let mod = loaded.get(file);
    if (!mod) { mod = await import(file); loaded.set(file, mod); }
    const context = {
      functionName: name, functionVersion: '$LATEST', awsRequestId: crypto.randomUUID(), memoryLimitInMB: '512',
      invokedFunctionArn: 'arn:aws:lambda:us-east-1:111111111111:function:' + name,
      logGroupName: '/aws/lambda/' + name, logStreamName: 'node22', callbackWaitsForEmptyEventLoop: true,
      getRemainingTimeInMillis: () => 9000,
    };
    const result = await mod.handler(event, context);
    process.send({ id, result: result === undefined ? null : result, version: process.version });
  } catch (e) {
    process.send({ id, error: String(e && e.name) + ': ' + String(e && e.message), version: process.version });
  }
});
process.send({ ready: process.version });
`;

export interface Invocation {
  result?: unknown;
  error?: string;
  /** The Node version that ran it. */
  version: string;
}

export interface BundleRunner {
  nodeVersion: string;
  invoke(handler: string, event: unknown): Promise<Invocation>;
  close(): Promise<void>;
}

/** Starts the Node 22 worker with a deployed function's environment on top of `env`. */
export async function startBundleRunner(outdir: string, env: Record<string, string>): Promise<BundleRunner> {
  const child: ChildProcess = spawn(node22(), ['--input-type=module', '-e', WORKER], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { PATH: process.env.PATH ?? '', ...LAMBDA_ENV, ...env },
  });
  const pending = new Map<string, (m: Invocation) => void>();
  const nodeVersion = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The Node 22 worker exited (${code})`)));
    child.once('message', (m) => resolve((m as { ready: string }).ready));
  });
  child.on('message', (m) => {
    const { id, ...rest } = m as Invocation & { id: string };
    pending.get(id)?.(rest);
    pending.delete(id);
  });
  return {
    nodeVersion,
    invoke: (handler, event) =>
      new Promise((resolve) => {
        const id = randomUUID();
        pending.set(id, resolve);
        const file = pathToFileURL(join(outdir, `${handler}.js`)).href;
        child.send({ id, file, event, name: handler.replaceAll('/', '-') });
      }),
    close: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
    },
  };
}
