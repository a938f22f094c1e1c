import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { store } from '../../shared/db/service.js';
import { DELETE_CONFIRM_MISMATCH, EXPORT_FORMAT, NOT_EXPORTED } from '../../shared/domain/account.js';
import { listClientItems } from '../../shared/domain/cascades.js';
import { getProfileById } from '../../shared/domain/profiles.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { convertedClient, postSignup, signInAs, signupBody } from './signup-helpers.js';

/**
 * The signed-in person's own data: received messages (newest first, delivered only), the data
 * export (everything stored about them, never the trainer's notes) and deleting their own account.
 */
let admin: TestUser;
const asAdmin = (method: string, path: string, body?: unknown) => api(method, path, { token: admin.idToken, body });

/** A message to `profileId`, written as the compose screen will (one item per recipient). */
async function messageTo(
  profileId: string,
  over: { subject?: string; status?: 'sent' | 'scheduled'; deliverAt?: string; readAt?: string } = {},
) {
  const { data } = await store()
    .entities.message.create({
      profileId,
      senderId: admin.profileId,
      subject: over.subject ?? `Subject ${randomUUID().slice(0, 6)}`,
      content: 'Practise **sit** twice a day.',
      messageType: 'homework',
      status: over.status ?? 'sent',
      deliverAt: over.deliverAt ?? new Date().toISOString(),
      ...(over.readAt ? { readAt: over.readAt } : {}),
    })
    .go();
  return data;
}

beforeAll(async () => {
  admin = await createTestUser('admin');
});

