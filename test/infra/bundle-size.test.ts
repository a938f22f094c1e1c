import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Startup, startAwsStandIn, startBundle } from '../../bench/lambda-startup.js';
import { cdkBundling, esbuildOptions, HTTP_BUNDLE_CEILING_BYTES } from '../../infra/cloud/bundling.js';
import { SEED_HANDLER } from '../../infra/cloud/content-seed.js';
import { planHandlers } from '../../infra/cloud/handlers.js';
import { REPO_ROOT } from '../../infra/cloud/paths.js';
import { allHandlers, events, type RouteDef, realtime, routes, schedules, streams } from '../../shared/routes.js';

/**
 * The largest HTTP handlers (bench/README.md, "Lambda bundles"), a typical public and admin one, and the
 * one whose route invalidates cached paths (the CloudFront client stays in events/invalidate-cdn).
 */
const HANDLERS = [
  'http/account/delete-my-account',
  'http/contact/update-contact-status',
  'http/clients/delete-client',
  'http/dogs/attach-dog-photo',
  'http/dogs/create-photo-upload',
  'http/content/list-public-content',
  'http/clients/list-clients',
  'http/settings/update-business-settings',
];

const plans = planHandlers();
const needsOf = (handler: string) => plans.find((p) => p.handler === handler)?.needs;

/** The SDK client package each declared need brings (shared/adapters), DynamoDB's being in every function. */
const CLIENT_OF_NEED = {
  users: 'client-cognito-identity-provider',
  media: 'client-s3',
  publish: 'client-eventbridge',
  scheduler: 'client-scheduler',
  email: 'client-sesv2',
  push: 'client-apigatewaymanagementapi',
  cdn: 'client-cloudfront',
} as const;

