import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TEXTS, SERVICE_TYPES, SERVICES, type Service } from '../../shared/contracts/payment-options.js';
import { SETTINGS_TEXTS } from '../../shared/contracts/settings-options.js';
import { store } from '../../shared/db/service.js';
import { BUSINESS_SETTINGS_KEY, resetBusinessSettings } from '../../shared/domain/settings.js';
import { api, createTestUser, type TestUser } from '../support/api.js';

/**
 * The services clients pay for, edited in Settings → Business (docs/decisions/0038-services-in-settings.md):
 * the trainer adds, edits and retires them; the payment page lists the offered ones; a checkout charges the
 * price set now, refuses a retired service and completes a free one without the provider; a payment keeps
 * the name, price and credits it was made at.
 */

let admin: TestUser;
let client: TestUser;
let stripe: Stripe;

const BUSINESS = {
  businessName: 'Services Training',
  businessPhone: '(941) 555-0142',
  businessEmail: 'services@example.com',
  defaultSessionDuration: 60,
  hourlyRate: null,
  timeZone: 'America/New_York',
};

beforeAll(async () => {
  [admin, client] = await Promise.all([createTestUser('admin'), createTestUser('client')]);
  const local = new URL(process.env.STRIPE_API_URL as string);
  stripe = new Stripe(process.env.STRIPE_SECRET_KEY as string, {
    host: local.hostname,
    port: Number(local.port),
    protocol: 'http',
  });
});

// Each test starts from the default services; other suites expect them too.
afterEach(async () => {
  await resetBusinessSettings();
});
afterAll(async () => {
  await resetBusinessSettings();
});

const DEFAULTS: Service[] = SERVICE_TYPES.map((id) => SERVICES[id]);

const saveServices = (services: unknown, user = admin) =>
  api('PUT', '/api/settings/business', { token: user.idToken, body: { ...BUSINESS, services } });
const storedItem = async () => (await store().entities.setting.get({ key: BUSINESS_SETTINGS_KEY }).go()).data;
const checkout = (body: Record<string, unknown>, user = client) =>
  api('POST', '/api/payments/checkout', { token: user.idToken, body });
const myPayment = (id: string, user = client) => api('GET', `/api/me/payments/${id}`, { token: user.idToken });
const withService = (id: string, change: Partial<Service>) =>
  DEFAULTS.map((s) => (s.id === id ? { ...s, ...change } : s));

/** A paid Checkout event for a pending payment, signed as Stripe signs it. */
function paidEvent(checkoutId: string, paymentId: string) {
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
        client_reference_id: paymentId,
        payment_status: 'paid',
        status: 'complete',
      },
    },
  });
  const secret = process.env.STRIPE_WEBHOOK_SECRET as string;
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

const balanceOf = async (user: TestUser) =>
  (await api('GET', '/api/me/credits', { token: user.idToken })).body.credits.balance as number;

