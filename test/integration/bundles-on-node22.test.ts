import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AttributeValue,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  paginateScan,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sampleEvent } from '../../bench/lambda-startup.js';
import { ORIGIN_SECRET_ENV, ORIGIN_VERIFY_HEADER } from '../../functions/lib/viewer.js';
import { SEED_HANDLER } from '../../infra/cloud/content-seed.js';
import { REPO_ROOT } from '../../infra/cloud/paths.js';
import { buildHttpEvent, matchRoute } from '../../infra/local/http-adapter.js';
import { majorOf } from '../../scripts/node22.mjs';
import { putObject, readObjectStart } from '../../shared/adapters/storage.js';
import {
  allHandlers,
  events,
  type RouteDef,
  realtime,
  routeKey,
  routes,
  schedules,
  streams,
} from '../../shared/routes.js';
import { RENDER_KIT_FILE } from '../../web/src/app/render-page.js';
import { api, createTestUser } from '../support/api.js';
import { testRenderKit } from '../support/site-kit.js';
import { type BundleRunner, buildBundles, startBundleRunner, startCloudStandIn } from './bundle-runner.js';
import { routeExpectations } from './matrix/all.js';
import type { Caller, MatrixUsers } from './matrix/types.js';

/**
 * Every Lambda bundle the CDK app deploys, built once with the deployed options and run on Node 22 (Lambda's
 * runtime) against DynamoDB Local, cognito-local, s3rver and the SES stand-in with seeded data (issue 34):
 * each HTTP route gets the request its authorization-matrix row makes for a caller it lets in (a valid
 * request from the route's contract, on data made for it) and must answer that row's status; each event,
 * schedule, stream and socket handler gets its event and must answer what it answers for it.
 */

const handlers = [...allHandlers(), SEED_HANDLER];
const outdir = join(REPO_ROOT, '.test-local', `node22-bundles-${process.pid}`);
let runner: BundleRunner;
let standIn: Awaited<ReturnType<typeof startCloudStandIn>>;
let users: MatrixUsers;
/** What each bundle answered, by handler (a handler is counted once, on its first route). */
const answered = new Map<string, boolean>();

const SITE_PARAMETER = '/pawsitive/site-target';
const SITE_BUCKET = 'node22-site';
let s3: S3Client;

beforeAll(async () => {
  const [clientA, clientB, admin] = await Promise.all([
    createTestUser('client'),
    createTestUser('client'),
    createTestUser('admin'),
    buildBundles(handlers, outdir),
  ]);
  users = { clientA, clientB, admin };
  standIn = await startCloudStandIn({
    [SITE_PARAMETER]: JSON.stringify({ bucket: SITE_BUCKET, distributionId: 'E2NODE22' }),
  });
  const env = inject('env');
  s3 = new S3Client({ endpoint: env.S3_ENDPOINT, forcePathStyle: true, region: 'us-east-1' });
  await s3.send(new CreateBucketCommand({ Bucket: SITE_BUCKET }));
  runner = await startBundleRunner(outdir, {
    ...env,
    // What the runtime routes in-process locally goes to the cloud's APIs, here the stand-in.
    AWS_ENDPOINT_URL_EVENTBRIDGE: standIn.endpoint,
    AWS_ENDPOINT_URL_SCHEDULER: standIn.endpoint,
    AWS_ENDPOINT_URL_SSM: standIn.endpoint,
    AWS_ENDPOINT_URL_CLOUDFRONT: standIn.endpoint,
    AWS_ENDPOINT_URL_S3: env.S3_ENDPOINT,
    SITE_TARGET_PARAMETER: SITE_PARAMETER,
  });
}, 600_000);

afterAll(async () => {
  await runner?.close();
  await standIn?.close();
  rmSync(outdir, { recursive: true, force: true });
  const ok = [...answered.values()].filter(Boolean).length;
  console.log(`[node22] ${ok} of ${handlers.length} bundles answered as expected on Node ${runner?.nodeVersion}`);
});

/** The ID token's claims as the HTTP API's JWT authorizer hands them to the function. */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

/** The first caller the route's matrix row lets in (a 2xx), else the admin. */
function allowedCaller(status: Record<Caller, number>): Caller {
  return (['admin', 'clientA', 'clientB', 'anonymous'] as const).find((c) => status[c] < 300) ?? 'admin';
}

