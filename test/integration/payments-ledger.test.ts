import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as paymentsSetup } from '../../functions/http/payments/get-payments-setup.js';
import { createStreamPoller } from '../../infra/local/stream-poller.js';
import { db } from '../../shared/db/client.js';
import { store } from '../../shared/db/service.js';
import { getDiscountCode } from '../../shared/domain/discount-codes.js';
import { outboxEntryOf } from '../../shared/domain/outbox.js';
import { businessMonthOf } from '../../shared/domain/payment-totals.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { httpEvent } from '../factories/http-event.js';
import { api, busIdle, createTestUser, openSocket, sesStore, type TestUser, waitFor } from '../support/api.js';
import { matrixCode } from './matrix/payments.js';
import { sellEvaluationAt75 } from './services-helpers.js';

let admin: TestUser;
let stripe: Stripe;

beforeAll(async () => {
  // These checkouts are charged: the evaluation at SPEC 9's $75 (free by default, ADR 0038).
  await sellEvaluationAt75();
  admin = await createTestUser('admin');
  const local = new URL(process.env.STRIPE_API_URL as string);
  stripe = new Stripe(process.env.STRIPE_SECRET_KEY as string, {
    host: local.hostname,
    port: Number(local.port),
    protocol: 'http',
  });
});

// Other suites expect the default business settings.
afterAll(async () => {
  await resetBusinessSettings();
});

const checkout = (user: TestUser, body: Record<string, unknown>) =>
  api('POST', '/api/payments/checkout', { token: user.idToken, body });
const list = (query: string, user = admin) => api('GET', `/api/payments?${query}`, { token: user.idToken });
const idsOf = (res: { body: { items: { id: string }[] } }) => res.body.items.map((p) => p.id);
const pay = (url: string) => fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });

