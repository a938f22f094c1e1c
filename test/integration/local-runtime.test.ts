import { randomUUID } from 'node:crypto';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventBus } from '../../infra/local/event-bus.js';
import { flattenClaims, matchRoute } from '../../infra/local/http-adapter.js';
import { createScheduler } from '../../infra/local/scheduler.js';
import { publishEvent } from '../../shared/adapters/events.js';
import { runtimeConfigSchema } from '../../shared/contracts/runtime-config.js';
import { listConnectionIdsByProfile } from '../../shared/domain/connections.js';
import type { RouteDef } from '../../shared/routes.js';
import {
  api,
  busIdle,
  createTestUser,
  openSocket,
  sesStore,
  signIn,
  type TestUser,
  visitor,
  waitFor,
} from '../support/api.js';

const contactBody = (over: Record<string, unknown> = {}) => ({
  firstName: 'Local',
  lastName: 'Runtime',
  email: `local-${randomUUID()}@example.com`,
  phone: '941-555-0142',
  program: 'puppyFoundations',
  message: 'Testing the local runtime',
  dogName: `Rex-${randomUUID().slice(0, 8)}`,
  dogBreed: 'Beagle',
  dogBirthDate: '2024-01-15',
  dogSex: 'male',
  ...over,
});

let admin: TestUser;
let client: TestUser;
beforeAll(async () => {
  [admin, client] = await Promise.all([createTestUser('admin'), createTestUser('client')]);
});

import { close, ECHO_ORIGIN_SECRET, echoServer } from './echo-server.js';

