import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLASS_TEXTS, type ClassView } from '../../shared/contracts/classes.js';
import { store } from '../../shared/db/service.js';
import { getCredits } from '../../shared/domain/credits.js';
import { createDog } from '../../shared/domain/dogs.js';
import { findEnrolment } from '../../shared/domain/enrolments.js';
import { api, busIdle, createTestUser, type TestUser } from '../support/api.js';
import { settleCheckout } from '../support/checkout-events.js';
import { classBody } from './matrix/classes.js';

/**
 * Paying for a class (docs/decisions/0076-paying-for-a-class.md): a priced class sells its seat through
 * the checkout (the class's price, discount codes apply); once paid, the payment's credits take the seat
 * (or the seat offered, or a waitlist place when the class filled meanwhile). A refused checkout writes
 * no payment.
 */

let admin: TestUser;

beforeAll(async () => {
  admin = await createTestUser('admin');
});

async function publishedClass(over: Record<string, unknown> = {}): Promise<ClassView> {
  const created = await api('POST', '/api/classes', {
    token: admin.idToken,
    body: { ...classBody(), price: 180, ...over },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const published = await api('POST', `/api/classes/${created.body.class.id}/publish`, { token: admin.idToken });
  expect(published.status).toBe(200);
  return published.body.class;
}

async function member(name: string) {
  const user = await createTestUser('client', { firstName: name });
  const dog = await createDog(user.profileId, {
    name: `${name}'s dog`,
    breed: 'Mix',
    birthDate: '2024-01-01',
    sex: 'female',
  } as Parameters<typeof createDog>[1]);
  return { user, dogId: dog.id };
}

const checkout = (user: TestUser, body: Record<string, unknown>) =>
  api('POST', '/api/payments/checkout', { token: user.idToken, body });

const myPayments = async (user: TestUser) =>
  (await api('GET', '/api/me/payments', { token: user.idToken })).body.items as Record<string, unknown>[];

describe('a priced class is paid through the checkout', () => {
  it('prices the seat at the class price less the discount, and the paid payment enrols the dog with its credits', async () => {
    const c = await publishedClass({ credits: 3, capacity: 2 });
    expect(c.price).toBe(180);
    const code = `CLS${randomUUID().slice(0, 6).toUpperCase()}`;
    const made = await api('POST', '/api/discount-codes', {
      token: admin.idToken,
      body: { code, discountType: 'percentage', discountValue: 10 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const m = await member('Payer');
    const res = await checkout(m.user, { classId: c.id, dogId: m.dogId, discountCode: code, amount: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [pending] = await myPayments(m.user);
    expect(pending).toMatchObject({
      status: 'pending',
      serviceType: 'class',
      serviceName: `${c.title} (Payer's dog)`,
      amountCents: 16_200,
      discountCents: 1_800,
      credits: 3,
      classId: c.id,
      dogId: m.dogId,
    });
    // Nothing is taken before the payment: no seat, no credits.
    expect(await findEnrolment(`${c.id}_${m.dogId}`)).toBeUndefined();

    expect(await settleCheckout(res.body, 'paid')).toBe(200);
    await busIdle();
    const seat = await findEnrolment(`${c.id}_${m.dogId}`);
    expect(seat).toMatchObject({ status: 'enrolled', creditsUsed: 3 });
    expect(await getCredits(m.user.profileId)).toMatchObject({ balance: 0, held: 3 });
    const fresh = await api('GET', `/api/classes/${c.id}`, { token: m.user.idToken });
    expect(fresh.body.class.seatsTaken).toBe(1);
    // The trainer's roster lists the paid checkout (what to refund if the class goes).
    const roster = await api('GET', `/api/classes/${c.id}/roster`, { token: admin.idToken });
    expect(roster.body.payments).toEqual([
      expect.objectContaining({ id: res.body.paymentId, clientId: m.user.profileId, amountCents: 16_200 }),
    ]);

    // A second delivery of the same event changes nothing (the seat is taken once).
    expect(await settleCheckout(res.body, 'paid')).toBe(200);
    await busIdle();
    expect(await getCredits(m.user.profileId)).toMatchObject({ balance: 0, held: 3 });
  });

  it('an expired checkout enrols nothing and leaves no credits', async () => {
    const c = await publishedClass();
    const m = await member('Lapsed');
    const res = await checkout(m.user, { classId: c.id, dogId: m.dogId });
    expect(res.status).toBe(201);
    expect(await settleCheckout(res.body, 'expired')).toBe(200);
    await busIdle();
    expect(await findEnrolment(`${c.id}_${m.dogId}`)).toBeUndefined();
    expect((await getCredits(m.user.profileId)).balance).toBe(0);
  });

  it('refuses, writing no payment: an unpriced, draft or unknown class, another client’s dog, a dog already in, a mixed or half request', async () => {
    const m = await member('Refused');
    const other = await member('Other');
    const unpriced = await publishedClass({ price: null });
    expect(unpriced.price).toBeNull();
    const priced = await publishedClass();
    const draft = await api('POST', '/api/classes', { token: admin.idToken, body: { ...classBody(), price: 50 } });

    const cases: [Record<string, unknown>, number, string][] = [
      [{ classId: unpriced.id, dogId: m.dogId }, 409, CLASS_TEXTS.notForSale],
      [{ classId: draft.body.class.id, dogId: m.dogId }, 404, CLASS_TEXTS.notFound],
      [{ classId: randomUUID(), dogId: m.dogId }, 404, CLASS_TEXTS.notFound],
      [{ classId: priced.id, dogId: other.dogId }, 400, CLASS_TEXTS.dogNotYours],
      [{ classId: priced.id, dogId: m.dogId, serviceType: 'evaluation' }, 400, CLASS_TEXTS.payChoice],
      [{ classId: priced.id }, 400, CLASS_TEXTS.payChoice],
      [{ dogId: m.dogId }, 400, CLASS_TEXTS.payChoice],
    ];
    for (const [body, status, message] of cases) {
      const res = await checkout(m.user, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(message);
    }
    expect(await myPayments(m.user)).toEqual([]);

    // Enrolled with credits already: paying for the same dog again is refused.
    await store().entities.sessionCredits.update({ profileId: m.user.profileId }).add({ balance: 2 }).go();
    const seat = await api('POST', `/api/classes/${priced.id}/enrolments`, {
      token: m.user.idToken,
      body: { dogId: m.dogId },
    });
    expect(seat.status).toBe(201);
    const again = await checkout(m.user, { classId: priced.id, dogId: m.dogId });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(CLASS_TEXTS.alreadyEnrolled);
    expect(await myPayments(m.user)).toEqual([]);
  });
});

describe('paying for a seat offered, or for a class that filled meanwhile', () => {
  it('a seat offered from the waitlist is taken once the payment is paid', async () => {
    const c = await publishedClass({ capacity: 1, credits: 2 });
    const holder = await member('Holder');
    const waiting = await member('Waiting');
    await store().entities.sessionCredits.update({ profileId: holder.user.profileId }).add({ balance: 2 }).go();
    const seat = await api('POST', `/api/classes/${c.id}/enrolments`, {
      token: holder.user.idToken,
      body: { dogId: holder.dogId },
    });
    expect(seat.body.enrolment.status).toBe('enrolled');
    const place = await api('POST', `/api/classes/${c.id}/enrolments`, {
      token: waiting.user.idToken,
      body: { dogId: waiting.dogId },
    });
    expect(place.body.enrolment.status).toBe('waitlisted');
    // A dog on the waitlist cannot be paid for twice; once offered, its seat can.
    expect((await checkout(waiting.user, { classId: c.id, dogId: waiting.dogId })).status).toBe(409);
    expect(
      (await api('DELETE', `/api/enrolments/${seat.body.enrolment.id}`, { token: holder.user.idToken })).status,
    ).toBe(200);
    expect((await findEnrolment(place.body.enrolment.id))?.status).toBe('offered');

    const res = await checkout(waiting.user, { classId: c.id, dogId: waiting.dogId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await settleCheckout(res.body, 'paid')).toBe(200);
    await busIdle();
    expect(await findEnrolment(place.body.enrolment.id)).toMatchObject({ status: 'enrolled', creditsUsed: 2 });
    expect(await getCredits(waiting.user.profileId)).toMatchObject({ balance: 0, held: 2 });
  });

  it('a class that filled during the checkout puts the paid dog on the waitlist and keeps its credits', async () => {
    const c = await publishedClass({ capacity: 1, credits: 2 });
    const slow = await member('Slow');
    const fast = await member('Fast');
    const res = await checkout(slow.user, { classId: c.id, dogId: slow.dogId });
    expect(res.status).toBe(201);
    await store().entities.sessionCredits.update({ profileId: fast.user.profileId }).add({ balance: 2 }).go();
    const seat = await api('POST', `/api/classes/${c.id}/enrolments`, {
      token: fast.user.idToken,
      body: { dogId: fast.dogId },
    });
    expect(seat.body.enrolment.status).toBe('enrolled');

    expect(await settleCheckout(res.body, 'paid')).toBe(200);
    await busIdle();
    expect(await findEnrolment(`${c.id}_${slow.dogId}`)).toMatchObject({ status: 'waitlisted', creditsUsed: 0 });
    expect(await getCredits(slow.user.profileId)).toMatchObject({ balance: 2 });
  });
});
