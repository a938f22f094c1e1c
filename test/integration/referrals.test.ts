import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_PAYMENT_TEXTS, REFERRAL_TEXTS } from '../../shared/contracts/referrals.js';
import { store } from '../../shared/db/service.js';
import { listClientItems } from '../../shared/domain/cascades.js';
import { getProfileById } from '../../shared/domain/profiles.js';
import { CODE_ATTEMPTS, ensureReferralCode, referrerRows } from '../../shared/domain/referrals.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { api, createTestUser, sesStore, type TestUser, waitFor } from '../support/api.js';
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

const client = (firstName = 'Robin') => createTestUser('client', { firstName });
const mine = (u: TestUser) => api('GET', '/api/me/referrals', { token: u.idToken });
const send = (u: TestUser, email: unknown) => api('POST', '/api/me/referrals', { token: u.idToken, body: { email } });
const check = (u: TestUser, code: string) =>
  api('GET', `/api/payments/referral?${new URLSearchParams({ code })}`, { token: u.idToken });
const checkout = (u: TestUser, body: Record<string, unknown>) =>
  api('POST', '/api/payments/checkout', { token: u.idToken, body });
const payment = (u: TestUser, id: string) => api('GET', `/api/me/payments/${id}`, { token: u.idToken });
const checkoutIdOf = (url: string) => url.split('/').pop() as string;

async function codeOf(u: TestUser): Promise<string> {
  const res = await mine(u);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.code as string;
}

/** A signed `checkout.session.completed` for a checkout, as the provider sends it. */
function completed(session: Stripe.Checkout.Session) {
  const payload = JSON.stringify({
    id: `evt_ref_${randomUUID()}`,
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

describe('referral code', () => {
  it('is the upper-cased first name plus three digits, made once on the first visit with status sent', async () => {
    const u = await client('Zoë-Anne');
    const [a, b] = await Promise.all([mine(u), mine(u)]);
    expect(a.status).toBe(200);
    expect(a.body.code).toMatch(/^ZOEANNE\d{3}$/);
    expect(b.body.code).toBe(a.body.code);
    expect(a.body.referrals).toEqual([]);
    expect((await mine(u)).body.code).toBe(a.body.code);
    const rows = await referrerRows(u.profileId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ referralCode: a.body.code, status: 'sent', discountPercentage: 10 });
    expect(rows[0].referredEmail).toBeUndefined();
  });

  it('is USER plus three digits when the first name has no letters or digits', async () => {
    expect(await codeOf(await client('—'))).toMatch(/^USER\d{3}$/);
  });

  it('is unique: a taken code is tried again with other digits, and running out answers the spec text', async () => {
    const name = `Uniq${randomUUID()
      .slice(0, 6)
      .replace(/[^a-z]/g, 'x')}`;
    const first = { id: randomUUID(), firstName: name };
    expect(await ensureReferralCode(first, () => 7)).toBe(`${name.toUpperCase()}007`);
    const digits = [7, 7, 42];
    const second = { id: randomUUID(), firstName: name };
    expect(await ensureReferralCode(second, () => digits.shift() ?? 0)).toBe(`${name.toUpperCase()}042`);
    let asked = 0;
    await expect(
      ensureReferralCode({ id: randomUUID(), firstName: name }, () => {
        asked++;
        return 7;
      }),
    ).rejects.toThrow(REFERRAL_TEXTS.generateFailed);
    expect(asked).toBe(CODE_ATTEMPTS);
  });
});

describe('sending a referral', () => {
  it('records it and e-mails the friend the code and the link; the history lists it as sent', async () => {
    const a = await client('Avery');
    const code = await codeOf(a);
    const friend = `friend-${randomUUID().slice(0, 8)}@pawsitive.test`;
    const since = Math.floor(Date.now() / 1000) - 1;
    const res = await send(a, friend.toUpperCase());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ referralCode: code, referredEmail: friend, status: 'sent' });
    const mail = await waitFor(async () => (await sesStore(since)).find((m) => m.destination.to.includes(friend)));
    expect(mail.body.text).toContain(code);
    expect(mail.body.text).toContain(`/payment?referral=${code}&referral_id=${res.body.id}`);
    const history = (await mine(a)).body.referrals;
    expect(history).toEqual([expect.objectContaining({ id: res.body.id, referredEmail: friend, status: 'sent' })]);
    expect(history[0].commissionAmount).toBeUndefined();
  });

  it('requires an e-mail (spec text) and a valid one', async () => {
    const a = await client();
    for (const email of ['', '   ', undefined]) {
      const res = await send(a, email);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(REFERRAL_TEXTS.emailRequired);
    }
    expect((await send(a, 'not-an-email')).status).toBe(400);
    expect((await mine(a)).body.referrals).toEqual([]);
  });

  it('the link marks the referral clicked (once, and only with its own code)', async () => {
    const a = await client();
    const code = await codeOf(a);
    const sent = (await send(a, `c-${randomUUID().slice(0, 8)}@pawsitive.test`)).body;
    const click = (body: Record<string, unknown>) => api('POST', '/api/public/referrals/click', { body });
    expect((await click({ code: 'OTHER123', referralId: sent.id })).status).toBe(202);
    expect((await mine(a)).body.referrals[0].status).toBe('sent');
    expect((await click({ code: code.toLowerCase(), referralId: sent.id })).status).toBe(202);
    expect((await click({ code })).status).toBe(202);
    expect((await mine(a)).body.referrals[0].status).toBe('clicked');
  });
});

