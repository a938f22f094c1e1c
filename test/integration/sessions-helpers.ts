import { afterAll, beforeAll, expect } from 'vitest';
import { createDog, type DogItem, findDog } from '../../shared/domain/dogs.js';
import { insertSessionRecord, type SessionItem } from '../../shared/domain/sessions.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { api, createTestUser, type TestUser } from '../support/api.js';

/**
 * The set-up and helpers the session tests share (sessions.test.ts: scheduling, the appointment
 * message, changes, the client's own sessions; sessions-lists.test.ts: the trainer's list,
 * auto-completion, stats, homework, realtime notices, renames, export and deletion). The parties are
 * live bindings, set by `setUpSessionParties` before a file's tests.
 */

export const TZ = 'America/New_York';
export let admin: TestUser;
export let alice: TestUser;
export let bob: TestUser;
export let biscuit: DogItem;
export let pepper: DogItem;
export let rex: DogItem;

export const as = (u: TestUser) => ({
  get: (path: string) => api('GET', path, { token: u.idToken }),
  post: (path: string, body?: unknown) => api('POST', path, { token: u.idToken, body }),
  put: (path: string, body: unknown) => api('PUT', path, { token: u.idToken, body }),
  patch: (path: string, body: unknown) => api('PATCH', path, { token: u.idToken, body }),
  del: (path: string) => api('DELETE', path, { token: u.idToken }),
});

/** `days` from now at a given UTC hour and minute. */
export function at(days: number, hour = 15, minute = 0): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, minute, 0, 0);
  return d.toISOString();
}

/**
 * POST /api/sessions as the trainer. The tests of other rules put many sessions at the same few hours,
 * so they knowingly overlap (`allowOverlap`); the clash checks' own tests (session-clashes.test.ts)
 * post without it.
 */
export const schedule = (body: Record<string, unknown>) =>
  as(admin).post('/api/sessions', { allowOverlap: true, ...body });

export async function scheduled(body: Record<string, unknown>): Promise<any> {
  const res = await schedule(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.session;
}

/**
 * A session written straight to the table (e.g. one that has already ended, which the API refuses),
 * with the counters a session write keeps.
 */
export const insertSession = (
  client: TestUser,
  dog: DogItem,
  scheduledAt: string,
  status: SessionItem['status'] = 'scheduled',
  durationMinutes = 60,
): Promise<string> =>
  insertSessionRecord({
    clientId: client.profileId,
    dogId: dog.id,
    scheduledAt,
    durationMinutes,
    status,
    clientName: 'Inserted',
    dogName: dog.name,
  });

export const inbox = async (u: TestUser) =>
  (await as(u).get('/api/me/messages?limit=100')).body.items as {
    id: string;
    subject: string;
    content: string;
    messageType: string;
    priority: string;
  }[];

export const total = async () => (await as(admin).get('/api/sessions/stats')).body.total as number;
export const dogNow = async (id: string) => (await findDog(id)) as DogItem;

/**
 * Registers the file's set-up: the trainer, two clients (Alice with Biscuit and Pepper, Bob with Rex) and
 * the business settings at their defaults (New York time, 60 minutes) before its tests, and again after.
 */
export function setUpSessionParties(): void {
  beforeAll(async () => {
    await resetBusinessSettings(); // New York time, 60 minutes
    [admin, alice, bob] = await Promise.all([
      createTestUser('admin', { firstName: 'Tess', lastName: 'Trainer' }),
      createTestUser('client', { firstName: 'Alice', lastName: 'Ambler' }),
      createTestUser('client', { firstName: 'Bob', lastName: 'Barker' }),
    ]);
    [biscuit, pepper, rex] = await Promise.all([
      createDog(alice.profileId, { name: 'Biscuit', breed: 'Beagle', birthDate: '2021-04-10' }),
      createDog(alice.profileId, { name: 'Pepper', breed: 'Poodle', birthDate: '2020-02-02' }),
      createDog(bob.profileId, { name: 'Rex', breed: 'Boxer', birthDate: '2019-09-09' }),
    ]);
  });

  afterAll(async () => {
    await resetBusinessSettings();
  });
}
