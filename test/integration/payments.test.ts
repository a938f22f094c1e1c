import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as webhookHandler } from '../../functions/http/payments/payment-webhook.js';
import { store } from '../../shared/db/service.js';
import { getDiscountCode } from '../../shared/domain/discount-codes.js';
import { startCheckout } from '../../shared/domain/payments.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { httpEvent } from '../factories/http-event.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { deliver, localStripe, signedEvent } from '../support/checkout-events.js';
import { matrixCode } from './matrix/payments.js';
import { sellEvaluationAt75 } from './services-helpers.js';

let admin: TestUser;
let client: TestUser;
let stripe: Stripe;

beforeAll(async () => {
  // These checkouts are charged: the evaluation at SPEC 9's $75 (free by default, ADR 0038).
  await sellEvaluationAt75();
  [admin, client] = await Promise.all([createTestUser('admin'), createTestUser('client')]);
  stripe = localStripe();
});

// Other suites expect the default business settings.
afterAll(async () => {
  await resetBusinessSettings();
});

const WEBHOOK = '/api/public/payments/webhook';

async function discount(body: Record<string, unknown> = {}) {
  const code = matrixCode();
  const res = await api('POST', '/api/discount-codes', {
    token: admin.idToken,
    body: { code, discountType: 'percentage', discountValue: 15, ...body },
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, code };
}

const checkout = (body: Record<string, unknown>, user = client) =>
  api('POST', '/api/payments/checkout', { token: user.idToken, body });
const payment = (id: string, user = client) => api('GET', `/api/me/payments/${id}`, { token: user.idToken });
const checkoutIdOf = (url: string) => url.split('/').pop() as string;

describe('checkout', () => {
  it('charges the price the server computes, ignoring an amount sent by the browser', async () => {
    const { code } = await discount();
    const res = await checkout({ serviceType: 'evaluation', discountCode: code.toLowerCase(), amount: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const session = await stripe.checkout.sessions.retrieve(checkoutIdOf(res.body.url));
    expect(session.amount_total).toBe(6375);
    expect(session.client_reference_id).toBe(res.body.paymentId);
    expect((await payment(res.body.paymentId)).body).toMatchObject({
      status: 'pending',
      serviceType: 'evaluation',
      amountCents: 6375,
      discountCents: 1125,
      discountCode: code,
      currency: 'usd',
    });
  });

  it('refuses an unusable code with the spec texts and holds nothing', async () => {
    expect((await checkout({ serviceType: 'evaluation', discountCode: 'NOPE0000' })).body.error.message).toBe(
      'Invalid discount code',
    );
    const expired = await discount({ expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const res = await checkout({ serviceType: 'package_4', discountCode: expired.code });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Discount code has expired');
    expect((await getDiscountCode(expired.id))?.reserved).toBe(0);
    expect((await checkout({ serviceType: 'platinum' })).status).toBe(400);
  });

  it('paying on the hosted page marks the payment paid and counts the code once', async () => {
    const { id, code } = await discount({ usageLimit: 2 });
    const res = await checkout({ serviceType: 'package_8', discountCode: code });
    const paid = await fetch(`${res.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(new RegExp(`/payment/success\\?payment=${res.body.paymentId}$`));
    const stored = (await payment(res.body.paymentId)).body;
    expect(stored).toMatchObject({ status: 'paid', amountCents: 54400 });
    expect(Date.parse(stored.paidAt)).toBeGreaterThan(0);
    expect(await getDiscountCode(id)).toMatchObject({ timesUsed: 1, reserved: 1 });
  });

  it('a discount covering the whole price needs no provider checkout: the payment is paid at once', async () => {
    const { id, code } = await discount({ discountType: 'fixed_amount', discountValue: 100, usageLimit: 1 });
    const res = await checkout({ serviceType: 'evaluation', discountCode: code });
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(new RegExp(`/payment/success\\?payment=${res.body.paymentId}$`));
    expect((await payment(res.body.paymentId)).body).toMatchObject({
      status: 'paid',
      amountCents: 0,
      discountCents: 7500,
    });
    expect(await getDiscountCode(id)).toMatchObject({ timesUsed: 1, reserved: 1 });
  });

  it('at most N of 50 parallel checkouts get a limit-N code; the rest are told it is used up', async () => {
    const limit = 3;
    const { id, code } = await discount({ usageLimit: limit });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => checkout({ serviceType: 'single_session', discountCode: code })),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(created.length).toBeLessThanOrEqual(limit);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe('Discount code has reached its usage limit');
    }
    expect((await getDiscountCode(id))?.reserved).toBe(created.length);
  });

  it('cancel expires the checkout and gives the held use back', async () => {
    const { id, code } = await discount({ usageLimit: 1 });
    const res = await checkout({ serviceType: 'evaluation', discountCode: code });
    expect((await checkout({ serviceType: 'evaluation', discountCode: code })).body.error.message).toBe(
      'Discount code has reached its usage limit',
    );
    const other = await createTestUser('client');
    expect((await api('POST', `/api/me/payments/${res.body.paymentId}/cancel`, { token: other.idToken })).status).toBe(
      404,
    );
    const cancelled = await api('POST', `/api/me/payments/${res.body.paymentId}/cancel`, { token: client.idToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('expired');
    expect((await stripe.checkout.sessions.retrieve(checkoutIdOf(res.body.url))).status).toBe('expired');
    expect((await getDiscountCode(id))?.reserved).toBe(0);
    expect((await checkout({ serviceType: 'evaluation', discountCode: code })).status).toBe(201);
  });

  it('cancel closes a payment whose checkout the provider no longer knows', async () => {
    const { id, code } = await discount({ usageLimit: 1 });
    const res = await checkout({ serviceType: 'evaluation', discountCode: code });
    await store().entities.payment.patch({ id: res.body.paymentId }).set({ checkoutId: 'cs_test_gone' }).go();
    const cancelled = await api('POST', `/api/me/payments/${res.body.paymentId}/cancel`, { token: client.idToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('expired');
    expect((await getDiscountCode(id))?.reserved).toBe(0);
  });

  it('an expiry at the provider gives the held use back through the webhook', async () => {
    const { id, code } = await discount({ usageLimit: 1 });
    const res = await checkout({ serviceType: 'evaluation', discountCode: code });
    await stripe.checkout.sessions.expire(checkoutIdOf(res.body.url));
    expect((await payment(res.body.paymentId)).body.status).toBe('expired');
    expect(await getDiscountCode(id)).toMatchObject({ reserved: 0, timesUsed: 0 });
  });

  it('without provider keys answers the spec text and writes nothing', async () => {
    const saved = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    try {
      const { id, code } = await discount({ usageLimit: 1 });
      await expect(
        startCheckout(client.profileId, { serviceType: 'evaluation', discountCode: code }, { origin: 'http://x' }),
      ).rejects.toMatchObject({
        code: 'UNAVAILABLE',
        message: 'Payment setup failed. Please try again.',
      });
      expect((await getDiscountCode(id))?.reserved).toBe(0);
    } finally {
      process.env.STRIPE_SECRET_KEY = saved;
    }
  });
});

describe('payment history', () => {
  it("lists only the caller's payments, newest first, a page at a time", async () => {
    const payer = await createTestUser('client');
    const first = await checkout({ serviceType: 'evaluation' }, payer);
    const second = await checkout({ serviceType: 'package_8' }, payer);
    await checkout({ serviceType: 'intensive' });
    const page = await api('GET', '/api/me/payments?limit=1', { token: payer.idToken });
    expect(page.status).toBe(200);
    expect(page.body.items.map((p: { id: string }) => p.id)).toEqual([second.body.paymentId]);
    expect(page.body.items[0]).toMatchObject({ serviceType: 'package_8', amountCents: 64000, status: 'pending' });
    expect(page.body.items[0]).not.toHaveProperty('checkoutId');
    const next = await api('GET', `/api/me/payments?limit=5&cursor=${encodeURIComponent(page.body.cursor)}`, {
      token: payer.idToken,
    });
    expect(next.body.items.map((p: { id: string }) => p.id)).toEqual([first.body.paymentId]);
    expect(next.body.cursor).toBeNull();
  });
});

describe("a client's payments in the export and the full deletion", () => {
  it('exports them and deletes them with the client', async () => {
    const payer = await createTestUser('client');
    const res = await checkout({ serviceType: 'single_session' }, payer);
    const exported = await api('GET', '/api/me/export', { token: payer.idToken });
    expect(exported.body.payments).toEqual([
      expect.objectContaining({ id: res.body.paymentId, serviceType: 'single_session', amountCents: 10000 }),
    ]);
    expect(exported.body.payments[0]).not.toHaveProperty('checkoutId');
    expect((await api('DELETE', `/api/clients/${payer.profileId}`, { token: admin.idToken })).status).toBe(204);
    expect((await store().entities.payment.get({ id: res.body.paymentId }).go({ consistent: true })).data).toBeNull();
  });
});

describe('webhook', () => {
  async function pending(usageLimit = 5) {
    const d = await discount({ usageLimit });
    const res = await checkout({ serviceType: 'single_session', discountCode: d.code });
    const checkoutId = checkoutIdOf(res.body.url);
    const session = {
      id: checkoutId,
      client_reference_id: res.body.paymentId,
      payment_status: 'paid',
      status: 'complete',
    };
    return { ...d, paymentId: res.body.paymentId as string, session };
  }

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const p = await pending();
    const forged = signedEvent('checkout.session.completed', p.session, 'whsec_not_the_secret');
    const res = await deliver(forged);
    expect(res.status).toBe(400);
    const unsigned = await api('POST', WEBHOOK, { rawBody: forged.payload });
    expect(unsigned.status).toBe(400);
    const good = signedEvent('checkout.session.completed', p.session);
    const tampered = await deliver({ ...good, payload: good.payload.replace('"paid"', '"paid" ') });
    expect(tampered.status).toBe(400);
    expect((await payment(p.paymentId)).body.status).toBe('pending');
    expect(await getDiscountCode(p.id)).toMatchObject({ timesUsed: 0, reserved: 1 });
  });

  it('the same event delivered three times changes things once', async () => {
    const p = await pending();
    const event = signedEvent('checkout.session.completed', p.session);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await deliver(event)).status);
    expect(statuses).toEqual([200, 200, 200]);
    expect((await payment(p.paymentId)).body.status).toBe('paid');
    expect(await getDiscountCode(p.id)).toMatchObject({ timesUsed: 1, reserved: 1 });
    // A late expiry of a paid checkout changes nothing either.
    expect((await deliver(signedEvent('checkout.session.expired', { ...p.session, status: 'expired' }))).status).toBe(
      200,
    );
    expect((await payment(p.paymentId)).body.status).toBe('paid');
    expect(await getDiscountCode(p.id)).toMatchObject({ timesUsed: 1, reserved: 1 });
  });

  it('acknowledges an event for an unknown checkout', async () => {
    const res = await deliver(
      signedEvent('checkout.session.completed', {
        id: 'cs_test_unknown',
        client_reference_id: crypto.randomUUID(),
        payment_status: 'paid',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect((await deliver(signedEvent('customer.created', { id: 'cus_1' }))).status).toBe(200);
  });

  it('verifies a body API Gateway delivered base64-encoded', async () => {
    const p = await pending();
    const event = signedEvent('checkout.session.completed', p.session);
    const route = { method: 'POST', path: WEBHOOK } as const;
    const base = httpEvent(route, { headers: { 'stripe-signature': event.signature } });
    const res = (await webhookHandler(
      { ...base, body: Buffer.from(event.payload).toString('base64'), isBase64Encoded: true },
      {} as never,
    )) as { statusCode: number };
    expect(res.statusCode).toBe(200);
    expect((await payment(p.paymentId)).body.status).toBe('paid');
    // The same bytes read as text (not decoded) do not match the signature.
    const wrong = (await webhookHandler(
      { ...base, body: Buffer.from(event.payload).toString('base64'), isBase64Encoded: false },
      {} as never,
    )) as { statusCode: number };
    expect(wrong.statusCode).toBe(400);
  });
});
