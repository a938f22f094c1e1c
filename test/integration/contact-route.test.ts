import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { countContactSubmissionsByStatus } from '../../shared/domain/contact-submissions.js';
import { api, createTestUser, sesStore, waitFor } from '../support/api.js';

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
let ip = 10;
const viewer = () => ({ 'x-viewer-ip': `203.0.113.${ip++}` });

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
    const res = await api('POST', '/api/public/contact', { body: request, headers: viewer() });
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
      const res = await api('POST', '/api/public/contact', { body: payload, headers: viewer() });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(typeof res.body.error.message).toBe('string');
      expect(res.body.error.fields[field]).toBeDefined();
      expect(await countContactSubmissionsByStatus()).toEqual(before);
    });
  }

  it('answers 400 for a body that is not JSON', async () => {
    const res = await api('POST', '/api/public/contact', { rawBody: '{"firstName":', headers: viewer() });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Request body must be valid JSON');
  });

  it('drops a request whose honeypot is filled, without telling the bot', async () => {
    const before = await countContactSubmissionsByStatus();
    const res = await api('POST', '/api/public/contact', {
      body: body({ website: 'http://spam.example' }),
      headers: viewer(),
    });
    expect(res.status).toBe(201);
    expect(await countContactSubmissionsByStatus()).toEqual(before);
  });

  it('limits each IP to 5 requests a minute with a clear 429', async () => {
    // Windows are fixed minutes: start well inside one so all six requests share it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
    const headers = viewer();
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await api('POST', '/api/public/contact', { body: body(), headers }));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 429]);
    expect(results[5].body.error.message).toBe('Too many requests. Please wait a minute and try again.');
    // Another visitor is not affected.
    expect((await api('POST', '/api/public/contact', { body: body(), headers: viewer() })).status).toBe(201);
  }, 90_000);
});
