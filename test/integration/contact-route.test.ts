import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/viewer.js';
import { invokeHandler } from '../../infra/local/handlers.js';
import { countContactSubmissionsByStatus } from '../../shared/domain/contact-submissions.js';
import { hitRateLimit } from '../../shared/domain/rate-limits.js';
import { routes } from '../../shared/routes.js';
import { httpEvent } from '../factories/http-event.js';
import { api, createTestUser, sesStore, visitor, waitFor } from '../support/api.js';

const body = (over: Record<string, unknown> = {}) => ({
  firstName: 'Jane',
  lastName: 'Doe',
  email: `jane-${randomUUID()}@example.com`,
  phone: '(941) 555-0100',
  program: 'puppyFoundations',
  message: 'Our puppy jumps on guests.',
  dogName: `Biscuit-${randomUUID().slice(0, 6)}`,
  dogBreed: 'Cockapoo',
  dogBirthDate: '2025-03-01',
  dogSex: 'female',
  ...over,
});

let adminToken: string;
beforeAll(async () => {
  adminToken = (await createTestUser('admin')).idToken;
});

describe('POST /api/public/contact', () => {
  it('stores the request, e-mails the business and tells connected admins live', async () => {
    const urls = inject('urls');
    const received: unknown[] = [];
    const socket = new WebSocket(`${urls.ws}?token=${encodeURIComponent(adminToken)}`);
    socket.on('message', (m) => received.push(JSON.parse(String(m))));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });

    const request = body();
    const res = await api('POST', '/api/public/contact', { body: request, from: visitor() });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);

    const list = await api('GET', '/api/contact-submissions?status=new', { token: adminToken });
    const stored = list.body.items.find((s: { id: string }) => s.id === res.body.id);
    expect(stored).toMatchObject({ status: 'new', dogName: request.dogName, email: request.email });

    const mail = await waitFor(async () =>
      (await sesStore()).find((m) => m.subject?.includes(request.dogName as string)),
    );
    expect(mail.destination?.to ?? mail.to).toBeDefined();
    expect(JSON.stringify(mail)).toContain(inject('env').BUSINESS_EMAIL);

    const notice = await waitFor(async () =>
      received.find((m) => (m as { submission?: { id: string } }).submission?.id === res.body.id),
    );
    expect(notice).toMatchObject({ type: 'contact_submission.created' });
    socket.close();
  });

  const bad: [string, unknown, string][] = [
    [
      'a missing field',
      (() => {
        const b: Record<string, unknown> = body();
        delete b.dogBreed;
        return b;
      })(),
      'dogBreed',
    ],
    ['a wrong type', body({ dogName: 7 }), 'dogName'],
    ['an oversize string', body({ message: 'x'.repeat(5001) }), 'message'],
    ['an invalid e-mail', body({ email: 'jane@' }), 'email'],
    ['an extra field', body({ status: 'converted' }), 'status'],
    ['an unknown program', body({ program: 'agility' }), 'program'],
  ];
  for (const [what, payload, field] of bad) {
    it(`answers 400 with a message for ${what} and stores nothing`, async () => {
      const before = await countContactSubmissionsByStatus();
      const res = await api('POST', '/api/public/contact', { body: payload, from: visitor() });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(typeof res.body.error.message).toBe('string');
      expect(res.body.error.fields[field]).toBeDefined();
      expect(await countContactSubmissionsByStatus()).toEqual(before);
    });
  }

  it('answers 400 for a body that is not JSON', async () => {
    const res = await api('POST', '/api/public/contact', { rawBody: '{"firstName":', from: visitor() });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Request body must be valid JSON');
  });

  it('drops a request whose honeypot is filled, without telling the bot', async () => {
    const before = await countContactSubmissionsByStatus();
    const res = await api('POST', '/api/public/contact', {
      body: body({ website: 'http://spam.example' }),
      from: visitor(),
    });
    expect(res.status).toBe(201);
    expect(await countContactSubmissionsByStatus()).toEqual(before);
  });

  it('limits each IP to 5 requests a minute with a clear 429', async () => {
    // Windows are fixed minutes: start well inside one so all six requests share it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
    const from = visitor();
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await api('POST', '/api/public/contact', { body: body(), from }));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 429]);
    expect(results[5].body.error.message).toBe('Too many requests. Please wait a minute and try again.');
    // Another visitor is not affected.
    expect((await api('POST', '/api/public/contact', { body: body(), from: visitor() })).status).toBe(201);
  }, 90_000);

  it('limits a caller who sends a made-up x-viewer-ip with each request: the edge overwrites it with the connection address', async () => {
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
    const from = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const forged = { 'x-viewer-ip': `203.0.113.${i + 1}`, 'cloudfront-viewer-address': `203.0.113.${i + 1}:443` };
      statuses.push((await api('POST', '/api/public/contact', { body: body(), from, headers: forged })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  }, 90_000);

  it('ignores an x-origin-verify header sent by the caller (the edge sets its own)', async () => {
    const res = await api('POST', '/api/public/contact', {
      body: body(),
      from: visitor(),
      headers: { [ORIGIN_VERIFY_HEADER]: 'guessed' },
    });
    expect(res.status).toBe(201);
  });
});

describe('the API without the edge (a direct call, as to the execute-api endpoint)', () => {
  const contact = routes.find((r) => r.path === '/api/public/contact');
  if (!contact) throw new Error('no contact route');

  it('refuses a request without the origin secret or with a wrong one with 403, and counts nothing', async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const before = await countContactSubmissionsByStatus();
    const attempts: Record<string, string>[] = [
      { 'x-viewer-ip': ip },
      { 'x-viewer-ip': ip, [ORIGIN_VERIFY_HEADER]: 'wrong' },
    ];
    for (const headers of attempts) {
      const event = httpEvent(contact, { body: body(), headers });
      if (!(ORIGIN_VERIFY_HEADER in headers)) delete event.headers[ORIGIN_VERIFY_HEADER];
      const res = (await invokeHandler(contact.handler, event)) as { statusCode: number; body: string };
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.body).error.code).toBe('FORBIDDEN');
    }
    expect(await countContactSubmissionsByStatus()).toEqual(before);
    // The refused requests were not counted: this IP still has its whole allowance (5) this minute.
    const key = `ip#${ip}#POST /api/public/contact`;
    for (let i = 0; i < 5; i++) await hitRateLimit(key, 5, 60);
    await expect(hitRateLimit(key, 5, 60)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('accepts the same request with the secret the edge adds', async () => {
    const event = httpEvent(contact, { body: body(), headers: { 'x-viewer-ip': visitor() } });
    const res = (await invokeHandler(contact.handler, event)) as { statusCode: number };
    expect(res.statusCode).toBe(201);
  });
});
