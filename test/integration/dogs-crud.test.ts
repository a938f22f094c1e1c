import { beforeAll, describe, expect, it } from 'vitest';
import { store } from '../../shared/db/service.js';
import { businessDate } from '../../shared/domain/business-time.js';
import { findDog, listDogsOfProfile } from '../../shared/domain/dogs.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { dogBody, dogOf } from './matrix/dogs-and-notes.js';

const REQUIRED = 'Name, breed, and birth date are required';
const FUTURE = 'Birth date cannot be in the future';

let admin: TestUser;
let clientA: TestUser;
let clientB: TestUser;

beforeAll(async () => {
  [admin, clientA, clientB] = await Promise.all([
    createTestUser('admin'),
    createTestUser('client'),
    createTestUser('client'),
  ]);
});

// A day in the business's time zone (New York after resetBusinessSettings): "today" for the birth-date rule is
// the business's today, which is not UTC's in the evening.
const isoDay = (offsetDays: number) => businessDate(new Date(Date.now() + offsetDays * 86_400_000), 'America/New_York');
const addDog = (clientId: string, body: unknown, token = admin.idToken) =>
  api('POST', `/api/clients/${clientId}/dogs`, { token, body });
const dogCount = async (profileId: string) => (await listDogsOfProfile(profileId, { limit: 100 })).items.length;