describe('Lambda bundles (issue 12, item 11; ADR 0016)', () => {
  it('the bench and this test bundle with the options the CDK deploys with', () => {
    const o = esbuildOptions('http/content/list-public-content');
    const cdk = cdkBundling;
    expect(o.external).toEqual(cdk.externalModules);
    expect(o.mainFields).toEqual(cdk.mainFields);
    expect(o.target).toBe(cdk.target);
    expect(o.banner.js).toBe(cdk.banner);
    expect(o.minify).toBe(cdk.minify);
    expect(o.format).toBe(cdk.format);
    expect(cdk.esbuildArgs?.['--alias']).toEqual(Object.entries(o.alias).map(([a, b]) => `${a}=${b}`));
  });

  it.each(HANDLERS)(
    `%s stays under the ${HTTP_BUNDLE_CEILING_BYTES / 1024} KB ceiling, zod tree-shaken, no credential chain, the SDK clients its needs call for`,
    async (handler) => {
      const r = await build({ ...esbuildOptions(handler), metafile: true });
      const bundle = r.outputFiles.find((f) => f.path.endsWith('index.mjs'));
      expect(bundle).toBeDefined();
      expect(bundle?.contents.length).toBeGreaterThan(100_000);
      expect(bundle?.contents.length).toBeLessThanOrEqual(HTTP_BUNDLE_CEILING_BYTES);
      const output = Object.values(r.metafile.outputs).find((o) => o.entryPoint);
      const inputs = Object.entries(output?.inputs ?? {});
      // The schemas are zod/mini (shared/zod.ts): about 35 KB. Classic zod is about 95 KB tree-shaken and
      // about 450 KB with every locale (`import { z } from 'zod'`).
      const zodBytes = inputs
        .filter(([f]) => f.includes('node_modules/zod/'))
        .reduce((n, [, v]) => n + v.bytesInOutput, 0);
      expect(zodBytes).toBeGreaterThan(0);
      expect(zodBytes).toBeLessThanOrEqual(40 * 1024);
      expect(inputs.map(([f]) => f).filter((f) => f.includes('node_modules/zod/v4/classic/'))).toEqual([]);
      expect(inputs.filter(([f]) => /zod\/.*locales\/(?!en\.)/.test(f) && f.endsWith('.js')).map(([f]) => f)).toEqual(
        [],
      );
      // The SDK's default credential chain (and the STS/SSO clients it loads) is not in the bundle.
      expect(inputs.map(([f]) => f).filter((f) => /credential-provider-(node|ini|sso)|nested-clients/.test(f))).toEqual(
        [],
      );
      // ElectroDB's model validation is done by the tests (test/unit/entity-models.test.ts), not jsonschema.
      expect(inputs.map(([f]) => f).filter((f) => f.includes('node_modules/jsonschema/'))).toEqual([]);
      // No DynamoDB table management, paginators or waiters (ElectroDB's require() of the document client).
      expect(
        inputs.map(([f]) => f).filter((f) => /client-dynamodb\/dist-es\/(DynamoDB\.js|waiters\/|pagination\/)/.test(f)),
      ).toEqual([]);
      // One copy of each package (a dependency pinning another SDK version bundles a second client).
      const roots = new Map<string, Set<string>>();
      for (const [f] of inputs) {
        const m = f.match(/^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//);
        if (m) roots.set(m[2], (roots.get(m[2]) ?? new Set()).add(m[1]));
      }
      expect([...roots].filter(([, r]) => r.size > 1).map(([name, r]) => `${name}: ${[...r].join(', ')}`)).toEqual([]);
      // No HTTP handler invalidates the CDN itself (shared/routes.ts, PublicPathsChanged).
      expect(inputs.some(([f]) => f.includes('node_modules/@aws-sdk/client-cloudfront/'))).toBe(false);
      // Each SDK client is in the bundle exactly when the handler's needs (what its code can reach, checked
      // by handler-plans.test.ts) call for it: a shared import cannot bring in a client the handler never uses.
      const clients = new Set(
        inputs
          .map(([f]) => f.match(/node_modules\/@aws-sdk\/(client-[^/]+)\//)?.[1])
          .filter((c): c is string => c !== undefined),
      );
      const n = needsOf(handler) ?? {};
      const expected = Object.entries(CLIENT_OF_NEED)
        .filter(([need]) => {
          const v = n[need as keyof typeof n];
          return Array.isArray(v) ? v.length > 0 : Boolean(v);
        })
        .map(([, client]) => client);
      expect([...clients].sort()).toEqual(['client-dynamodb', ...expected].sort());
    },
  );

  describe('every handler, built with the deployed options, runs once in a fresh process', () => {
    // The stacks' functions: every handler the tables name, and the content seeding's custom resource.
    const handlers = [...allHandlers(), SEED_HANDLER];
    const outdir = join(REPO_ROOT, '.test-local', 'all-bundles');
    const runs = new Map<string, Startup & { calls: string[] }>();

    beforeAll(async () => {
      // One build of every entry point (each output the same as its own build) written to disk, then each
      // bundle loaded and invoked with its sample event (bench/lambda-startup.ts), two at a time, against
      // stand-ins for DynamoDB and the other AWS APIs, every call recorded per run.
      const { outfile: _outfile, ...options } = esbuildOptions('all');
      const entryPoints = Object.fromEntries(handlers.map((h) => [h, join(REPO_ROOT, 'functions', `${h}.ts`)]));
      const r = await build({ ...options, entryPoints, outdir, write: true });
      expect(r.errors).toEqual([]);
      const queue = [...handlers];
      const worker = async () => {
        for (let h = queue.shift(); h; h = queue.shift()) {
          const own = await startAwsStandIn();
          try {
            const startup = await startBundle(join(outdir, `${h}.js`), h, own);
            runs.set(h, { ...startup, calls: own.calls });
          } finally {
            await own.close();
          }
        }
      };
      await Promise.all([worker(), worker()]);
    }, 600_000);

    it(`every HTTP bundle is within the ${HTTP_BUNDLE_CEILING_BYTES / 1024} KB ceiling`, () => {
      const http = new Set((routes as readonly RouteDef[]).map((route) => route.handler));
      const over = handlers
        .filter((h) => http.has(h))
        .map((h) => [h, readFileSync(join(outdir, `${h}.js`)).length] as const)
        .filter(([, bytes]) => bytes > HTTP_BUNDLE_CEILING_BYTES);
      expect(over).toEqual([]);
    });

    it('each HTTP handler answers its route through the bundled clients, never a 500', () => {
      for (const route of routes as readonly RouteDef[]) {
        const run = runs.get(route.handler);
        if (!run) throw new Error(`${route.handler} did not run`);
        if ((routes as readonly RouteDef[]).find((r) => r.handler === route.handler) !== route) continue;
        expect(run.error, route.handler).toBeUndefined();
        const status = (run.result as { statusCode: number }).statusCode;
        // An empty table: a signed-in caller has no profile (403); a public request is answered or refused
        // for its empty body (400), a public read from the empty table (200, 404).
        expect([200, 201, 400, 403, 404], `${route.handler}: ${JSON.stringify(run.result)}`).toContain(status);
        if (route.access !== 'public') expect(run.calls, route.handler).toContain('DynamoDB_20120810.Query');
        // A client route creates a missing profile from the directory: the bundled Cognito client asks it.
        if (route.access === 'client' || route.access === 'signed-in')
          expect(run.calls, route.handler).toContain('AWSCognitoIdentityProviderService.AdminGetUser');
      }
    });

    it('each event handler claims its idempotency record through the bundled DynamoDB client and completes', () => {
      for (const h of Object.values(events).flat()) {
        const run = runs.get(h);
        expect(run?.error, h).toBeUndefined();
        // The record is claimed (conditional put) before the handler runs, and completed after.
        expect(run?.calls.slice(0, 1), h).toEqual(['DynamoDB_20120810.PutItem']);
        expect(run?.calls.at(-1), h).toBe('DynamoDB_20120810.UpdateItem');
      }
    });

    it('the job, the stream publisher, the socket handlers and the content seeding run bundled', () => {
      for (const s of schedules) expect(runs.get(s.handler)?.error, s.handler).toBeUndefined();
      // The outbox insert goes to the bus through the bundled EventBridge client, then leaves the table.
      const outbox = runs.get(streams.outbox.handler);
      expect(outbox?.result).toEqual({ batchItemFailures: [] });
      expect(outbox?.calls).toEqual(['AWSEvents.PutEvents', 'DynamoDB_20120810.DeleteItem']);
      // $connect without a token is refused before any key is fetched; $disconnect removes the connection.
      expect(runs.get(realtime.$connect)?.result).toMatchObject({ statusCode: 401 });
      expect(runs.get(realtime.$disconnect)?.error).toBeUndefined();
      expect(runs.get(SEED_HANDLER)?.result).toEqual({ PhysicalResourceId: expect.any(String) });
      expect([...runs.keys()].sort()).toEqual([...handlers].sort());
    });
  });

  it('the DynamoDB stand-ins name every document command ElectroDB sends', () => {
    const electro = readFileSync(join(REPO_ROOT, 'node_modules/electrodb/src/client.js'), 'utf8');
    const used = [...new Set([...electro.matchAll(/\blib\.(\w+Command)\b/g)].map((m) => m[1]))].sort();
    expect(used.length).toBeGreaterThanOrEqual(10);
    const exported = (file: string) =>
      [...readFileSync(join(REPO_ROOT, 'infra/cloud', file), 'utf8').matchAll(/export \{ (\w+) \}/g)].map((m) => m[1]);
    expect(exported('lambda-lib-dynamodb.mjs')).toEqual(expect.arrayContaining([...used, 'DynamoDBDocumentClient']));
  });

  it('the bundled S3 client reads, presigns and deletes: the media adapter against a stand-in for S3', async () => {
    // The media adapter (shared/adapters/storage.ts) bundled with the deployed options, against a stand-in for S3.
    const dir = join(REPO_ROOT, '.test-local', 'bundle-run', 's3');
    mkdirSync(dir, { recursive: true });
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      `import { deleteObject, presignUpload, readObjectStart } from ${JSON.stringify(join(REPO_ROOT, 'shared/adapters/storage.ts'))};
      const read = await readObjectStart('media/a.jpg', 4);
      const upload = await presignUpload('media/b.jpg', 'image/jpeg', 1000);
      await deleteObject('media/a.jpg');
      console.log('RESULT ' + JSON.stringify({ size: read?.size, head: read?.head.toString(), url: upload.url }));`,
    );
    const options = { ...esbuildOptions('unused', dir), entryPoints: [entry] };
    await build({ ...options, write: true });
    const calls: string[] = [];
    const server = createServer((req, res) => {
      calls.push(`${req.method} ${req.url?.split('?')[0]}`);
      req.resume();
      req.on('end', () => {
        if (req.method === 'HEAD') res.writeHead(200, { 'content-length': '8', 'content-type': 'image/jpeg' }).end();
        else if (req.method === 'GET')
          res.writeHead(206, { 'content-length': '4', 'content-range': 'bytes 0-3/8' }).end('abcd');
        else res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [options.outfile], {
        env: {
          PATH: process.env.PATH ?? '',
          AWS_REGION: 'us-east-1',
          AWS_ACCESS_KEY_ID: 'test',
          AWS_SECRET_ACCESS_KEY: 'test',
          MEDIA_BUCKET: 'bundle-test-media',
          S3_ENDPOINT: `http://127.0.0.1:${port}`,
        },
      });
      const line = stdout.split('\n').find((l) => l.startsWith('RESULT ')) ?? '';
      expect(JSON.parse(line.slice('RESULT '.length))).toEqual({
        size: 8,
        head: 'abcd',
        url: `http://127.0.0.1:${port}/bundle-test-media`,
      });
      expect(calls).toEqual([
        'HEAD /bundle-test-media/media/a.jpg',
        'GET /bundle-test-media/media/a.jpg',
        'DELETE /bundle-test-media/media/a.jpg',
      ]);
    } finally {
      server.close();
    }
  });

  it("zod/mini writes zod's own messages in English in a built bundle (shared/zod.ts registers the locale)", async () => {
    const dir = join(REPO_ROOT, '.test-local', 'bundle-run', 'zod');
    mkdirSync(dir, { recursive: true });
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      `import { contactSubmissionParams } from ${JSON.stringify(join(REPO_ROOT, 'shared/contracts/contact.ts'))};
      import { baseEnv, readEnv } from ${JSON.stringify(join(REPO_ROOT, 'shared/config/env.ts'))};
      const issues = contactSubmissionParams.safeParse({ id: 5, x: 1 }).error.issues.map((i) => i.message);
      let env = '';
      try { readEnv(baseEnv, { TABLE_NAME: 't', DYNAMODB_ENDPOINT: 'nope' }); } catch (e) { env = e.message; }
      console.log('RESULT ' + JSON.stringify({ issues, env }));`,
    );
    const options = { ...esbuildOptions('unused', dir), entryPoints: [entry] };
    await build({ ...options, write: true });
    const { stdout } = await promisify(execFile)(process.execPath, [options.outfile], {
      env: { PATH: process.env.PATH ?? '' },
    });
    const line = stdout.split('\n').find((l) => l.startsWith('RESULT ')) ?? '';
    expect(JSON.parse(line.slice('RESULT '.length))).toEqual({
      issues: ['Invalid input: expected string, received number', 'Unrecognized key: "x"'],
      env: 'Invalid environment configuration:\n  - DYNAMODB_ENDPOINT: Invalid URL',
    });
  });
});
