import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { store } from '../../shared/db/service.js';
import { type RouteDef, routeKey, routes } from '../../shared/routes.js';
import { api, createTestUser } from '../support/api.js';

/**
 * Every route of the route table, called as anonymous, two different clients and the admin.
 * A route without an expectation here fails the suite, so nothing is added to the API unreviewed.
 */
type Caller = 'anonymous' | 'clientA' | 'clientB' | 'admin';
interface Expectation {
  request: () => { path: string; body?: unknown; headers?: Record<string, string> };
  status: Record<Caller, number>;
}

const contactBody = () => ({
  firstName: 'Matrix',
  lastName: 'Test',
  email: `matrix-${randomUUID()}@example.com`,
  phone: '941-555-0101',
  program: 'other',
  message: 'Authorization matrix',
  dogName: 'Pixel',
  dogBreed: 'Cockapoo',
  dogBirthDate: '2023-05-05',
  dogSex: 'female',
});
// Each request comes from its own viewer address so the per-IP limit does not interfere.
const viewer = () => ({ 'x-viewer-ip': `198.51.100.${Math.floor(Math.random() * 250) + 1}` });

const expectations: Record<string, Expectation> = {
  'POST /api/public/contact': {
    request: () => ({ path: '/api/public/contact', body: contactBody(), headers: viewer() }),
    status: { anonymous: 201, clientA: 201, clientB: 201, admin: 201 },
  },
  'GET /api/public/content/{section}': {
    request: () => ({ path: '/api/public/content/programs' }),
    status: { anonymous: 200, clientA: 200, clientB: 200, admin: 200 },
  },
  'POST /api/public/events': {
    request: () => ({
      path: '/api/public/events',
      body: { name: 'page_view', page_title: 'Contact Form', page_location: 'http://127.0.0.1/contact' },
      headers: viewer(),
    }),
    status: { anonymous: 204, clientA: 204, clientB: 204, admin: 204 },
  },
  'GET /api/me': {
    request: () => ({ path: '/api/me' }),
    status: { anonymous: 401, clientA: 200, clientB: 200, admin: 200 },
  },
  'GET /api/contact-submissions': {
    request: () => ({ path: '/api/contact-submissions?status=new' }),
    status: { anonymous: 401, clientA: 403, clientB: 403, admin: 200 },
  },
};

const tokens: Partial<Record<Caller, string>> = {};
const users: Record<string, Awaited<ReturnType<typeof createTestUser>>> = {};

beforeAll(async () => {
  const [a, b, admin] = await Promise.all([
    createTestUser('client'),
    createTestUser('client'),
    createTestUser('admin'),
  ]);
  users.clientA = a;
  users.clientB = b;
  users.admin = admin;
  tokens.clientA = a.idToken;
  tokens.clientB = b.idToken;
  tokens.admin = admin.idToken;
});

describe('authorization matrix', () => {
  it('has an expectation for every route in the route table, and none for routes that do not exist', () => {
    const declared = (routes as readonly RouteDef[]).map(routeKey).sort();
    expect(Object.keys(expectations).sort()).toEqual(declared);
  });

  for (const route of routes as readonly RouteDef[]) {
    const key = routeKey(route);
    for (const caller of ['anonymous', 'clientA', 'clientB', 'admin'] as const) {
      it(`${key} as ${caller}`, async () => {
        const exp = expectations[key];
        expect(exp, `no expectation for ${key}`).toBeDefined();
        const req = exp.request();
        const res = await api(route.method, req.path, { token: tokens[caller], body: req.body, headers: req.headers });
        expect(res.status, JSON.stringify(res.body)).toBe(exp.status[caller]);
      });
    }
  }

  it('a client only ever sees their own profile, without the trainer notes', async () => {
    await store().entities.profile.patch({ id: users.clientA.profileId }).set({ notes: 'Reactive to bikes' }).go();
    const a = await api('GET', '/api/me', { token: tokens.clientA });
    const b = await api('GET', '/api/me', { token: tokens.clientB });
    expect(a.body.profile.id).toBe(users.clientA.profileId);
    expect(b.body.profile.id).toBe(users.clientB.profileId);
    expect(a.body.profile).not.toHaveProperty('notes');
    expect(a.body.role).toBe('client');
  });

  it('refuses a valid token whose profile has been deactivated', async () => {
    const c = await createTestUser('client');
    expect((await api('GET', '/api/me', { token: c.idToken })).status).toBe(200);
    await store().entities.profile.patch({ id: c.profileId }).set({ isActive: false }).go();
    const res = await api('GET', '/api/me', { token: c.idToken });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('This account has been deactivated');
  });

  it('refuses a forged or tampered token', async () => {
    const t = tokens.admin as string;
    const [h, p, s] = t.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    payload['cognito:groups'] = ['admin'];
    payload.sub = randomUUID();
    const forged = [h, Buffer.from(JSON.stringify(payload)).toString('base64url'), s].join('.');
    expect((await api('GET', '/api/contact-submissions', { token: forged })).status).toBe(401);
  });
});
