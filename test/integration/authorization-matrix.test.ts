import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { store } from '../../shared/db/service.js';
import { deactivateClient } from '../../shared/domain/clients.js';
import { type RouteDef, routeKey, routes } from '../../shared/routes.js';
import { api, createTestUser } from '../support/api.js';

import { routeExpectations as expectations } from './matrix/all.js';
import type { Caller, MatrixUsers } from './matrix/types.js';

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
        const req = await exp.request(users as unknown as MatrixUsers, caller);
        const res = await api(route.method, req.path, {
          token: tokens[caller],
          body: req.body,
          headers: req.headers,
          from: req.from,
        });
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

  it('tells a client calling an admin operation that it needs an admin (SPEC 8)', async () => {
    const res = await api('GET', '/api/contact-submissions', { token: tokens.clientA });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Must be authenticated as admin');
  });

  it('refuses a valid token whose profile has been deactivated', async () => {
    const c = await createTestUser('client');
    expect((await api('GET', '/api/me', { token: c.idToken })).status).toBe(200);
    await deactivateClient(c.profileId);
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
