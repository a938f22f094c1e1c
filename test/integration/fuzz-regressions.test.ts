import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RouteDef, routeKey, routes } from '../../shared/routes.js';
import { callRoute, claimsOf, type Principal } from '../fuzz/world.js';
import { createTestUser, type TestUser } from '../support/api.js';

/** Answers the fuzz harness (fuzz-routes.test.ts) once found as 500s, kept as plain cases. */

const route = (key: string) => {
  const r = (routes as readonly RouteDef[]).find((x) => routeKey(x) === key);
  if (!r) throw new Error(`no route ${key}`);
  return r;
};

let admin: Principal;
let client: TestUser;
beforeAll(async () => {
  const trainer = await createTestUser('admin');
  admin = { kind: 'admin', claims: claimsOf(trainer, 'admin') };
  client = await createTestUser('client');
});

describe('a first name as long as the contract allows', () => {
  // Its name word and its "first last" search token share their first 64 characters.
  const longName = 'x'.repeat(100);

  it('is saved on a new client', async () => {
    const res = await callRoute(route('POST /api/clients'), admin, {
      body: JSON.stringify({
        firstName: longName,
        lastName: 'FrdnR',
        email: `long-${randomUUID().slice(0, 8)}@example.com`,
        sendInvitation: false,
      }),
    });
    expect(res.status, res.body).toBe(201);
  });

  it('is saved on an existing client by the trainer', async () => {
    const res = await callRoute(route('PATCH /api/clients/{id}'), admin, {
      params: { id: client.profileId },
      body: JSON.stringify({ firstName: longName, lastName: 'FrdnR' }),
    });
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body).client.firstName).toBe(longName);
  });

  it('is saved by the client on their own profile', async () => {
    const res = await callRoute(
      route('PATCH /api/me/profile'),
      { kind: 'client', claims: claimsOf(client, 'client') },
      { body: JSON.stringify({ firstName: longName, lastName: 'Other' }) },
    );
    expect(res.status, res.body).toBe(200);
  });
});

describe('a discount value within float error of a cent', () => {
  it('is stored as that cent (5e-324 is 0, not a number DynamoDB cannot hold)', async () => {
    const code = `TINY${randomUUID().slice(0, 6).toUpperCase()}`;
    const res = await callRoute(route('POST /api/discount-codes'), admin, {
      body: JSON.stringify({ code, discountType: 'percentage', discountValue: 5e-324 }),
    });
    expect(res.status, res.body).toBe(201);
    expect(JSON.parse(res.body).discountValue).toBe(0);
  });
});