describe('HTTP adapter: API Gateway v2 events', () => {
  let echo: Awaited<ReturnType<typeof echoServer>>;
  beforeAll(async () => {
    echo = await echoServer();
  });
  afterAll(() => close(echo.server));

  it('builds the event of a public route: route key, raw path, path and query parameters, headers, cookies', async () => {
    const res = await fetch(`${echo.base}/api/public/content/about%20us?a=1&a=2&b=x%20y`, {
      headers: {
        'X-Custom-Header': 'Value',
        cookie: 'c1=v1; c2=v2',
        'user-agent': 'vitest-agent',
        // Made up by the caller: the edge overwrites all three, as CloudFront does.
        'x-viewer-ip': '203.0.113.9',
        'cloudfront-viewer-address': '203.0.113.9:443',
        'x-origin-verify': 'guessed',
        'x-cdn-distribution-id': 'EFORGED',
      },
    });
    expect(res.status).toBe(200);
    const { handler, event } = echo.calls.at(-1) ?? {};
    expect(handler).toBe('http/content/list-public-content');
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/public/content/{section}',
      rawPath: '/api/public/content/about%20us',
      rawQueryString: 'a=1&a=2&b=x%20y',
      pathParameters: { section: 'about us' },
      queryStringParameters: { a: '1,2', b: 'x y' },
      cookies: ['c1=v1', 'c2=v2'],
      isBase64Encoded: false,
      requestContext: {
        accountId: expect.any(String),
        apiId: expect.any(String),
        domainName: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
        http: {
          method: 'GET',
          path: '/api/public/content/about%20us',
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'vitest-agent',
        },
        routeKey: 'GET /api/public/content/{section}',
        stage: '$default',
      },
    });
    expect(event?.headers['x-custom-header']).toBe('Value');
    expect(event?.headers).not.toHaveProperty('cookie');
    expect(event?.headers['cloudfront-viewer-address']).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(event?.headers['x-viewer-ip']).toBe('127.0.0.1');
    expect(event?.headers['x-origin-verify']).toBe(ECHO_ORIGIN_SECRET);
    expect(event?.headers['x-cdn-distribution-id']).toBe('LOCAL');
    expect(event?.requestContext.requestId).toMatch(/^[A-Za-z0-9]{15}=$/);
    expect(event?.requestContext.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
    expect(typeof event?.requestContext.timeEpoch).toBe('number');
    expect(event?.requestContext).not.toHaveProperty('authorizer');
    expect(event).not.toHaveProperty('body');
  });

  it('passes the verified ID token claims like the JWT authorizer: every value a string, arrays as "[a b]"', async () => {
    const res = await fetch(`${echo.base}/api/contact-submissions?status=new`, {
      headers: { authorization: `Bearer ${admin.idToken}` },
    });
    expect(res.status).toBe(200);
    const event = echo.calls.at(-1)?.event;
    const jwt = event?.requestContext.authorizer.jwt;
    expect(jwt?.scopes).toBeNull();
    expect(jwt?.claims).toMatchObject({
      sub: admin.userId,
      'cognito:groups': '[admin]',
      email: admin.email,
      token_use: 'id',
      aud: inject('userPool').clientId,
    });
    for (const v of Object.values(jwt?.claims ?? {})) expect(typeof v).toBe('string');
    expect(jwt?.claims.exp).toMatch(/^\d+$/);
    expect(flattenClaims({ 'cognito:groups': ['admin', 'client'], n: 5, b: true, o: { x: 1 } })).toEqual({
      'cognito:groups': '[admin client]',
      n: '5',
      b: 'true',
      o: '{"x":1}',
    });
  });

  it('passes text bodies as text and binary bodies base64-encoded', async () => {
    await fetch(`${echo.base}/api/public/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":"é"}',
    });
    expect(echo.calls.at(-1)?.event).toMatchObject({ body: '{"a":"é"}', isBase64Encoded: false });
    await fetch(`${echo.base}/api/public/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array([0, 159, 146, 150]),
    });
    expect(echo.calls.at(-1)?.event).toMatchObject({ body: 'AJ+Slg==', isBase64Encoded: true });
  });

  it('maps the handler result back: status, headers, cookies and a base64 body', async () => {
    const res = await fetch(`${echo.base}/api/me`, { headers: { authorization: `Bearer ${client.idToken}` } });
    expect(res.status).toBe(202);
    expect(res.headers.get('x-echo')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.headers.get('apigw-requestid')).toMatch(/=$/);
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([0, 1, 2, 255]);
  });

  it('answers 401 {"message":"Unauthorized"} without calling the handler when the token is missing or bad', async () => {
    const before = echo.calls.length;
    for (const authorization of [undefined, 'Bearer not-a-jwt', `Bearer ${admin.accessToken}`]) {
      const res = await fetch(`${echo.base}/api/me`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Unauthorized' });
    }
    expect(echo.calls.length).toBe(before);
  });

  it('answers 404 {"message":"Not Found"} for an unknown path or method, and 413 above 1 MB', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['PUT', '/api/me'],
      ['GET', '/api/public/content/'],
      ['GET', '/api/public/content/a/b'],
    ]) {
      const res = await fetch(`${echo.base}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not Found' });
    }
    const big = await fetch(`${echo.base}/api/public/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(big.status).toBe(413);
  });

  it('answers 500 {"message":"Internal Server Error"} when the handler throws', async () => {
    const failing = await echoServer({ throwing: true });
    try {
      const res = await fetch(`${failing.base}/api/public/content/hero`);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: 'Internal Server Error' });
    } finally {
      await close(failing.server);
    }
  });

  it('matches routes like API Gateway: literal segments beat parameters, greedy parameters match the rest', () => {
    const table: RouteDef[] = [
      { method: 'GET', path: '/api/x/{id}', handler: 'param', access: 'public' },
      { method: 'GET', path: '/api/x/new', handler: 'literal', access: 'public' },
      { method: 'GET', path: '/api/files/{path+}', handler: 'greedy', access: 'public' },
    ];
    expect(matchRoute('GET', '/api/x/new', table)?.route.handler).toBe('literal');
    expect(matchRoute('GET', '/api/x/42', table)).toMatchObject({
      route: { handler: 'param' },
      pathParameters: { id: '42' },
    });
    expect(matchRoute('GET', '/api/files/a/b.png', table)?.pathParameters).toEqual({ path: 'a/b.png' });
    expect(matchRoute('GET', '/api/files/', table)).toBeUndefined();
    expect(matchRoute('POST', '/api/x/1', table)).toBeUndefined();
  });
});