describe('Settings → Business: the services', () => {
  it("start as SPEC 9's with ADR 0026's credits, the evaluation free; the payment page lists the offered ones", async () => {
    const settings = await api('GET', '/api/settings/business', { token: admin.idToken });
    expect(settings.body.settings.services).toEqual(DEFAULTS);
    expect(settings.body.settings.services[0]).toEqual({
      id: 'evaluation',
      name: 'Initial Evaluation',
      description: 'Comprehensive behavioral assessment',
      price: 0,
      credits: 0,
      retired: false,
    });
    const offered = await api('GET', '/api/services', { token: client.idToken });
    expect(offered.status).toBe(200);
    expect(offered.body.services).toEqual(DEFAULTS);
  });

  it('the trainer adds one (its id made from the name), edits a price and retires one; clients see the offered', async () => {
    const put = await saveServices([
      ...withService('package_8', { retired: true }).map((s) => (s.id === 'single_session' ? { ...s, price: 110 } : s)),
      { name: ' Puppy Class! ', description: 'Six group classes', price: 49.99, credits: 6 },
    ]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const services = put.body.settings.services as Service[];
    expect(services.at(-1)).toEqual({
      id: 'puppy-class',
      name: 'Puppy Class!',
      description: 'Six group classes',
      price: 49.99,
      credits: 6,
      retired: false,
    });
    expect(services.find((s) => s.id === 'single_session')?.price).toBe(110);
    expect(services.find((s) => s.id === 'package_8')?.retired).toBe(true);
    const offered = (await api('GET', '/api/services', { token: client.idToken })).body.services as Service[];
    expect(offered.map((s) => s.id)).toEqual(['evaluation', 'single_session', 'package_4', 'intensive', 'puppy-class']);

    // A second service of a similar name gets its own id; a save that does not send services keeps them.
    const again = await saveServices([...services, { name: 'Puppy class 2', price: 10, credits: 1 }]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.settings.services.at(-1)).toMatchObject({ id: 'puppy-class-2', description: '' });
    const keep = await api('PUT', '/api/settings/business', { token: admin.idToken, body: BUSINESS });
    expect(keep.body.settings.services).toEqual(again.body.settings.services);
  });

  it('a client may not change them', async () => {
    const res = await saveServices(withService('evaluation', { price: 1 }), client);
    expect(res.status).toBe(403);
    expect(await storedItem()).toBeNull();
  });

  const invalid: [string, unknown, string][] = [
    ['an empty name', withService('package_4', { name: '  ' }), SERVICE_TEXTS.nameRequired],
    ['a negative price', withService('package_4', { price: -1 }), SERVICE_TEXTS.priceInvalid],
    ['a price below the cent', withService('package_4', { price: 10.001 }), SERVICE_TEXTS.priceInvalid],
    ['a price as text', withService('package_4', { price: '10' as unknown as number }), SERVICE_TEXTS.priceInvalid],
    ['fractional credits', withService('package_4', { credits: 2.5 }), SETTINGS_TEXTS.creditsInvalid],
    ['credits over the limit', withService('package_4', { credits: 101 }), SETTINGS_TEXTS.creditsInvalid],
    ['two services of one name', withService('package_4', { name: 'initial evaluation' }), SERVICE_TEXTS.nameTaken],
    ['none offered', DEFAULTS.map((s) => ({ ...s, retired: true })), SERVICE_TEXTS.noneOffered],
    ['an unknown id', [...DEFAULTS, { ...DEFAULTS[1], id: 'made-up', name: 'Other' }], SERVICE_TEXTS.unknown],
    ['a removed service', DEFAULTS.slice(1), `${SERVICE_TEXTS.removed} (Initial Evaluation)`],
    [
      'an unknown field',
      withService('package_4', { colour: 'red' } as Partial<Service>),
      'colour is not an accepted field',
    ],
  ];
  it.each(invalid)('refuse %s with 400 and a clear message, saving nothing', async (_what, services, message) => {
    const res = await saveServices(services);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await storedItem()).toBeNull();
  });

  it('credits saved before services were editable become the evaluation and intensive credits', async () => {
    await store().entities.setting.put({ key: BUSINESS_SETTINGS_KEY, evaluationCredits: 2, intensiveCredits: 10 }).go();
    const services = (await api('GET', '/api/settings/business', { token: admin.idToken })).body.settings
      .services as Service[];
    expect(services.map((s) => [s.id, s.credits])).toEqual([
      ['evaluation', 2],
      ['single_session', 1],
      ['package_4', 4],
      ['package_8', 8],
      ['intensive', 10],
    ]);
  });
});

