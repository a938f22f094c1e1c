import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TYPES, SERVICES, type ServiceType } from '../../shared/contracts/payment-options.js';
import { store } from '../../shared/db/service.js';
import { createDog, type DogItem } from '../../shared/domain/dogs.js';
import { deleteSession } from '../../shared/domain/session-writes.js';
import { completeEndedSessions, insertSessionRecord } from '../../shared/domain/sessions.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { deliver, signedEvent } from '../support/checkout-events.js';

/**
 * Session credits (docs/decisions/0026-session-credits.md): a paid payment grants its service's credits
 * once, a completed session uses one in its completion's transaction, the balance can go below 0 (owed),
 * a client reads their own and the trainer any client's; export and full deletion include it.
 */

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser('admin');
});

// Other suites expect the built-in business settings.
afterAll(async () => {
  await resetBusinessSettings();
});

const BUSINESS = {
  businessName: 'Credits Training',
  businessPhone: '(941) 555-0142',
  businessEmail: 'credits@example.com',
  defaultSessionDuration: 60,
  hourlyRate: null,
  timeZone: 'America/New_York',
};

/** A pending checkout of `user` for `serviceType`, and its provider's "paid" and "expired" events. */
async function checkout(user: TestUser, serviceType: ServiceType) {
  const res = await api('POST', '/api/payments/checkout', { token: user.idToken, body: { serviceType } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const session = {
    id: (res.body.url as string).split('/').pop(),
    client_reference_id: res.body.paymentId,
    payment_status: 'paid',
    status: 'complete',
  };
  return {
    paymentId: res.body.paymentId as string,
    paid: signedEvent('checkout.session.completed', session),
    expired: signedEvent('checkout.session.expired', { ...session, status: 'expired', payment_status: 'unpaid' }),
  };
}

async function pay(user: TestUser, serviceType: ServiceType) {
  const c = await checkout(user, serviceType);
  expect((await deliver(c.paid)).status).toBe(200);
  return c.paymentId;
}

const myCredits = async (user: TestUser) => {
  const res = await api('GET', '/api/me/credits', { token: user.idToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.credits.balance as number;
};
const clientCredits = async (user: TestUser) => {
  const res = await api('GET', `/api/clients/${user.profileId}/credits`, { token: admin.idToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.credits.balance as number;
};

/** A session of `client` that ended an hour ago and is still open (the completion's input). */
async function endedSession(client: TestUser, dog: DogItem): Promise<string> {
  return insertSessionRecord({
    clientId: client.profileId,
    dogId: dog.id,
    scheduledAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    durationMinutes: 60,
    status: 'scheduled',
    clientName: 'Credit Client',
    dogName: dog.name,
  });
}

const sessionStatus = async (id: string) =>
  (await store().entities.session.get({ id }).go({ consistent: true })).data?.status;

describe('a paid payment grants its service credits', () => {
  it('single session 1, package of 4 gives 4, of 8 gives 8; evaluation and intensive what the trainer set on the service', async () => {
    const put = await api('PUT', '/api/settings/business', {
      token: admin.idToken,
      body: {
        ...BUSINESS,
        services: SERVICE_TYPES.map((id) =>
          id === 'evaluation'
            ? { ...SERVICES[id], credits: 2 }
            : id === 'intensive'
              ? { ...SERVICES[id], credits: 10 }
              : SERVICES[id],
        ),
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const expected: Record<ServiceType, number> = {
      single_session: 1,
      package_4: 4,
      package_8: 8,
      evaluation: 2,
      intensive: 10,
    };
    for (const [service, credits] of Object.entries(expected) as [ServiceType, number][]) {
      const client = await createTestUser('client');
      expect(await myCredits(client)).toBe(0);
      await pay(client, service);
      expect(await myCredits(client), service).toBe(credits);
      expect(await clientCredits(client), service).toBe(credits);
    }
  });

  it('with the defaults an evaluation and an intensive program give no credit', async () => {
    await resetBusinessSettings();
    const client = await createTestUser('client');
    await pay(client, 'evaluation');
    await pay(client, 'intensive');
    expect(await myCredits(client)).toBe(0);
    // What a later payment gives adds up.
    await pay(client, 'package_4');
    await pay(client, 'single_session');
    expect(await myCredits(client)).toBe(5);
  });

  it('the same paid event delivered three times, one after another or at once, grants once', async () => {
    const client = await createTestUser('client');
    const first = await checkout(client, 'package_4');
    for (let i = 0; i < 3; i++) expect((await deliver(first.paid)).status).toBe(200);
    expect(await myCredits(client)).toBe(4);
    const second = await checkout(client, 'package_8');
    const statuses = await Promise.all([deliver(second.paid), deliver(second.paid), deliver(second.paid)]);
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await myCredits(client)).toBe(12);
  });

  it('an expired or cancelled payment grants nothing, and a late paid event for it neither', async () => {
    const client = await createTestUser('client');
    const expired = await checkout(client, 'package_4');
    expect((await deliver(expired.expired)).status).toBe(200);
    expect((await deliver(expired.paid)).status).toBe(200);
    const cancelled = await checkout(client, 'package_8');
    expect(
      (await api('POST', `/api/me/payments/${cancelled.paymentId}/cancel`, { token: client.idToken })).status,
    ).toBe(200);
    expect(await myCredits(client)).toBe(0);
  });
});

describe('a completed session uses one credit', () => {
  it('in the transaction of its completion: once, however many completions run at once', async () => {
    const client = await createTestUser('client');
    const dog = await createDog(client.profileId, { name: 'Creditor', breed: 'Beagle', birthDate: '2021-04-10' });
    await pay(client, 'package_4');
    const id = await endedSession(client, dog);
    const runs = await Promise.all([completeEndedSessions(), completeEndedSessions(), completeEndedSessions()]);
    expect(runs.filter((ids) => ids.includes(id))).toHaveLength(1);
    expect(await sessionStatus(id)).toBe('completed');
    expect(await myCredits(client)).toBe(3);
    expect(await completeEndedSessions()).not.toContain(id);
    expect(await myCredits(client)).toBe(3);
  });

  it('never blocks a completion: with no credit left the balance goes below 0 (owed) and the next payment pays it', async () => {
    const client = await createTestUser('client');
    const dog = await createDog(client.profileId, { name: 'Owing', breed: 'Boxer', birthDate: '2020-02-02' });
    const [a, b] = [await endedSession(client, dog), await endedSession(client, dog)];
    const done = await completeEndedSessions();
    expect(done).toEqual(expect.arrayContaining([a, b]));
    expect(await myCredits(client)).toBe(-2);
    expect(await clientCredits(client)).toBe(-2);
    await pay(client, 'package_4');
    expect(await myCredits(client)).toBe(2);
  });

  it('deleting a completed session gives its credit back; deleting an open one changes nothing', async () => {
    const client = await createTestUser('client');
    const dog = await createDog(client.profileId, { name: 'Refund', breed: 'Poodle', birthDate: '2020-02-02' });
    await pay(client, 'single_session');
    const done = await endedSession(client, dog);
    expect(await completeEndedSessions()).toContain(done);
    expect(await myCredits(client)).toBe(0);
    await deleteSession(done);
    expect(await myCredits(client)).toBe(1);
    const open = await insertSessionRecord({
      clientId: client.profileId,
      dogId: dog.id,
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      status: 'scheduled',
      dogName: dog.name,
    });
    await deleteSession(open);
    expect(await myCredits(client)).toBe(1);
  });
});

describe('who sees a balance', () => {
  it("a client sees only their own; the trainer any client's, and 404 for someone who is not a client", async () => {
    const [a, b] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    await pay(a, 'package_8');
    expect(await myCredits(a)).toBe(8);
    expect(await myCredits(b)).toBe(0);
    expect(await clientCredits(a)).toBe(8);
    expect(await clientCredits(b)).toBe(0);
    expect((await api('GET', `/api/clients/${a.profileId}/credits`, { token: b.idToken })).status).toBe(403);
    expect((await api('GET', `/api/clients/${admin.profileId}/credits`, { token: admin.idToken })).status).toBe(404);
    expect((await api('GET', '/api/me/credits', { token: admin.idToken })).status).toBe(403);
  });
});

describe('the data export and the full deletion', () => {
  it('export the balance and delete it with the client', async () => {
    const client = await createTestUser('client');
    await pay(client, 'package_4');
    const exported = await api('GET', '/api/me/export', { token: client.idToken });
    expect(exported.status).toBe(200);
    expect(exported.body.credits).toEqual({ balance: 4, held: 0 });
    expect((await api('DELETE', `/api/clients/${client.profileId}`, { token: admin.idToken })).status).toBe(204);
    const { data } = await store()
      .entities.sessionCredits.get({ profileId: client.profileId })
      .go({ consistent: true });
    expect(data).toBeNull();
  });
});