describe('the running local runtime', () => {
  it('serves /config.json matching runtimeConfigSchema, with the security headers', async () => {
    const res = await api('GET', '/config.json');
    expect(res.status).toBe(200);
    const config = runtimeConfigSchema.parse(res.body);
    const urls = inject('urls');
    expect(config).toEqual({
      region: 'us-east-1',
      userPoolId: inject('userPool').id,
      userPoolClientId: inject('userPool').clientId,
      userPoolEndpoint: urls.cognito,
      authFlowType: 'USER_PASSWORD_AUTH',
      apiUrl: '/api',
      wsUrl: urls.ws,
      mediaUrl: '/media',
      businessEmail: inject('env').BUSINESS_EMAIL,
      siteUrl: urls.site,
    });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(`connect-src 'self' ${urls.cognito} ${urls.ws} ${urls.s3}`);
    expect(csp).toContain(`img-src 'self' data: blob: ${urls.s3}`);
    expect(csp).toContain("frame-ancestors 'none'");
    // Frames: exactly the YouTube and Vimeo players of success stories' videos.
    expect(csp.split('; ').filter((d) => d.startsWith('frame-src'))).toEqual([
      'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
    ]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('runs the real handlers: 401 without or with a bad token, 404 off the route table, 200 for a signed-in user', async () => {
    expect(await api('GET', '/api/me')).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    expect((await api('GET', '/api/me', { token: 'abc.def.ghi' })).status).toBe(401);
    expect(await api('GET', '/api/does-not-exist')).toMatchObject({ status: 404, body: { message: 'Not Found' } });
    const me = await api('GET', '/api/me', { token: client.idToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: 'client', profile: { id: client.profileId, userId: client.userId } });
  });

  it('seeded an admin who can sign in', async () => {
    const seeded = inject('admin');
    const tokens = await signIn(seeded.email, seeded.password ?? '');
    const me = await api('GET', '/api/me', { token: tokens.idToken });
    expect(me.body).toMatchObject({ role: 'admin', profile: { email: seeded.email, profileCompleted: true } });
  });

  it('serves public media at /media/* from the media/ prefix of the bucket, like the cloud', async () => {
    const env = inject('env');
    const s3 = new S3Client({
      region: env.AWS_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const key = `media/website/hero/test-${randomUUID()}.txt`;
    try {
      await s3.send(
        new PutObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: key, Body: 'hello media', ContentType: 'text/plain' }),
      );
    } finally {
      s3.destroy();
    }
    const res = await api('GET', `/${key}`);
    expect(res.status).toBe(200);
    expect(res.body).toBe('hello media');
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect((await api('GET', '/media/website/hero/nope.jpg')).status).toBe(404);
  });

  it('answers 503 for the web app when it is not built (the tests run with webDist: null)', async () => {
    const res = await api('GET', '/portal/clients');
    expect(res.status).toBe(503);
    expect(res.body).toContain('not built');
  });
});

describe('WebSocket API and the @connections endpoint', () => {
  const management = () =>
    new ApiGatewayManagementApiClient({
      region: 'us-east-1',
      endpoint: inject('env').WS_MANAGEMENT_ENDPOINT,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });

  it('refuses a connection without a token or with a bad one', async () => {
    await expect(openSocket()).rejects.toMatchObject({ status: 401 });
    await expect(openSocket('not-a-token')).rejects.toMatchObject({ status: 401 });
  });

  it('accepts a valid ID token; PostToConnection reaches the client; a closed connection is Gone', async () => {
    const user = await createTestUser('client');
    const ws = await openSocket(user.idToken);
    const [connectionId] = await waitFor(() =>
      listConnectionIdsByProfile(user.profileId).then((ids) => (ids.length ? ids : undefined)),
    );
    const mgmt = management();
    try {
      await mgmt.send(
        new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify({ hello: 'world' }) }),
      );
      await waitFor(() => ws.messages.length > 0);
      expect(ws.messages[0]).toEqual({ hello: 'world' });
      const info = await mgmt.send(new GetConnectionCommand({ ConnectionId: connectionId }));
      expect(info.Identity?.SourceIp).toBe('127.0.0.1');
      expect(info.ConnectedAt).toBeInstanceOf(Date);

      await ws.close();
      // $disconnect removes the row; the endpoint answers 410 GoneException from now on.
      await waitFor(async () => (await listConnectionIdsByProfile(user.profileId)).length === 0);
      const gone = await mgmt
        .send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: 'x' }))
        .catch((e) => e);
      expect(gone).toBeInstanceOf(GoneException);
      expect(gone.$metadata.httpStatusCode).toBe(410);
    } finally {
      mgmt.destroy();
    }
  });

  it('DeleteConnection closes the socket', async () => {
    const ws = await openSocket(client.idToken);
    const ids = await waitFor(() =>
      listConnectionIdsByProfile(client.profileId).then((x) => (x.length ? x : undefined)),
    );
    const closed = new Promise<number>((r) => ws.socket.once('close', (code) => r(code)));
    const mgmt = management();
    try {
      for (const id of ids) await mgmt.send(new DeleteConnectionCommand({ ConnectionId: id })).catch(() => {});
      expect(await closed).toBe(1000);
    } finally {
      mgmt.destroy();
    }
  });
});

