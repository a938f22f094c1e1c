import { beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../shared/db/service.js';
import {
  checkDiscountCode,
  getDiscountCode,
  holdDiscountUse,
  releaseDiscountUse,
} from '../../shared/domain/discount-codes.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { matrixCode } from './matrix/payments.js';

let admin: TestUser;
let client: TestUser;

beforeAll(async () => {
  [admin, client] = await Promise.all([createTestUser('admin'), createTestUser('client')]);
});

const create = (body: Record<string, unknown>, token = admin.idToken) =>
  api('POST', '/api/discount-codes', { token, body: { discountType: 'percentage', discountValue: 10, ...body } });
const check = (code: string) =>
  api('GET', `/api/payments/discount?code=${encodeURIComponent(code)}`, { token: client.idToken });

describe('discount codes (trainer)', () => {
  it('creates a code upper-cased, with its creator, and lists it newest first', async () => {
    const raw = matrixCode().toLowerCase();
    const res = await create({ code: ` ${raw} `, discountType: 'fixed_amount', discountValue: 12.5, usageLimit: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      code: raw.toUpperCase(),
      discountType: 'fixed_amount',
      discountValue: 12.5,
      isActive: true,
      usageLimit: 3,
      timesUsed: 0,
      createdBy: admin.profileId,
      creatorEmail: admin.email,
    });
    expect(res.body).not.toHaveProperty('reserved');
    const second = await create({ code: matrixCode() });
    const list = await api('GET', '/api/discount-codes?limit=2', { token: admin.idToken });
    expect(list.status).toBe(200);
    expect(list.body.items.map((d: { id: string }) => d.id)).toEqual([second.body.id, res.body.id]);
    expect(typeof list.body.cursor).toBe('string');
    const next = await api('GET', `/api/discount-codes?limit=2&cursor=${encodeURIComponent(list.body.cursor)}`, {
      token: admin.idToken,
    });
    expect(next.status).toBe(200);
    expect(next.body.items.map((d: { id: string }) => d.id)).not.toContain(res.body.id);
  });

  it('refuses a code that exists in any case, with the spec text, and writes nothing', async () => {
    const code = matrixCode();
    expect((await create({ code })).status).toBe(201);
    const dup = await create({ code: code.toLowerCase(), discountValue: 50 });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('A discount code with this name already exists');
    expect((await check(code)).body).toEqual({ code, discountType: 'percentage', discountValue: 10 });
  });

  it('refuses bad input with a 400 per field', async () => {
    const bad = await create({ code: 'HAS SPACE', discountValue: -1, usageLimit: 0, discountType: 'half' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['code', 'discountType', 'discountValue', 'usageLimit']);
    const step = await create({ code: matrixCode(), discountValue: 1.005 });
    expect(step.status).toBe(400);
    expect(step.body.error.fields.discountValue).toEqual(['Discount value must be in steps of 0.01']);
    expect((await create({ code: matrixCode(), discountValue: 0.07 })).status).toBe(201);
  });

  it('deactivates, activates and deletes (the name is free again)', async () => {
    const code = matrixCode();
    const { id } = (await create({ code })).body;
    const off = await api('PATCH', `/api/discount-codes/${id}`, { token: admin.idToken, body: { isActive: false } });
    expect(off.body.isActive).toBe(false);
    expect((await check(code)).body.error.message).toBe('Invalid discount code');
    const on = await api('PATCH', `/api/discount-codes/${id}`, { token: admin.idToken, body: { isActive: true } });
    expect(on.body.isActive).toBe(true);
    expect((await check(code)).status).toBe(200);
    expect((await api('DELETE', `/api/discount-codes/${id}`, { token: admin.idToken })).status).toBe(204);
    expect((await api('DELETE', `/api/discount-codes/${id}`, { token: admin.idToken })).status).toBe(404);
    expect(
      (await api('PATCH', `/api/discount-codes/${id}`, { token: admin.idToken, body: { isActive: true } })).status,
    ).toBe(404);
    expect((await check(code)).body.error.message).toBe('Invalid discount code');
    expect((await create({ code })).status).toBe(201);
  });
});

describe('discount codes at payment', () => {
  it('answers the spec texts: unknown, expired, used up', async () => {
    expect((await check('NOSUCHCODE1')).body.error.message).toBe('Invalid discount code');
    const expired = matrixCode();
    await create({ code: expired, expiresAt: new Date(Date.now() - 1000).toISOString() });
    const res = await check(expired);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Discount code has expired');
    const once = matrixCode();
    const { id } = (await create({ code: once, usageLimit: 1 })).body;
    expect((await check(once)).status).toBe(200);
    await writeTransaction((e) => [holdDiscountUse(e, id)]);
    expect((await check(once)).body.error.message).toBe('Discount code has reached its usage limit');
    await writeTransaction((e) => [releaseDiscountUse(e, id)]);
    expect((await check(once)).status).toBe(200);
  });

  it('holds at most N uses of a limit-N code when 50 checkouts race for it', async () => {
    const limit = 5;
    const { id, code } = (await create({ code: matrixCode(), usageLimit: limit })).body;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        writeTransaction((e) => [holdDiscountUse(e, id)]).catch((e: Error) => ({ canceled: true, error: e.name })),
      ),
    );
    const held = results.filter((r) => !r.canceled).length;
    const stored = await getDiscountCode(id);
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(limit);
    expect(stored?.reserved).toBe(held);
    // Whatever lost the race, holding one at a time stops exactly at the limit.
    for (let i = held; i < limit; i++)
      expect((await writeTransaction((e) => [holdDiscountUse(e, id)])).canceled).toBe(false);
    expect((await writeTransaction((e) => [holdDiscountUse(e, id)])).canceled).toBe(true);
    expect((await getDiscountCode(id))?.reserved).toBe(limit);
    await expect(checkDiscountCode(code)).rejects.toThrow('Discount code has reached its usage limit');
  });

  it('is refused to the trainer and to visitors', async () => {
    expect((await api('GET', '/api/payments/discount?code=ABC', { token: admin.idToken })).status).toBe(403);
    expect((await api('GET', '/api/payments/discount?code=ABC')).status).toBe(401);
    expect((await api('GET', '/api/discount-codes', { token: client.idToken })).status).toBe(403);
  });
});