describe('adding a dog (admin)', () => {
  it('creates the dog trimmed, with empty optional fields stored as nothing and zero training analytics', async () => {
    const res = await addDog(
      clientA.profileId,
      dogBody({ name: '  Biscuit ', breed: ' Beagle ', medicalNotes: '   ', sex: null, trainingGoals: '' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const dog = res.body.dog;
    expect(dog).toMatchObject({
      profileId: clientA.profileId,
      name: 'Biscuit',
      breed: 'Beagle',
      birthDate: '2021-04-10',
      behavioralNotes: 'Pulls on the leash',
      trainingAnalytics: { totalSessions: 0 },
    });
    expect(dog.trainingAnalytics).not.toHaveProperty('lastSessionDate');
    for (const k of ['sex', 'medicalNotes', 'trainingGoals', 'photoUrl', 'photoKey']) expect(dog).not.toHaveProperty(k);
    expect(dog.id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await findDog(dog.id);
    expect(stored?.name).toBe('Biscuit');
    expect(stored?.medicalNotes).toBeUndefined();

    const today = await addDog(clientA.profileId, dogBody({ name: 'Newborn', birthDate: isoDay(0), sex: 'male' }));
    expect(today.status).toBe(201);
    expect(today.body.dog.sex).toBe('male');
  });

  it('refuses missing or blank required fields, future or malformed dates and extra fields, writing nothing', async () => {
    const before = await dogCount(clientA.profileId);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, REQUIRED],
      [{ name: '   ' }, REQUIRED],
      [{ breed: '  ' }, REQUIRED],
      [{ birthDate: '' }, REQUIRED],
      [{ birthDate: undefined }, REQUIRED],
      [{ name: undefined }, REQUIRED],
      [{ birthDate: isoDay(2) }, FUTURE],
      [{ birthDate: '2030-01-01' }, FUTURE],
      [{ birthDate: '2021-02-30' }, 'Birth date must be a date (YYYY-MM-DD)'],
      [{ birthDate: '04/10/2021' }, 'Birth date must be a date (YYYY-MM-DD)'],
      [{ sex: 'none' }, 'Sex must be male or female'],
      [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ name: 42 }, REQUIRED],
    ];
    for (const [over, message] of cases) {
      const res = await addDog(clientA.profileId, dogBody(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.error.message, JSON.stringify(over)).toBe(message);
    }
    for (const extra of ['profileId', 'ownerId', 'totalSessions', 'lastSessionDate', 'photoKey', 'id']) {
      const res = await addDog(clientA.profileId, { ...dogBody(), [extra]: extra === 'totalSessions' ? 99 : 'x' });
      expect(res.status, extra).toBe(400);
      expect(res.body.error.fields[extra], extra).toEqual([`${extra} is not an accepted field`]);
    }
    const notJson = await api('POST', `/api/clients/${clientA.profileId}/dogs`, {
      token: admin.idToken,
      rawBody: '{name:',
    });
    expect(notJson.status).toBe(400);
    expect(await dogCount(clientA.profileId)).toBe(before);
  });

  it("judges 'not in the future' by the business's calendar date, not UTC's", async () => {
    const now = new Date();
    const utcToday = now.toISOString().slice(0, 10);
    // UTC-11 is a day behind UTC before 11:00 UTC, UTC+14 a day ahead from 10:00 UTC: one of them differs now.
    const behind = now.getUTCHours() < 10;
    const timeZone = behind ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const put = await api('PUT', '/api/settings/business', {
      token: admin.idToken,
      body: {
        businessName: 'Happy Tails Training',
        businessPhone: '(813) 555-0199',
        businessEmail: 'desk@happytails.test',
        defaultSessionDuration: 60,
        hourlyRate: null,
        timeZone,
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    try {
      const businessToday = businessDate(now, timeZone);
      expect(businessToday).not.toBe(utcToday);
      if (behind) {
        // UTC's today is tomorrow for the business: refused, on adding and on editing.
        const added = await addDog(clientA.profileId, dogBody({ birthDate: utcToday }));
        expect(added.status, JSON.stringify(added.body)).toBe(400);
        expect(added.body.error).toMatchObject({ message: FUTURE, fields: { birthDate: [FUTURE] } });
        const dog = await addDog(clientA.profileId, dogBody({ birthDate: businessToday }));
        expect(dog.status, JSON.stringify(dog.body)).toBe(201);
        const edited = await api('PATCH', `/api/dogs/${dog.body.dog.id}`, {
          token: admin.idToken,
          body: dogBody({ birthDate: utcToday }),
        });
        expect(edited.status).toBe(400);
        expect(edited.body.error.message).toBe(FUTURE);
        expect((await findDog(dog.body.dog.id))?.birthDate).toBe(businessToday);
      } else {
        // The business's today is already tomorrow in UTC: a puppy born today is taken.
        const added = await addDog(clientA.profileId, dogBody({ birthDate: businessToday }));
        expect(added.status, JSON.stringify(added.body)).toBe(201);
        expect(added.body.dog.birthDate).toBe(businessToday);
      }
    } finally {
      await resetBusinessSettings();
    }
  });

  it('answers 404 Client not found for unknown ids and for profiles that are not clients', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', admin.profileId]) {
      const res = await addDog(id, dogBody());
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Client not found');
      expect((await api('GET', `/api/clients/${id}/dogs`, { token: admin.idToken })).status).toBe(404);
    }
    expect(await dogCount(admin.profileId)).toBe(0);
  });

  it('is admin only', async () => {
    expect((await addDog(clientA.profileId, dogBody(), clientA.idToken)).status).toBe(403);
  });
});

describe('listing and reading dogs', () => {
  it("lists a client's dogs for the admin in pages, and only the caller's own on /api/me/dogs", async () => {
    const owner = await createTestUser('client');
    const first = await dogOf(owner.profileId, 'First');
    const second = await dogOf(owner.profileId, 'Second');
    await dogOf(clientB.profileId, 'Not yours');

    const all = await api('GET', `/api/clients/${owner.profileId}/dogs`, { token: admin.idToken });
    expect(all.status).toBe(200);
    expect(all.body.items.map((d: { name: string }) => d.name)).toEqual(['First', 'Second']);
    expect(all.body.cursor).toBeNull();

    const page1 = await api('GET', `/api/clients/${owner.profileId}/dogs?limit=1`, { token: admin.idToken });
    expect(page1.body.items.map((d: { id: string }) => d.id)).toEqual([first.id]);
    expect(page1.body.cursor).toBeTruthy();
    const page2 = await api(
      'GET',
      `/api/clients/${owner.profileId}/dogs?limit=1&cursor=${encodeURIComponent(page1.body.cursor)}`,
      { token: admin.idToken },
    );
    expect(page2.body.items.map((d: { id: string }) => d.id)).toEqual([second.id]);
    const bad = await api('GET', `/api/clients/${owner.profileId}/dogs?cursor=nonsense`, { token: admin.idToken });
    expect(bad.status).toBe(400);
    expect((await api('GET', `/api/clients/${owner.profileId}/dogs?limit=0`, { token: admin.idToken })).status).toBe(
      400,
    );
    expect((await api('GET', `/api/clients/${owner.profileId}/dogs?x=1`, { token: admin.idToken })).status).toBe(400);

    const mine = await api('GET', '/api/me/dogs', { token: owner.idToken });
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((d: { name: string }) => d.name)).toEqual(['First', 'Second']);
    expect(mine.body.items[0].trainingAnalytics).toEqual({ totalSessions: 0 });

    const asAdmin = await api('GET', '/api/me/dogs', { token: admin.idToken });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.items).toEqual([]);
  });

  it('shows training analytics kept by the sessions feature', async () => {
    const dog = await dogOf(clientA.profileId);
    await store().entities.dog.patch({ id: dog.id }).set({ totalSessions: 3, lastSessionDate: '2025-03-01' }).go();
    const res = await api('GET', `/api/dogs/${dog.id}`, { token: clientA.idToken });
    expect(res.body.dog.trainingAnalytics).toEqual({ totalSessions: 3, lastSessionDate: '2025-03-01' });
  });

  it("gives a client their own dog and 404 for another client's dog or an unknown id; the admin any dog", async () => {
    const dogA = await dogOf(clientA.profileId, 'Own');
    const own = await api('GET', `/api/dogs/${dogA.id}`, { token: clientA.idToken });
    expect(own.status).toBe(200);
    expect(own.body.dog.name).toBe('Own');
    const other = await api('GET', `/api/dogs/${dogA.id}`, { token: clientB.idToken });
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('Dog not found');
    expect(JSON.stringify(other.body)).not.toContain('Own');
    expect((await api('GET', '/api/dogs/no-such-dog', { token: clientA.idToken })).status).toBe(404);
    expect((await api('GET', `/api/dogs/${dogA.id}`, { token: admin.idToken })).status).toBe(200);
  });
});

describe('editing and deleting a dog (admin)', () => {
  it('replaces the form fields, clears optional ones sent as null and keeps owner and analytics', async () => {
    const created = await addDog(clientA.profileId, dogBody({ medicalNotes: 'Hip dysplasia' }));
    const id = created.body.dog.id;
    const res = await api('PATCH', `/api/dogs/${id}`, {
      token: admin.idToken,
      body: dogBody({ name: ' Biscuit II ', sex: null, medicalNotes: null, behavioralNotes: 'Calmer now' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.dog).toMatchObject({
      id,
      profileId: clientA.profileId,
      name: 'Biscuit II',
      behavioralNotes: 'Calmer now',
      trainingGoals: 'Loose-leash walking',
      trainingAnalytics: { totalSessions: 0 },
    });
    expect(res.body.dog).not.toHaveProperty('sex');
    expect(res.body.dog).not.toHaveProperty('medicalNotes');
    expect(res.body.dog.updatedAt >= created.body.dog.updatedAt).toBe(true);
  });

  it('refuses bad input and extra fields, changing nothing; 404 for unknown dogs; admin only', async () => {
    const dog = await dogOf(clientA.profileId, 'Steady');
    const patch = (body: unknown, token = admin.idToken, id = dog.id) =>
      api('PATCH', `/api/dogs/${id}`, { token, body });
    expect((await patch(dogBody({ name: '' }))).body.error.message).toBe(REQUIRED);
    expect((await patch(dogBody({ birthDate: isoDay(1) }))).body.error.message).toBe(FUTURE);
    for (const extra of ['profileId', 'ownerId', 'totalSessions']) {
      const res = await patch({ ...dogBody(), [extra]: extra === 'totalSessions' ? 5 : clientB.profileId });
      expect(res.status).toBe(400);
      expect(res.body.error.fields[extra]).toBeDefined();
    }
    expect((await patch(dogBody(), clientA.idToken)).status).toBe(403);
    const stored = await findDog(dog.id);
    expect(stored?.name).toBe('Steady');
    expect(stored?.profileId).toBe(clientA.profileId);
    expect(stored?.totalSessions).toBe(0);

    const missing = await patch(dogBody(), admin.idToken, '00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Dog not found');
    expect(await findDog('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('deletes a dog (admin only); a second delete answers 404', async () => {
    const dog = await dogOf(clientA.profileId);
    expect((await api('DELETE', `/api/dogs/${dog.id}`, { token: clientA.idToken })).status).toBe(403);
    expect(await findDog(dog.id)).toBeDefined();
    expect((await api('DELETE', `/api/dogs/${dog.id}`, { token: admin.idToken })).status).toBe(204);
    expect(await findDog(dog.id)).toBeUndefined();
    expect((await api('DELETE', `/api/dogs/${dog.id}`, { token: admin.idToken })).status).toBe(404);
    expect((await api('GET', `/api/dogs/${dog.id}`, { token: admin.idToken })).status).toBe(404);
  });
});