async function discount(body: Record<string, unknown> = {}) {
  const code = matrixCode();
  const res = await api('POST', '/api/discount-codes', {
    token: admin.idToken,
    body: { code, discountType: 'percentage', discountValue: 20, ...body },
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, code };
}

async function monthTotal(month: string) {
  const res = await api('GET', '/api/payments/totals?months=2', { token: admin.idToken });
  expect(res.status).toBe(200);
  return res.body.months.find((m: { month: string }) => m.month === month) ?? { paidCents: 0, paidCount: 0 };
}

describe("the trainer's payments list", () => {
  it('lists every payment newest first with its payer, filtered on the server, a page at a time', async () => {
    const [ann, bob] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    const a1 = (await checkout(ann, { serviceType: 'evaluation' })).body;
    const b1 = (await checkout(bob, { serviceType: 'package_4' })).body;
    const a2 = (await checkout(ann, { serviceType: 'package_4' })).body;
    expect((await pay(a2.url)).status).toBe(303);

    const newest = await list('limit=3');
    expect(newest.status).toBe(200);
    expect(idsOf(newest)).toEqual([a2.paymentId, b1.paymentId, a1.paymentId]);
    expect(newest.body.items[0]).toMatchObject({ status: 'paid', serviceType: 'package_4', amountCents: 35000 });
    expect(newest.body.items[0].clientEmail).toBe(ann.email);
    expect(newest.body.items[0].clientName).toEqual(expect.any(String));
    expect(newest.body.items[0]).not.toHaveProperty('checkoutId');

    const page1 = await list('limit=2');
    const page2 = await list(`limit=2&cursor=${encodeURIComponent(page1.body.cursor)}`);
    expect([...idsOf(page1), ...idsOf(page2)].slice(0, 3)).toEqual([a2.paymentId, b1.paymentId, a1.paymentId]);
    // A cursor belongs to its filter.
    expect((await list(`limit=2&status=paid&cursor=${encodeURIComponent(page1.body.cursor)}`)).status).toBe(400);

    expect(idsOf(await list(`clientId=${ann.profileId}`))).toEqual([a2.paymentId, a1.paymentId]);
    expect(idsOf(await list(`clientId=${ann.profileId}&status=pending`))).toEqual([a1.paymentId]);
    expect(idsOf(await list(`clientId=${ann.profileId}&service=package_4`))).toEqual([a2.paymentId]);
    const paid = idsOf(await list('status=paid&limit=100'));
    expect(paid).toContain(a2.paymentId);
    expect(paid).not.toContain(a1.paymentId);
    const packages = idsOf(await list('service=package_4&status=pending&limit=100'));
    expect(packages).toContain(b1.paymentId);
    expect(packages).not.toContain(a1.paymentId);
    expect(packages).not.toContain(a2.paymentId);

    // A month (the business's time zone) and a date range of creation are key conditions.
    const month = businessMonthOf(new Date());
    expect(idsOf(await list(`clientId=${bob.profileId}&month=${month}`))).toEqual([b1.paymentId]);
    expect(idsOf(await list(`clientId=${bob.profileId}&month=2001-01`))).toEqual([]);
    const created = Date.parse(newest.body.items[1].createdAt);
    const range = (from: number, to: number) =>
      `from=${encodeURIComponent(new Date(from).toISOString())}&to=${encodeURIComponent(new Date(to).toISOString())}`;
    expect(idsOf(await list(`${range(created, created)}&limit=100`))).toEqual([b1.paymentId]);
    expect(idsOf(await list(`clientId=${ann.profileId}&${range(0, created)}`))).toEqual([a1.paymentId]);

    expect((await list('month=2026-13')).status).toBe(400);
    expect(idsOf(await list(`clientId=${bob.profileId}&month=${month}&${range(0, created)}`))).toEqual([b1.paymentId]);
    expect(idsOf(await list(`clientId=${bob.profileId}&month=2001-01&${range(0, created)}`))).toEqual([]);
    expect((await list(`${range(created, 0)}`)).status).toBe(400);
    expect((await list('status=refunded')).status).toBe(400);
  });

  it('is the trainer’s alone: a client is refused and sees nothing', async () => {
    const client = await createTestUser('client');
    const res = await list(`clientId=${client.profileId}`, client);
    expect(res.status).toBe(403);
    expect(res.body.items).toBeUndefined();
    expect((await api('GET', '/api/payments/totals', { token: client.idToken })).status).toBe(403);
    expect((await api('GET', '/api/payments')).status).toBe(401);
  });

  it('adds a paid payment once to its month’s total, and nothing for one that expires', async () => {
    const client = await createTestUser('client');
    const month = businessMonthOf(new Date());
    const before = await monthTotal(month);
    const paid = (await checkout(client, { serviceType: 'single_session' })).body;
    const expired = (await checkout(client, { serviceType: 'intensive' })).body;
    await pay(paid.url);
    await pay(paid.url);
    await stripe.checkout.sessions.expire(expired.url.split('/').pop());
    const after = await monthTotal(month);
    expect(after.paidCents - before.paidCents).toBe(10000);
    expect(after.paidCount - before.paidCount).toBe(1);
    const totals = await api('GET', '/api/payments/totals?months=12', { token: admin.idToken });
    expect(totals.body.months).toHaveLength(12);
    expect(totals.body.months[0].month).toBe(month);
    expect((await api('GET', '/api/payments/totals?months=37', { token: admin.idToken })).status).toBe(400);
  });
});

describe('a payment paid', () => {
  it('writes one PaymentPaid event under three deliveries: one receipt, one notice each', async () => {
    const client = await createTestUser('client');
    const other = await createTestUser('client');
    const { code } = await discount();
    const res = (await checkout(client, { serviceType: 'package_8', discountCode: code })).body;
    const checkoutId = res.url.split('/').pop() as string;
    const [trainerTab, payerTab, otherTab] = await Promise.all([
      openSocket(admin.idToken),
      openSocket(client.idToken),
      openSocket(other.idToken),
    ]);
    try {
      const payload = JSON.stringify({
        id: `evt_test_${Date.now()}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: {
          object: {
            object: 'checkout.session',
            id: checkoutId,
            client_reference_id: res.paymentId,
            payment_status: 'paid',
            status: 'complete',
          },
        },
      });
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: process.env.STRIPE_WEBHOOK_SECRET as string,
      });
      for (let i = 0; i < 3; i++) {
        const r = await api('POST', '/api/public/payments/webhook', {
          rawBody: payload,
          headers: { 'stripe-signature': signature },
        });
        expect(r.status).toBe(200);
      }
      const receipt = await waitFor(async () =>
        (await sesStore()).find((m) => m.destination.to.includes(client.email) && m.subject.includes('receipt')),
      );
      expect(receipt.body.text).toContain('Service: 8-Session Package');
      expect(receipt.body.text).toContain('Price: $640.00');
      expect(receipt.body.text).toContain(`Discount (${code}): -$128.00`);
      expect(receipt.body.text).toContain('Amount paid: $512.00');
      expect(receipt.body.text).toMatch(/Date: \w+day, \w+ \d+, \d{4}, \d+:\d\d [AP]M/);
      // The trainer's tab hears of every payment in the business (other tests pay too), so the notices
      // counted are this payment's.
      const notices = (tab: { messages: unknown[] }) =>
        tab.messages.filter(
          (m) =>
            (m as { type?: string }).type === 'payment.paid' &&
            (m as { payment?: { id?: string } }).payment?.id === res.paymentId,
        );
      await waitFor(() => notices(trainerTab).length > 0 && notices(payerTab).length > 0);
      await busIdle();

      // The table's stream holds exactly one PaymentPaid outbox insert for this payment.
      const dir = mkdtempSync(join(tmpdir(), 'payment-outbox-'));
      const written: string[] = [];
      const reader = createStreamPoller({
        endpoint: process.env.DYNAMODB_ENDPOINT as string,
        tableName: db().tableName,
        dataDir: dir,
        invoke: async (_handler, event) => {
          for (const r of (event as DynamoDBStreamEvent).Records) {
            const entry = outboxEntryOf(r);
            if ((entry?.detail as { paymentId?: string } | undefined)?.paymentId === res.paymentId) {
              written.push(entry?.name as string);
            }
          }
          return { batchItemFailures: [] };
        },
      });
      try {
        await reader.drain();
      } finally {
        await reader.stop();
        rmSync(dir, { recursive: true, force: true });
      }
      expect(written).toEqual(['PaymentPaid']);

      const receipts = (await sesStore()).filter(
        (m) => m.destination.to.includes(client.email) && m.subject.includes('receipt'),
      );
      expect(receipts).toHaveLength(1);
      expect(notices(trainerTab)).toEqual([
        expect.objectContaining({ payment: expect.objectContaining({ id: res.paymentId, status: 'paid' }) }),
      ]);
      expect(notices(payerTab)).toHaveLength(1);
      expect(otherTab.messages.filter((m) => (m as { type?: string }).type === 'payment.paid')).toEqual([]);
    } finally {
      await Promise.all([trainerTab.close(), payerTab.close(), otherTab.close()]);
    }
  });
});

describe("a client's full deletion", () => {
  it("gives a pending payment's held discount use back", async () => {
    const client = await createTestUser('client');
    const { id, code } = await discount({ usageLimit: 1 });
    const res = (await checkout(client, { serviceType: 'evaluation', discountCode: code })).body;
    expect(await getDiscountCode(id)).toMatchObject({ reserved: 1, timesUsed: 0 });
    expect((await api('DELETE', `/api/clients/${client.profileId}`, { token: admin.idToken })).status).toBe(204);
    expect((await store().entities.payment.get({ id: res.paymentId }).go({ consistent: true })).data).toBeNull();
    expect(await getDiscountCode(id)).toMatchObject({ reserved: 0, timesUsed: 0 });
    const next = await createTestUser('client');
    expect((await checkout(next, { serviceType: 'evaluation', discountCode: code })).status).toBe(201);
  });
});

describe('payments setup', () => {
  it('tells the trainer whether payments are configured, never a key', async () => {
    const res = await api('GET', '/api/integrations/payments', { token: admin.idToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ configured: true });
    const saved = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    try {
      const event = httpEvent(
        { method: 'GET', path: '/api/integrations/payments' },
        { claims: { sub: admin.userId, 'cognito:groups': '[admin]', email: admin.email } },
      );
      const out = (await paymentsSetup(event, {} as never)) as { statusCode: number; body: string };
      expect(out.statusCode, out.body).toBe(200);
      expect(JSON.parse(out.body)).toEqual({ configured: false });
    } finally {
      process.env.STRIPE_SECRET_KEY = saved;
    }
    expect(JSON.stringify(res.body)).not.toContain(process.env.STRIPE_SECRET_KEY as string);
  });
});