/** The event API Gateway hands the function for a request through the edge (the local adapter's builder). */
function httpEventOf(
  route: RouteDef,
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
  from = '127.0.0.1',
) {
  const match = matchRoute(route.method, path.split('?')[0]);
  expect(match?.route, path).toBe(route);
  return buildHttpEvent(
    {
      method: route.method,
      url: path,
      headers: {
        'content-type': ['application/json'],
        [ORIGIN_VERIFY_HEADER]: [inject('env')[ORIGIN_SECRET_ENV]],
        ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), [v]])),
      },
      sourceIp: from,
      protocol: 'HTTP/1.1',
      body: body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body)),
      port: 443,
    },
    match as NonNullable<typeof match>,
    token ? claimsOf(token) : undefined,
  );
}

describe('every Lambda bundle on Node 22 against the emulators (issue 34)', () => {
  it('runs on Node 22', () => {
    expect(majorOf(runner.nodeVersion)).toBe(22);
  });

  const first = new Set<string>();
  for (const route of routes as readonly RouteDef[]) {
    const key = routeKey(route);
    const counted = !first.has(route.handler);
    first.add(route.handler);
    it(`${key}: ${route.handler} answers the request its contract allows`, async () => {
      const row = routeExpectations[key];
      expect(row, `no matrix row for ${key}`).toBeDefined();
      const caller = allowedCaller(row.status);
      const req = await row.request(users, caller);
      const token = caller === 'anonymous' ? undefined : users[caller].idToken;
      const event = httpEventOf(route, req.path, req.body, token, req.headers, req.from);
      const run = await runner.invoke(route.handler, event);
      const status = (run.result as { statusCode?: number } | null)?.statusCode;
      if (counted) answered.set(route.handler, status === row.status[caller]);
      expect(run.error, route.handler).toBeUndefined();
      expect(status, `${route.handler} as ${caller}: ${JSON.stringify(run.result).slice(0, 400)}`).toBe(
        row.status[caller],
      );
    });
  }

  it.each(
    Object.values(events)
      .flat()
      .filter((h, i, all) => all.indexOf(h) === i),
  )('%s handles its event', async (handler) => {
    const run = await runner.invoke(handler, sampleEvent(handler));
    answered.set(handler, run.error === undefined);
    expect(run.error, handler).toBeUndefined();
  });

  it.each(schedules.map((s) => s.handler))('%s runs its schedule', async (handler) => {
    const run = await runner.invoke(handler, sampleEvent(handler));
    answered.set(handler, run.error === undefined);
    expect(run.error, handler).toBeUndefined();
  });

  it('render-public-pages renders the programs page with the published content into the site bucket', async () => {
    const handler = 'events/render-public-pages';
    const title = `Node 22 Program ${randomUUID().slice(0, 8)}`;
    const published = await api('POST', '/api/website/sections/programs/content', {
      token: users.admin.idToken,
      body: { status: 'published', sortOrder: 1, fields: { program_title: title, description: 'D', features: 'One' } },
    });
    expect(published.status).toBe(201);
    // The bucket as a deploy leaves it: the build's render kit (a template without stylesheets or scripts).
    await s3.send(
      new PutObjectCommand({ Bucket: SITE_BUCKET, Key: RENDER_KIT_FILE, Body: JSON.stringify(testRenderKit()) }),
    );
    const event = { ...sampleEvent(handler), detail: { section: 'programs' } };
    const run = await runner.invoke(handler, event);
    expect(run.error).toBeUndefined();
    expect((run.result as { rendered: string[] }).rendered).toContain('/programs');
    const page = await s3.send(new GetObjectCommand({ Bucket: SITE_BUCKET, Key: 'programs/index.html' }));
    expect(await page.Body?.transformToString()).toContain(title);
    // The changed pages are invalidated on the site's distribution.
    expect(standIn.calls.some((c) => /^POST \/[\d-]+\/distribution\/E2NODE22\/invalidation$/.test(c.target))).toBe(
      true,
    );
    answered.set(handler, true);
  });

  it('process-image converts an uploaded JPEG to WebP variants with sharp', async () => {
    const handler = 'http/content/process-image';
    const key = `uploads/website/hero/background_image-${Date.now()}.jpg`;
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7d44' } })
      .jpeg()
      .toBuffer();
    await putObject(key, jpeg, 'image/jpeg');
    const route = (routes as readonly RouteDef[]).find((r) => r.handler === handler) as RouteDef;
    const event = httpEventOf(route, route.path, { key }, users.admin.idToken);
    const run = await runner.invoke(handler, event);
    const res = run.result as { statusCode: number; body: string };
    expect(res?.statusCode, JSON.stringify(run)).toBe(201);
    const body = JSON.parse(res.body) as { path: string; contentType: string; variants: { path: string }[] };
    expect(body.contentType).toBe('image/webp');
    const stored = await readObjectStart(body.path.slice(1), 16);
    expect(stored?.head.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(body.variants.length).toBeGreaterThan(0);
  });

  it('the analytics aggregator counts a page view the collect route stored', async () => {
    const handler = streams.analytics.handler;
    const row = routeExpectations['POST /api/public/events'];
    const req = await row.request(users, 'anonymous');
    expect((await api('POST', req.path, { body: req.body, from: req.from })).status).toBe(204);
    const env = inject('env');
    // Every page of the shared table: a filtered Scan's first page (1 MB read) may hold none of them.
    const items: { Items: Record<string, AttributeValue>[] } = { Items: [] };
    const pages = paginateScan(
      { client: new DynamoDBClient({ endpoint: env.DYNAMODB_ENDPOINT }) },
      {
        TableName: env.TABLE_NAME,
        FilterExpression: '#e = :e',
        ExpressionAttributeNames: { '#e': '__edb_e__' },
        ExpressionAttributeValues: { ':e': { S: streams.analytics.entity } },
      },
    );
    for await (const page of pages) {
      items.Items.push(...(page.Items ?? []));
      if (items.Items.length >= 5) break;
    }
    expect(items.Items.length).toBeGreaterThan(0);
    const record = (NewImage: unknown, i: number) => ({
      eventID: String(i),
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      dynamodb: { SequenceNumber: String(i), NewImage, StreamViewType: 'NEW_IMAGE' },
    });
    const run = await runner.invoke(handler, { Records: (items.Items ?? []).slice(0, 5).map(record) });
    expect(run.error).toBeUndefined();
    expect(run.result).toEqual({ batchItemFailures: [] });
    answered.set(handler, true);
  });

  it('the outbox publisher sends an insert to the bus and reports no failure', async () => {
    const handler = streams.outbox.handler;
    const event = sampleEvent(handler) as { Records: [{ dynamodb: { Keys: Record<string, AttributeValue> } }] };
    const env = inject('env');
    const dynamo = new DynamoDBClient({ endpoint: env.DYNAMODB_ENDPOINT });
    const Key = event.Records[0].dynamodb.Keys;
    await dynamo.send(new PutItemCommand({ TableName: env.TABLE_NAME, Item: { ...Key, __edb_e__: { S: 'outbox' } } }));
    const before = standIn.calls.length;
    const run = await runner.invoke(handler, event);
    answered.set(handler, run.error === undefined);
    expect(run.result).toEqual({ batchItemFailures: [] });
    expect(standIn.calls.slice(before).map((c) => c.target)).toContain('AWSEvents.PutEvents');
    // Published, then removed from the table by the key its stream record carries.
    expect((await dynamo.send(new GetItemCommand({ TableName: env.TABLE_NAME, Key }))).Item).toBeUndefined();
  });

  it('$connect refuses a socket without a token; $disconnect forgets one', async () => {
    const connect = await runner.invoke(realtime.$connect, sampleEvent(realtime.$connect));
    expect(connect.result).toMatchObject({ statusCode: 401 });
    answered.set(realtime.$connect, (connect.result as { statusCode: number }).statusCode === 401);
    const disconnect = await runner.invoke(realtime.$disconnect, sampleEvent(realtime.$disconnect));
    expect(disconnect.error).toBeUndefined();
    answered.set(realtime.$disconnect, disconnect.error === undefined);
  });

  it('the content seeding answers CloudFormation', async () => {
    const run = await runner.invoke(SEED_HANDLER, sampleEvent(SEED_HANDLER));
    expect(run.result).toEqual({ PhysicalResourceId: expect.any(String) });
    answered.set(SEED_HANDLER, run.error === undefined);
  });

  it('every bundle ran', () => {
    expect([...answered.keys()].sort()).toEqual([...handlers].sort());
  });
});