describe('a referral code at payment', () => {
  it('is refused when unknown or the payer’s own (spec text), accepted otherwise', async () => {
    const [a, b] = await Promise.all([client(), client()]);
    const code = await codeOf(a);
    for (const [u, c] of [
      [b, 'NOBODY999'],
      [a, code],
      [b, 'bad code!'],
    ] as const) {
      const res = await check(u, c);
      expect(res.status).toBe(400);
      if (c !== 'bad code!') expect(res.body.error.message).toBe(REFERRAL_PAYMENT_TEXTS.invalid);
    }
    expect((await checkout(a, { serviceType: 'evaluation', referralCode: code })).body.error.message).toBe(
      REFERRAL_PAYMENT_TEXTS.invalid,
    );
    expect((await check(b, code.toLowerCase())).body).toEqual({ code, discountPercentage: 10 });
  });

  it('takes 10% off the first service only, and only when no discount code is applied', async () => {
    const [a, b, c] = await Promise.all([client(), client(), client()]);
    const code = await codeOf(a);
    const withReferral = await checkout(b, { serviceType: 'single_session', referralCode: code });
    expect(withReferral.status, JSON.stringify(withReferral.body)).toBe(201);
    expect((await payment(b, withReferral.body.paymentId)).body).toMatchObject({
      amountCents: 9000,
      discountCents: 1000,
      referralCode: code,
    });
    const discountCode = `REF${randomUUID().slice(0, 8).toUpperCase().replace(/-/g, '')}`;
    const created = await api('POST', '/api/discount-codes', {
      token: admin.idToken,
      body: { code: discountCode, discountType: 'fixed_amount', discountValue: 5 },
    });
    expect(created.status).toBe(201);
    // Another friend (b's open checkout holds b's one referral discount).
    const both = await checkout(c, { serviceType: 'single_session', referralCode: code, discountCode });
    expect((await payment(c, both.body.paymentId)).body).toMatchObject({ amountCents: 9500, discountCents: 500 });

    // Once the first service is paid, the code gives nothing more.
    const paid = await fetch(`${withReferral.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect((await payment(b, withReferral.body.paymentId)).body.status).toBe('paid');
    expect((await check(b, code)).status).toBe(400);
    const again = await checkout(b, { serviceType: 'single_session', referralCode: code });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(REFERRAL_PAYMENT_TEXTS.invalid);
  });
});

describe('conversion', () => {
  it("converts the friend's referral with the commission exactly once under three deliveries", async () => {
    const a = await client();
    const b = await client('Friend');
    const code = await codeOf(a);
    const sent = (await send(a, b.email)).body;
    const res = await checkout(b, { serviceType: 'evaluation', referralCode: code });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const session = await stripe.checkout.sessions.retrieve(checkoutIdOf(res.body.url));
    expect(session.amount_total).toBe(6750);
    const statuses = await Promise.all([completed(session), completed(session), completed(session)]);
    expect(statuses.map((s) => s.status)).toEqual([200, 200, 200]);
    expect((await payment(b, res.body.paymentId)).body.status).toBe('paid');
    const history = (await mine(a)).body.referrals;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ id: sent.id, status: 'converted', commissionAmount: 30 });
    const rows = await referrerRows(a.profileId);
    expect(rows.filter((r) => r.status === 'converted')).toHaveLength(1);
    expect(rows.find((r) => r.id === sent.id)?.paymentId).toBe(res.body.paymentId);
    // The payer never sees the referrer's id or the referral's.
    expect(JSON.stringify((await payment(b, res.body.paymentId)).body)).not.toContain(a.profileId);
  });

  it('a payer who used the code without an e-mailed referral appears in the history as converted', async () => {
    const [a, b] = await Promise.all([client(), client()]);
    const code = await codeOf(a);
    const res = await checkout(b, { serviceType: 'package_4', referralCode: code });
    expect((await fetch(`${res.body.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect((await mine(a)).body.referrals).toEqual([
      expect.objectContaining({ referredEmail: b.email, status: 'converted', commissionAmount: 30 }),
    ]);
  });
});

describe("a client's referrals in the export and the full deletion", () => {
  it('exports them and deletes them with the client, freeing the code', async () => {
    const a = await client();
    const code = await codeOf(a);
    await send(a, `x-${randomUUID().slice(0, 8)}@pawsitive.test`);
    const data = (await api('GET', '/api/me/export', { token: a.idToken })).body;
    expect(data.referrals).toHaveLength(2);
    expect(data.referrals.map((r: { referralCode: string }) => r.referralCode)).toEqual([code, code]);
    const profile = await getProfileById(a.profileId);
    if (!profile) throw new Error('profile missing');
    const del = await api('DELETE', `/api/clients/${a.profileId}`, { token: admin.idToken });
    expect(del.status, JSON.stringify(del.body)).toBe(204);
    const left = await listClientItems(profile);
    expect([...left.referrals, ...left.referralClaims]).toEqual([]);
    const claim = await store().entities.unique.get({ kind: 'referralCode', value: code }).go({ consistent: true });
    expect(claim.data).toBeNull();
  });
});