describe('a checkout sells the services as set', () => {
  it('charges the edited price under the edited name', async () => {
    await saveServices(withService('single_session', { price: 120, name: 'Private Session' }));
    const res = await checkout({ serviceType: 'single_session', amount: 100 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const session = await stripe.checkout.sessions.retrieve(res.body.url.split('/').pop());
    expect(session.amount_total).toBe(12000);
    expect((await myPayment(res.body.paymentId)).body).toMatchObject({
      serviceType: 'single_session',
      serviceName: 'Private Session',
      amountCents: 12000,
      credits: 1,
      status: 'pending',
    });
  });

  it('sells an added service and the trainer can filter payments by it', async () => {
    const put = await saveServices([...DEFAULTS, { name: 'Puppy Class', price: 49.99, credits: 6 }]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const res = await checkout({ serviceType: 'puppy-class' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const list = await api('GET', `/api/payments?service=puppy-class&clientId=${client.profileId}`, {
      token: admin.idToken,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({ id: res.body.paymentId, serviceName: 'Puppy Class', amountCents: 4999 }),
    ]);
  });

  it('refuses a retired or unknown service and writes no payment', async () => {
    const payer = await createTestUser('client');
    await saveServices(withService('package_8', { retired: true }));
    const retired = await checkout({ serviceType: 'package_8' }, payer);
    expect(retired.status).toBe(400);
    expect(retired.body.error.message).toBe(SERVICE_TEXTS.retired);
    const unknown = await checkout({ serviceType: 'no-such-service' }, payer);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(SERVICE_TEXTS.unknown);
    expect((await api('GET', '/api/me/payments', { token: payer.idToken })).body.items).toEqual([]);
  });

  it('completes a free service without a checkout: a paid $0 payment that gives its credits', async () => {
    const payer = await createTestUser('client');
    await saveServices(withService('evaluation', { credits: 1 }));
    const res = await checkout({ serviceType: 'evaluation' }, payer);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.url).toMatch(new RegExp(`/payment/success\\?payment=${res.body.paymentId}$`));
    expect((await myPayment(res.body.paymentId, payer)).body).toMatchObject({
      serviceName: 'Initial Evaluation',
      amountCents: 0,
      discountCents: 0,
      status: 'paid',
    });
    const stored = (await store().entities.payment.get({ id: res.body.paymentId }).go({ consistent: true })).data;
    expect(stored?.checkoutId).toBeUndefined();
    expect(stored?.priceCents).toBe(0);
    expect(await balanceOf(payer)).toBe(1);
  });

  it('a free service takes no referral: no commission, and the friend keeps the discount for a paid one', async () => {
    const [referrer, friend] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    const mine = await api('GET', '/api/me/referrals', { token: referrer.idToken });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const code = mine.body.code as string;
    const free = await checkout({ serviceType: 'evaluation', referralCode: code }, friend);
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    const stored = (await store().entities.payment.get({ id: free.body.paymentId }).go({ consistent: true })).data;
    expect(stored).toMatchObject({ status: 'paid', amountCents: 0 });
    expect(stored?.referralCode).toBeUndefined();
    const history = (await api('GET', '/api/me/referrals', { token: referrer.idToken })).body.referrals;
    expect(history.filter((r: { status: string }) => r.status === 'converted')).toHaveLength(0);
    const paid = await checkout({ serviceType: 'single_session', referralCode: code }, friend);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect((await myPayment(paid.body.paymentId, friend)).body).toMatchObject({ discountCents: 1000 });
  });

  it('a payment keeps the name, price and credits it was made at after the service is edited', async () => {
    const payer = await createTestUser('client');
    const res = await checkout({ serviceType: 'package_4' }, payer);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const before = (await myPayment(res.body.paymentId, payer)).body;
    const edit = await saveServices(withService('package_4', { name: 'Four Pack', price: 500, credits: 5 }));
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await myPayment(res.body.paymentId, payer)).body).toEqual(before);
    expect(before).toMatchObject({ serviceName: '4-Session Package', amountCents: 35000, credits: 4 });
    // Paid after the edit: the credits it was made with (4), not the service's new 5.
    const paid = paidEvent(res.body.url.split('/').pop(), res.body.paymentId);
    const delivered = await api('POST', '/api/public/payments/webhook', {
      rawBody: paid.payload,
      headers: { 'stripe-signature': paid.signature },
    });
    expect(delivered.status).toBe(200);
    expect((await myPayment(res.body.paymentId, payer)).body).toMatchObject({
      serviceName: '4-Session Package',
      amountCents: 35000,
      status: 'paid',
    });
    expect(await balanceOf(payer)).toBe(4);
  });
});