describe('event bus', () => {
  it('delivers ContactSubmitted to its handlers: the e-mail reaches SES and connected admins get a notice', async () => {
    const ws = await openSocket(admin.idToken);
    try {
      const body = contactBody();
      const res = await api('POST', '/api/public/contact', { body, from: visitor() });
      expect(res.status).toBe(201);
      await busIdle();
      const mail = (await sesStore()).find((m) => m.subject.includes(body.dogName as string));
      expect(mail?.destination.to).toEqual([inject('env').BUSINESS_EMAIL]);
      expect(mail?.replyTo).toEqual([body.email]);
      const notice = await waitFor(() =>
        ws.messages.find((m) => (m as { submission?: { id: string } }).submission?.id === res.body.id),
      );
      expect(notice).toMatchObject({ type: 'contact_submission.created' });
    } finally {
      await ws.close();
    }
  });

  it('forwards events published in a test worker to the runtime bus', async () => {
    const dogName = `Worker-${randomUUID().slice(0, 8)}`;
    await publishEvent('ContactSubmitted', {
      submission: { id: randomUUID(), ...contactBody({ dogName }), status: 'new', convertedToClient: false },
    });
    await busIdle();
    expect((await sesStore()).some((m) => m.subject.includes(dogName))).toBe(true);
  });

  it('delivers asynchronously with an EventBridge envelope, retries a failing handler twice, and idles', async () => {
    const attempts: Record<string, number> = { ok: 0, flaky: 0, broken: 0 };
    const envelopes: Record<string, unknown>[] = [];
    const errors: string[] = [];
    const bus = createEventBus({
      table: { Test: ['ok', 'flaky', 'broken'] },
      retryDelaysMs: [5, 10],
      onError: (m) => errors.push(m),
      invoke: async (handler, event) => {
        attempts[handler]++;
        if (handler === 'ok') envelopes.push(event as Record<string, unknown>);
        if (handler === 'flaky' && attempts.flaky < 3) throw new Error('flaky');
        if (handler === 'broken') throw new Error('broken');
      },
    });
    await bus.publish('Test' as never, { n: 1, when: new Date(0) });
    expect(attempts.ok).toBe(0); // not inside the publisher's call
    await bus.idle();
    expect(attempts).toEqual({ ok: 1, flaky: 3, broken: 3 });
    expect(envelopes[0]).toMatchObject({
      version: '0',
      'detail-type': 'Test',
      source: 'pawsitive.portal',
      region: 'us-east-1',
      resources: [],
      detail: { n: 1, when: '1970-01-01T00:00:00.000Z' },
    });
    expect(errors.filter((e) => e.includes('failed after 3 attempts'))).toHaveLength(1);
    expect(bus.pending).toBe(0);
  });
});

describe('scheduler', () => {
  it('runs each schedule at start and then periodically, never overlapping runs of one schedule', async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const scheduler = createScheduler({
      table: [{ name: 't', expression: 'rate(1 minute)', everyMs: 20, handler: 'h' }],
      invoke: async (_h, event) => {
        expect(event).toMatchObject({ 'detail-type': 'Scheduled Event', source: 'aws.events' });
        runs++;
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((r) => setTimeout(r, 70));
        concurrent--;
      },
    });
    scheduler.start();
    await waitFor(() => runs >= 3, 5000);
    await scheduler.stop();
    const after = runs;
    await new Promise((r) => setTimeout(r, 100));
    expect(runs).toBe(after);
    expect(maxConcurrent).toBe(1);
  });
});
