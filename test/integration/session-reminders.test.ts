import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { handler as sendReminder } from '../../functions/events/send-session-reminder.js';
import { lambdaContext } from '../../infra/local/handlers.js';
import type { SessionReminderDueDetail } from '../../shared/contracts/sessions.js';
import { createDog, type DogItem } from '../../shared/domain/dogs.js';
import { sessionReminderSchedules } from '../../shared/domain/session-reminders.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { api, busIdle, clearSesStore, createTestUser, sesStore, type TestUser } from '../support/api.js';

/**
 * Session reminders end to end on the local runtime: each scheduled or confirmed session has a
 * one-off schedule 24 hours before its start (moved with the session, removed when it is cancelled or
 * deleted, none within 24 hours); the handler reminds once per start with a portal message of type
 * `reminder` (and an e-mail when the message notice will not send one), and not at all when the
 * client turned reminders off or the session was cancelled or moved.
 */

const DAY = 86_400_000;
let admin: TestUser;
let alice: TestUser; // defaults: e-mail notifications on, reminders on
let bob: TestUser; // e-mail notifications off
let carol: TestUser; // session reminders off
let biscuit: DogItem;
let rex: DogItem;
let milo: DogItem;

const as = (u: TestUser) => ({
  get: (path: string) => api('GET', path, { token: u.idToken }),
  post: (path: string, body?: unknown) => api('POST', path, { token: u.idToken, body }),
  put: (path: string, body: unknown) => api('PUT', path, { token: u.idToken, body }),
  del: (path: string) => api('DELETE', path, { token: u.idToken }),
});

/** `days` from now at a given UTC hour. */
function at(days: number, hour = 15): string {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
}

const minus24h = (iso: string) => new Date(Date.parse(iso) - DAY).toISOString();

const schedules = async () =>
  (
    (await (await fetch(`${inject('urls').site}/__local/schedules`)).json()) as {
      items: { name: string; at: string }[];
    }
  ).items;
/** The reminder schedule of a session, once the write's outbox event has been handled (SessionWritten). */
const reminderOf = async (id: string) => {
  await busIdle();
  return (await schedules()).find((s) => s.name === `session-reminder-${id}`);
};

async function scheduled(body: Record<string, unknown>): Promise<{ id: string; scheduledAt: string }> {
  // Many sessions at the same hours: not about clashes (session-clashes.test.ts).
  const res = await as(admin).post('/api/sessions', { allowOverlap: true, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.session;
}

const reminders = async (u: TestUser, dog: string) =>
  ((await as(u).get('/api/me/messages?limit=100')).body.items as { subject: string; messageType: string }[]).filter(
    (m) => m.messageType === 'reminder' && m.subject === `Reminder: Training Session Tomorrow - ${dog}`,
  );
const reminderMails = async (u: TestUser) =>
  (await sesStore()).filter((m) => m.destination.to.includes(u.email) && m.subject.startsWith('Reminder:'));

// Each firing is a new event (its own id): the reminder's own once-only rule is what is tested here.
const fire = (detail: SessionReminderDueDetail) =>
  sendReminder(
    { id: randomUUID(), 'detail-type': 'SessionReminderDue', source: 'test', detail },
    lambdaContext('events/send-session-reminder'),
  );

beforeAll(async () => {
  await resetBusinessSettings();
  [admin, alice, bob, carol] = await Promise.all([
    createTestUser('admin', { firstName: 'Tess', lastName: 'Trainer' }),
    createTestUser('client', { firstName: 'Alice', lastName: 'Ambler' }),
    createTestUser('client', { firstName: 'Bob', lastName: 'Barker' }),
    createTestUser('client', { firstName: 'Carol', lastName: 'Cole' }),
  ]);
  [biscuit, rex, milo] = await Promise.all([
    createDog(alice.profileId, { name: 'Biscuit', breed: 'Beagle', birthDate: '2021-04-10' }),
    createDog(bob.profileId, { name: 'Rex', breed: 'Boxer', birthDate: '2019-09-09' }),
    createDog(carol.profileId, { name: 'Milo', breed: 'Mutt', birthDate: '2020-01-01' }),
  ]);
  expect((await as(bob).put('/api/me/settings', { emailNotifications: false })).status).toBe(200);
  expect((await as(carol).put('/api/me/settings', { sessionReminders: false })).status).toBe(200);
});

describe('the reminder schedule', () => {
  it('is put 24 hours before a new session, moves with it and goes when it is cancelled', async () => {
    const s = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(3) });
    expect(await reminderOf(s.id)).toMatchObject({ at: minus24h(s.scheduledAt) });

    const moved = at(5, 17);
    const put = await as(admin).put(`/api/sessions/${s.id}`, {
      allowOverlap: true,
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: moved,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await reminderOf(s.id)).toMatchObject({ at: minus24h(moved) });

    expect((await as(admin).post(`/api/sessions/${s.id}/cancel`)).status).toBe(200);
    expect(await reminderOf(s.id)).toBeUndefined();
  });

  it('goes when the session is deleted', async () => {
    const s = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(4) });
    expect(await reminderOf(s.id)).toBeDefined();
    expect((await as(admin).del(`/api/sessions/${s.id}`)).status).toBe(204);
    expect(await reminderOf(s.id)).toBeUndefined();
  });

  it('is not put for a session within 24 hours, and goes when a session moves within 24 hours', async () => {
    const soon = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
    const s = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: soon });
    expect(await reminderOf(s.id)).toBeUndefined();

    const later = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(3) });
    expect(await reminderOf(later.id)).toBeDefined();
    const put = await as(admin).put(`/api/sessions/${later.id}`, {
      allowOverlap: true,
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString(),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await reminderOf(later.id)).toBeUndefined();
    await as(admin).del(`/api/sessions/${s.id}`);
    await as(admin).del(`/api/sessions/${later.id}`);
  });

  it('is owed by the table for open sessions more than 24 hours ahead (the local rebuild)', async () => {
    const ahead = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(6) });
    const soon = await scheduled({
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
    });
    const owed = await sessionReminderSchedules('http://site');
    expect(owed.find((s) => s.name === `session-reminder-${ahead.id}`)).toEqual({
      name: `session-reminder-${ahead.id}`,
      at: minus24h(ahead.scheduledAt),
      event: 'SessionReminderDue',
      detail: { sessionId: ahead.id, scheduledAt: ahead.scheduledAt, siteUrl: 'http://site' },
    });
    expect(owed.some((s) => s.name === `session-reminder-${soon.id}`)).toBe(false);
    await as(admin).post(`/api/sessions/${ahead.id}/cancel`);
    expect((await sessionReminderSchedules('http://site')).some((s) => s.name === `session-reminder-${ahead.id}`)).toBe(
      false,
    );
    await as(admin).del(`/api/sessions/${ahead.id}`);
    await as(admin).del(`/api/sessions/${soon.id}`);
  });
});

