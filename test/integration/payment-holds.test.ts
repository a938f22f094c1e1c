import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_PAYMENT_TEXTS } from '../../shared/contracts/referrals.js';
import { store } from '../../shared/db/service.js';
import { getDiscountCode } from '../../shared/domain/discount-codes.js';
import { startCheckout } from '../../shared/domain/payments.js';
import { referrerRows } from '../../shared/domain/referrals.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { matrixCode } from './matrix/payments.js';
import { sellEvaluationAt75 } from './services-helpers.js';

/**
 * What an open checkout holds (a discount code's use, the payer's one referral discount) and when it is
 * given back: a cancel (however many at once), the provider's expiry event after 30 minutes, or never for
 * a paid one; and an order with nothing to charge, which needs no provider.
 */

let admin: TestUser;
let stripe: Stripe;

beforeAll(async () => {
  admin = await createTestUser('admin');
  // These checkouts must be charged: SPEC 9's $75 evaluation (free by default, ADR 0038).
  await sellEvaluationAt75();
  const local = new URL(process.env.STRIPE_API_URL as string);
  stripe = new Stripe(process.env.STRIPE_SECRET_KEY as string, {
    host: local.hostname,
    port: Number(local.port),
    protocol: 'http',
  });
});
afterAll(async () => {
  await resetBusinessSettings();
});

async function discount(body: Record<string, unknown>) {
  const code = matrixCode();
  const res = await api('POST', '/api/discount-codes', {
    token: admin.idToken,
    body: { code, discountType: 'percentage', discountValue: 15, ...body },
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, code };
}

const checkout = (user: TestUser, body: Record<string, unknown>) =>
  api('POST', '/api/payments/checkout', { token: user.idToken, body });
const payment = (user: TestUser, id: string) => api('GET', `/api/me/payments/${id}`, { token: user.idToken });
const cancel = (user: TestUser, id: string) => api('POST', `/api/me/payments/${id}/cancel`, { token: user.idToken });
const checkoutIdOf = (url: string) => url.split('/').pop() as string;
const codeOf = async (u: TestUser) => (await api('GET', '/api/me/referrals', { token: u.idToken })).body.code as string;

/** The trainer's list entry of a code. */
async function listed(id: string) {
  const res = await api('GET', '/api/discount-codes?limit=100', { token: admin.idToken });
  return res.body.items.find((d: { id: string }) => d.id === id);
}

/** The checkout's time runs out at the local provider, which then posts `checkout.session.expired`. */
async function lapse(checkoutId: string) {
  const res = await fetch(`${process.env.STRIPE_API_URL}/_local/checkout/sessions/${checkoutId}/lapse`, {
    method: 'POST',
    headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY}` },
  });
  expect(res.status).toBe(200);
}

/** A signed `checkout.session.completed` for a checkout, as the provider sends it. */
async function completed(checkoutId: string) {
  const session = await stripe.checkout.sessions.retrieve(checkoutId);
  const payload = JSON.stringify({
    id: `evt_hold_${randomUUID()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { ...session, status: 'complete', payment_status: 'paid' } },
  });
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: process.env.STRIPE_WEBHOOK_SECRET as string,
  });
  return api('POST', '/api/public/payments/webhook', { rawBody: payload, headers: { 'stripe-signature': signature } });
}

describe('cancelling a checkout', () => {
  it('is idempotent: four cancels at once all answer 200 with the payment, and the use comes back once', async () => {
    const client = await createTestUser('client');
    const { id, code } = await discount({ usageLimit: 2 });
    const res = await checkout(client, { serviceType: 'evaluation', discountCode: code });
    expect(res.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 4 }, () => cancel(client, res.body.paymentId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const a of answers) expect(a.body).toMatchObject({ id: res.body.paymentId, status: 'expired' });
    expect(await getDiscountCode(id)).toMatchObject({ reserved: 0, timesUsed: 0 });
    // Once more, later: the same answer.
    expect((await cancel(client, res.body.paymentId)).body.status).toBe('expired');
  });
});