describe('GET /api/me/messages', () => {
  it("lists only the caller's delivered messages, newest first, a page at a time", async () => {
    const [me, other] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    const t = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    await messageTo(me.profileId, { subject: 'oldest', deliverAt: t(30) });
    await messageTo(me.profileId, { subject: 'newest', deliverAt: t(1), readAt: t(0) });
    await messageTo(me.profileId, { subject: 'middle', deliverAt: t(10) });
    await messageTo(me.profileId, {
      subject: 'later',
      status: 'scheduled',
      deliverAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    await messageTo(other.profileId, { subject: 'not yours', deliverAt: t(0) });

    const first = await api('GET', '/api/me/messages?limit=2', { token: me.idToken });
    expect(first.status).toBe(200);
    expect(first.body.items.map((m: { subject: string }) => m.subject)).toEqual(['newest', 'middle']);
    expect(first.body.items[0].readAt).toBeTypeOf('string');
    expect(first.body.items[1].readAt).toBeUndefined();
    expect(Object.keys(first.body.items[0])).not.toContain('senderId');
    const rest = await api('GET', `/api/me/messages?limit=2&cursor=${first.body.cursor}`, { token: me.idToken });
    expect(rest.body.items.map((m: { subject: string }) => m.subject)).toEqual(['oldest']);
    expect(rest.body.cursor).toBeNull();

    expect((await api('GET', '/api/me/messages?limit=0', { token: me.idToken })).status).toBe(400);
    expect((await api('GET', '/api/me/messages?cursor=nonsense', { token: me.idToken })).status).toBe(400);
    const theirs = await api('GET', '/api/me/messages', { token: other.idToken });
    expect(theirs.body.items.map((m: { subject: string }) => m.subject)).toEqual(['not yours']);
  });
});

describe('GET /api/me/export', () => {
  it('holds everything stored about the client, and never the trainer notes', async () => {
    const secret = `TRAINER-ONLY-${randomUUID()}`;
    const { submission, invited } = await convertedClient(admin);
    const signup = await postSignup(signupBody(invited));
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const tokens = await signInAs(invited.email, 'Sunny-Days-42');
    const profileId = invited.profileId;
    expect(
      (await asAdmin('PATCH', `/api/clients/${profileId}`, { firstName: 'Nora', lastName: 'Signed-Up', notes: secret }))
        .status,
    ).toBe(200);
    const note = await asAdmin('POST', `/api/clients/${profileId}/notes`, {
      title: secret,
      content: secret,
      noteType: 'general',
      isImportant: false,
    });
    expect(note.status).toBe(201);
    const read = await messageTo(profileId, { subject: 'Welcome', readAt: new Date().toISOString() });
    await messageTo(profileId, { subject: 'Not yet', status: 'scheduled', deliverAt: '2099-01-01T00:00:00.000Z' });

    const res = await api('GET', '/api/me/export', { token: tokens.idToken });
    expect(res.status).toBe(200);
    const data = res.body;
    expect(data.format).toBe(EXPORT_FORMAT);
    expect(data.profile).toMatchObject({ id: profileId, email: invited.email, firstName: 'Nora' });
    // The converted submission's dog and the one given at signup.
    expect(data.dogs.map((d: { name: string }) => d.name).sort()).toEqual(['Moose', 'Pepper']);
    expect(data.messages.map((m: { subject: string }) => m.subject)).toEqual(['Welcome']);
    expect(data.readReceipts).toEqual([{ messageId: read.id, readAt: read.readAt }]);
    expect(data.invitations).toHaveLength(1);
    expect(data.invitations[0].usedAt).toBeTypeOf('string');
    expect(Object.keys(data.invitations[0])).not.toContain('token');
    expect(data.contactSubmissions.map((s: { id: string }) => s.id)).toEqual([submission.id]);
    expect(data.sessions).toEqual([]);
    expect(data.settings).toBeTypeOf('object');

    const text = JSON.stringify(data);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(invited.token);

    // What the deletion finds under the client's keys is exported, except what is listed as not theirs.
    const profile = await getProfileById(profileId);
    if (!profile) throw new Error('profile missing');
    const stored = Object.keys(await listClientItems(profile));
    for (const key of stored) {
      if ((NOT_EXPORTED as readonly string[]).includes(key)) continue;
      expect(Object.keys(data), `${key} is stored but not exported`).toContain(key);
    }
  });

  it("gives each caller only their own data; an admin gets their own profile and nothing of a client's", async () => {
    const [a, b] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    await messageTo(a.profileId, { subject: `for-a-${randomUUID()}` });
    const ofB = await api('GET', '/api/me/export', { token: b.idToken });
    expect(ofB.body.profile.id).toBe(b.profileId);
    expect(JSON.stringify(ofB.body)).not.toContain(a.profileId);
    const ofAdmin = await api('GET', '/api/me/export', { token: admin.idToken });
    expect(ofAdmin.body.profile.id).toBe(admin.profileId);
    expect(ofAdmin.body.messages).toEqual([]);
  });
});

describe('DELETE /api/me', () => {
  it('refuses a wrong confirmation and changes nothing', async () => {
    const c = await createTestUser('client');
    for (const body of [
      { confirmEmail: 'someone@example.com' },
      { confirmEmail: '' },
      {},
      { confirmEmail: c.email, x: 1 },
    ]) {
      const res = await api('DELETE', '/api/me', { token: c.idToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
    const wrong = await api('DELETE', '/api/me', { token: c.idToken, body: { confirmEmail: 'someone@example.com' } });
    expect(wrong.body.error.message).toBe(DELETE_CONFIRM_MISMATCH);
    expect(await getProfileById(c.profileId)).toBeDefined();
    expect((await api('GET', '/api/me', { token: c.idToken })).status).toBe(200);
  });

  it('deletes the account and everything under it; the person cannot sign in again', async () => {
    const c = await createTestUser('client');
    const dog = await asAdmin('POST', `/api/clients/${c.profileId}/dogs`, {
      name: 'Gone',
      breed: 'Greyhound',
      birthDate: '2020-02-02',
    });
    expect(dog.status).toBe(201);
    await messageTo(c.profileId);
    // Their private calendar feed: it must stop answering and leave no item behind.
    const feed = await api('GET', '/api/me/calendar-feed', { token: c.idToken });
    expect(feed.status, JSON.stringify(feed.body)).toBe(200);
    const feedPath = new URL(feed.body.url as string).pathname;
    const feedToken = feedPath
      .split('/')
      .pop()
      ?.replace(/\.ics$/, '') as string;
    expect((await api('GET', feedPath)).status).toBe(200);
    const profile = await getProfileById(c.profileId);
    if (!profile) throw new Error('profile missing');
    expect((await listClientItems(profile)).calendarFeeds).toHaveLength(2);

    const res = await api('DELETE', '/api/me', { token: c.idToken, body: { confirmEmail: c.email.toUpperCase() } });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(await getProfileById(c.profileId)).toBeUndefined();
    const left = await listClientItems(profile);
    expect([
      ...left.dogs,
      ...left.messages,
      ...left.notes,
      ...left.sessions,
      ...left.invitations,
      ...left.calendarFeeds,
    ]).toEqual([]);
    expect((await api('GET', feedPath)).status).toBe(404);
    expect((await store().entities.calendarFeed.get({ token: feedToken }).go({ consistent: true })).data).toBeNull();
    await expect(signInAs(c.email, c.password)).rejects.toThrow();
    expect((await api('GET', '/api/me', { token: c.idToken })).status).toBeGreaterThanOrEqual(401);
  });

  it('is not for the trainer', async () => {
    const res = await api('DELETE', '/api/me', { token: admin.idToken, body: { confirmEmail: admin.email } });
    expect(res.status).toBe(403);
    expect(await getProfileById(admin.profileId)).toBeDefined();
  });
});