describe('the reminder (events/send-session-reminder)', () => {
  it('sends one reminder message when fired twice (e-mail notifications on: the message notice is the e-mail)', async () => {
    const s = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(3) });
    await busIdle();
    await clearSesStore();
    const detail = { sessionId: s.id, scheduledAt: s.scheduledAt, siteUrl: 'http://site' };
    await fire(detail);
    await fire(detail);
    await busIdle();
    const got = await reminders(alice, 'Biscuit');
    expect(got).toHaveLength(1);
    const full = (await as(alice).get('/api/me/messages?limit=100')).body.items.find(
      (m: { messageType: string }) => m.messageType === 'reminder',
    );
    expect(full.content).toContain('Hi Alice,');
    expect(full.content).toContain('**Dog:** Biscuit');
    expect(full.content).toMatch(/\*\*Time:\*\* \d{1,2}:\d{2} [AP]M/);
    // No direct reminder e-mail; the one e-mail is the message notice.
    expect(await reminderMails(alice)).toHaveLength(0);
    const notices = (await sesStore()).filter((m) => m.destination.to.includes(alice.email));
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toContain('Reminder: Training Session Tomorrow - Biscuit');
    await as(admin).del(`/api/sessions/${s.id}`);
  });

  it('sends one message and one reminder e-mail with a link to /sessions when e-mail notifications are off', async () => {
    const s = await scheduled({ clientId: bob.profileId, dogId: rex.id, scheduledAt: at(3) });
    await busIdle();
    await clearSesStore();
    const detail = { sessionId: s.id, scheduledAt: s.scheduledAt, siteUrl: 'http://site' };
    await fire(detail);
    await fire(detail);
    await busIdle();
    expect(await reminders(bob, 'Rex')).toHaveLength(1);
    const mails = await reminderMails(bob);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Reminder: Training Session Tomorrow - Rex');
    expect(mails[0].body.text).toContain('http://site/sessions');
    expect((await sesStore()).filter((m) => m.destination.to.includes(bob.email))).toHaveLength(1);
    await as(admin).del(`/api/sessions/${s.id}`);
  });

  it('sends nothing when the client turned session reminders off', async () => {
    const s = await scheduled({ clientId: carol.profileId, dogId: milo.id, scheduledAt: at(3) });
    await busIdle();
    await clearSesStore();
    await fire({ sessionId: s.id, scheduledAt: s.scheduledAt, siteUrl: 'http://site' });
    await busIdle();
    expect(await reminders(carol, 'Milo')).toHaveLength(0);
    expect((await sesStore()).filter((m) => m.destination.to.includes(carol.email))).toHaveLength(0);
    await as(admin).del(`/api/sessions/${s.id}`);
  });

  it('sends nothing for a cancelled session, nor for the old start of a moved one', async () => {
    const cancelled = await scheduled({ clientId: bob.profileId, dogId: rex.id, scheduledAt: at(3) });
    expect((await as(admin).post(`/api/sessions/${cancelled.id}/cancel`)).status).toBe(200);
    const moved = await scheduled({ clientId: bob.profileId, dogId: rex.id, scheduledAt: at(4) });
    const put = await as(admin).put(`/api/sessions/${moved.id}`, {
      allowOverlap: true,
      clientId: bob.profileId,
      dogId: rex.id,
      scheduledAt: at(6),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await busIdle();
    await clearSesStore();
    const before = (await reminders(bob, 'Rex')).length;
    await fire({ sessionId: cancelled.id, scheduledAt: cancelled.scheduledAt, siteUrl: 'http://site' });
    await fire({ sessionId: moved.id, scheduledAt: moved.scheduledAt, siteUrl: 'http://site' });
    await fire({ sessionId: 'no-such-session', scheduledAt: at(3) });
    await busIdle();
    expect(await reminders(bob, 'Rex')).toHaveLength(before);
    expect(await reminderMails(bob)).toHaveLength(0);

    // The new start is reminded (once).
    await fire({ sessionId: moved.id, scheduledAt: put.body.session.scheduledAt, siteUrl: 'http://site' });
    await busIdle();
    expect(await reminders(bob, 'Rex')).toHaveLength(before + 1);
    expect(await reminderMails(bob)).toHaveLength(1);
    await as(admin).del(`/api/sessions/${cancelled.id}`);
    await as(admin).del(`/api/sessions/${moved.id}`);
  });
});