describe('checkout expiry', () => {
  it('opens the checkout for 30 minutes, the shortest the provider allows', async () => {
    const client = await createTestUser('client');
    const before = Math.floor(Date.now() / 1000);
    const res = await checkout(client, { serviceType: 'single_session' });
    const session = await stripe.checkout.sessions.retrieve(checkoutIdOf(res.body.url));
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);
    expect(session.expires_at - before).toBeLessThanOrEqual(32 * 60);
  });

  it('gives the held discount use and referral back on the expiry event; the list shows held uses apart', async () => {
    const [referrer, friend] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    const referral = await codeOf(referrer);
    const { id, code } = await discount({ usageLimit: 1 });
    const res = await checkout(friend, { serviceType: 'evaluation', discountCode: code, referralCode: referral });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await listed(id)).toMatchObject({ timesUsed: 0, heldUses: 1 });
    expect((await listed(id)).reserved).toBeUndefined();
    const other = await createTestUser('client');
    expect((await checkout(other, { serviceType: 'evaluation', discountCode: code })).body.error.message).toBe(
      'Discount code has reached its usage limit',
    );
    expect((await checkout(friend, { serviceType: 'evaluation', referralCode: referral })).body.error.message).toBe(
      REFERRAL_PAYMENT_TEXTS.held,
    );

    await lapse(checkoutIdOf(res.body.url));
    expect((await payment(friend, res.body.paymentId)).body.status).toBe('expired');
    expect(await listed(id)).toMatchObject({ timesUsed: 0, heldUses: 0 });
    const again = await checkout(other, { serviceType: 'evaluation', discountCode: code });
    expect(again.status).toBe(201);
    const withReferral = await checkout(friend, { serviceType: 'evaluation', referralCode: referral });
    expect(withReferral.status, JSON.stringify(withReferral.body)).toBe(201);
    expect((await completed(checkoutIdOf(again.body.url))).status).toBe(200);
    expect(await listed(id)).toMatchObject({ timesUsed: 1, heldUses: 0 });
  });
});

describe('a referral', () => {
  it('gives one discount per friend: of concurrent checkouts with codes of two referrers, one holds it', async () => {
    const [a, b, friend] = await Promise.all([
      createTestUser('client'),
      createTestUser('client'),
      createTestUser('client'),
    ]);
    const [codeA, codeB] = await Promise.all([codeOf(a), codeOf(b)]);
    const results = await Promise.all(
      [codeA, codeA, codeB, codeA, codeB].map((referralCode) =>
        checkout(friend, { serviceType: 'single_session', referralCode }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(REFERRAL_PAYMENT_TEXTS.held);
    }
    // The check the payment page makes says so too; a cancel gives the discount back.
    const check = await api('GET', `/api/payments/referral?code=${codeA}`, { token: friend.idToken });
    expect(check.body.error.message).toBe(REFERRAL_PAYMENT_TEXTS.held);
    expect((await cancel(friend, created[0].body.paymentId)).body.status).toBe('expired');
    expect((await checkout(friend, { serviceType: 'single_session', referralCode: codeB })).status).toBe(201);
  });

  it('credits the referrer once when the friend pays checkouts concurrently', async () => {
    const [referrer, friend] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    const code = await codeOf(referrer);
    const opened = await Promise.all([
      checkout(friend, { serviceType: 'evaluation', referralCode: code }),
      checkout(friend, { serviceType: 'evaluation', referralCode: code }),
      checkout(friend, { serviceType: 'package_4' }),
    ]);
    const open = opened.filter((r) => r.status === 201);
    // Every open checkout paid at once, each event delivered twice.
    const deliveries = await Promise.all(
      open.flatMap((r) => [completed(checkoutIdOf(r.body.url)), completed(checkoutIdOf(r.body.url))]),
    );
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    const converted = (await referrerRows(referrer.profileId)).filter((r) => r.status === 'converted');
    expect(converted).toHaveLength(1);
    expect(converted[0]).toMatchObject({ referredEmail: friend.email, commissionAmount: 30 });
    const payments = await Promise.all(open.map((r) => payment(friend, r.body.paymentId)));
    expect(payments.map((p) => p.body.status)).toEqual(['paid', 'paid']);
    expect(payments.filter((p) => p.body.referralCode === code)).toHaveLength(1);
    // Paid, the friend's referral discount stays used.
    expect((await checkout(friend, { serviceType: 'evaluation', referralCode: code })).status).toBe(400);
  });

  it("a friend's full deletion removes the hold named by their id", async () => {
    const [referrer, friend] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    const res = await checkout(friend, { serviceType: 'evaluation', referralCode: await codeOf(referrer) });
    expect(res.status).toBe(201);
    expect((await api('DELETE', `/api/clients/${friend.profileId}`, { token: admin.idToken })).status).toBe(204);
    const hold = await store()
      .entities.unique.get({ kind: 'referralUse', value: friend.profileId })
      .go({ consistent: true });
    expect(hold.data).toBeNull();
  });
});

describe('an order with nothing to charge', () => {
  it('completes without any payment provider keys', async () => {
    const client = await createTestUser('client');
    const saved = { key: process.env.STRIPE_SECRET_KEY, hook: process.env.STRIPE_WEBHOOK_SECRET };
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    try {
      const { id, code } = await discount({ discountValue: 100, usageLimit: 1 });
      const created = await startCheckout(
        client.profileId,
        { serviceType: 'intensive', discountCode: code },
        { origin: 'http://site.test' },
      );
      expect(created.url).toBe(`http://site.test/payment/success?payment=${created.paymentId}`);
      expect((await payment(client, created.paymentId)).body).toMatchObject({
        status: 'paid',
        amountCents: 0,
        discountCents: 120000,
      });
      expect(await getDiscountCode(id)).toMatchObject({ timesUsed: 1, reserved: 1 });
    } finally {
      process.env.STRIPE_SECRET_KEY = saved.key;
      process.env.STRIPE_WEBHOOK_SECRET = saved.hook;
    }
  });
});
