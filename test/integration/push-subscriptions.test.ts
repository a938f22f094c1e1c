import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUSH_SUBSCRIPTIONS_MAX, PUSH_TEXTS } from '../../shared/contracts/push-options.js';
import { listClientItems } from '../../shared/domain/cascades.js';
import { getProfileById } from '../../shared/domain/profiles.js';
import { listPushSubscriptions } from '../../shared/domain/push-subscriptions.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { newDevice, type StandInDevice } from '../support/push-kit.js';

/** Per-device push subscriptions (ADR 0055): subscribe, list, unsubscribe, and what removes them. */

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser('admin');
});

const subscribe = (u: TestUser, d: StandInDevice, extra: Record<string, unknown> = {}) =>
  api('PUT', '/api/me/push-subscriptions', { token: u.idToken, body: { ...d, ...extra } });
const list = async (u: TestUser) => {
  const res = await api('GET', '/api/me/push-subscriptions', { token: u.idToken });
  expect(res.status).toBe(200);
  return res.body.items as { id: string; label: string; service: string }[];
};
const idOf = (d: StandInDevice) => createHash('sha256').update(d.endpoint).digest('base64url');

describe('push subscriptions', () => {
  it('the list carries the key browsers subscribe with (ADR 0061), the same for everyone', async () => {
    const c = await createTestUser('client');
    const [mine, trainers] = await Promise.all([
      api('GET', '/api/me/push-subscriptions', { token: c.idToken }),
      api('GET', '/api/me/push-subscriptions', { token: admin.idToken }),
    ]);
    expect(mine.body).toEqual({ items: [], publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/) });
    expect(Buffer.from(mine.body.publicKey, 'base64url')[0]).toBe(4);
    expect(trainers.body.publicKey).toBe(mine.body.publicKey);
  });

  it('subscribes a device once however often it subscribes, for a client and the trainer', async () => {
    const c = await createTestUser('client');
    const d = await newDevice();
    const first = await subscribe(c, d, { label: 'Chrome on Android' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ id: idOf(d), label: 'Chrome on Android' });
    const again = await subscribe(c, d, { label: 'Chrome on Android' });
    expect(again.body).toEqual(first.body);
    expect(await list(c)).toEqual([first.body]);
    // The endpoint and keys are not shown back (a delivery capability).
    expect(JSON.stringify(await list(c))).not.toContain(d.keys.auth);

    const t = await newDevice();
    expect((await subscribe(admin, t)).status).toBe(200);
    expect((await list(admin)).map((s) => s.id)).toContain(idOf(t));
  });

  it('refuses endpoints of hosts that are not push services, bad keys and unknown fields, storing nothing', async () => {
    const c = await createTestUser('client');
    const d = await newDevice();
    for (const body of [
      { ...d, endpoint: 'https://attacker.example.com/push/1' },
      { ...d, endpoint: 'http://fcm.googleapis.com/fcm/send/x' },
      { ...d, endpoint: 'https://fcm.googleapis.com.evil.example/x' },
      { ...d, endpoint: 'http://169.254.169.254/latest/meta-data' },
      { ...d, keys: { p256dh: 'short', auth: d.keys.auth } },
      // Key texts of the right length that decode to 64 bytes, or not to a public key, or a 15-byte secret.
      { ...d, keys: { p256dh: Buffer.alloc(64, 4).toString('base64url'), auth: d.keys.auth } },
      { ...d, keys: { p256dh: Buffer.alloc(65, 2).toString('base64url'), auth: d.keys.auth } },
      { ...d, keys: { p256dh: d.keys.p256dh, auth: Buffer.alloc(15, 1).toString('base64url') } },
      { ...d, keys: { p256dh: d.keys.p256dh } },
      { ...d, profileId: admin.profileId },
      { endpoint: d.endpoint },
    ]) {
      const res = await api('PUT', '/api/me/push-subscriptions', { token: c.idToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
    const bad = await subscribe(c, d, { endpoint: 'https://attacker.example.com/push/1' });
    expect(JSON.stringify(bad.body)).toContain(PUSH_TEXTS.endpointInvalid);
    expect(await list(c)).toEqual([]);
  });

  it('accepts the known push services over https', async () => {
    const c = await createTestUser('client');
    const d = await newDevice();
    const res = await subscribe(c, d, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.service).toBe('fcm.googleapis.com');
  });

  it(`holds a person to ${PUSH_SUBSCRIPTIONS_MAX} devices`, async () => {
    const c = await createTestUser('client');
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_MAX; i++) expect((await subscribe(c, await newDevice())).status).toBe(200);
    const over = await subscribe(c, await newDevice());
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(PUSH_TEXTS.tooMany);
    expect(await list(c)).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
  });

  it('unsubscribes only one of the caller’s own devices', async () => {
    const [a, b] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    const [da, db] = await Promise.all([newDevice(), newDevice()]);
    await subscribe(a, da);
    await subscribe(b, db);
    const other = await api('DELETE', `/api/me/push-subscriptions/${idOf(da)}`, { token: b.idToken });
    expect(other.status).toBe(204);
    expect((await list(a)).map((s) => s.id)).toEqual([idOf(da)]);
    const own = await api('DELETE', `/api/me/push-subscriptions/${idOf(da)}`, { token: a.idToken });
    expect(own.status).toBe(204);
    expect(await list(a)).toEqual([]);
    expect((await list(b)).map((s) => s.id)).toEqual([idOf(db)]);
    expect((await api('DELETE', '/api/me/push-subscriptions/not-an-id', { token: a.idToken })).status).toBe(400);
  });

  it('moves a device to the person who signs in on it and subscribes', async () => {
    const [a, b] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    const d = await newDevice();
    await subscribe(a, d);
    await subscribe(b, d);
    expect(await list(a)).toEqual([]);
    expect((await list(b)).map((s) => s.id)).toEqual([idOf(d)]);
  });

  it('is exported, and removed by deactivation and by the full deletion', async () => {
    const c = await createTestUser('client');
    const d = await newDevice();
    await subscribe(c, d, { label: 'Phone' });
    const exported = await api('GET', '/api/me/export', { token: c.idToken });
    expect(exported.body.pushSubscriptions).toEqual([expect.objectContaining({ id: idOf(d), label: 'Phone' })]);

    const deactivated = await api('POST', `/api/clients/${c.profileId}/deactivate`, { token: admin.idToken });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    expect(await listPushSubscriptions(c.profileId)).toEqual([]);

    const gone = await createTestUser('client');
    await subscribe(gone, await newDevice());
    const profile = await getProfileById(gone.profileId);
    if (!profile) throw new Error('profile missing');
    expect((await listClientItems(profile)).pushSubscriptions).toHaveLength(1);
    const del = await api('DELETE', '/api/me', { token: gone.idToken, body: { confirmEmail: gone.email } });
    expect(del.status, JSON.stringify(del.body)).toBe(204);
    expect(await listPushSubscriptions(gone.profileId)).toEqual([]);
  });
});
