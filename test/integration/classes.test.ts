import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLASS_TEXTS, type ClassView } from '../../shared/contracts/classes.js';
import { store } from '../../shared/db/service.js';
import { getCredits } from '../../shared/domain/credits.js';
import { createDog } from '../../shared/domain/dogs.js';
import { cancelEnrolment, enrol } from '../../shared/domain/enrolments.js';
import { createProfile } from '../../shared/domain/profiles.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { classBody } from './matrix/classes.js';

/**
 * Group classes (docs/decisions/0070-group-classes.md): drafts stay private, enrolment is exact at
 * capacity and the waitlist keeps the order of arrival, credits are held and given back.
 */

let admin: TestUser;
let client: TestUser;

beforeAll(async () => {
  [admin, client] = await Promise.all([createTestUser('admin'), createTestUser('client')]);
});

const giveCredits = (profileId: string, credits: number) =>
  store().entities.sessionCredits.update({ profileId }).add({ balance: credits }).go();

const dogBody = (name: string) => ({ name, breed: 'Mix', birthDate: '2024-01-01', sex: 'male' });

async function publishedClass(over: Record<string, unknown> = {}): Promise<ClassView> {
  const created = await api('POST', '/api/classes', { token: admin.idToken, body: { ...classBody(), ...over } });
  expect(created.status).toBe(201);
  const published = await api('POST', `/api/classes/${created.body.class.id}/publish`, { token: admin.idToken });
  expect(published.status).toBe(200);
  return published.body.class;
}

async function newClient(i: number) {
  const p = await createProfile({
    userId: randomUUID(),
    role: 'client',
    firstName: `Owner${i}`,
    lastName: 'Class',
    email: `class-${randomUUID().slice(0, 8)}@pawsitive.test`,
    profileCompleted: true,
  });
  const dog = await createDog(p.id, dogBody(`Pup${i}`) as Parameters<typeof createDog>[1]);
  await giveCredits(p.id, 2);
  return { profile: p, dog };
}

describe('the trainer defines a class', () => {
  it('keeps a draft private until it is published, with its weekly meetings', async () => {
    const created = await api('POST', '/api/classes', { token: admin.idToken, body: { ...classBody(), weeks: 6 } });
    expect(created.status).toBe(201);
    const c: ClassView = created.body.class;
    expect(c.status).toBe('draft');
    expect(c.meetings).toHaveLength(6);
    expect(Date.parse(c.meetings[1].startsAt) - Date.parse(c.meetings[0].startsAt)).toBeGreaterThanOrEqual(
      7 * 86_400_000 - 3_600_000,
    );

    const asClient = await api('GET', '/api/classes', { token: client.idToken });
    expect(asClient.body.classes.map((x: ClassView) => x.id)).not.toContain(c.id);
    expect((await api('GET', `/api/classes/${c.id}`, { token: client.idToken })).status).toBe(404);

    await api('POST', `/api/classes/${c.id}/publish`, { token: admin.idToken });
    const after = await api('GET', '/api/classes', { token: client.idToken });
    expect(after.body.classes.find((x: ClassView) => x.id === c.id)?.seatsLeft).toBe(4);
  });

  it('refuses bad input with the field message and changes nothing', async () => {
    const bad = await api('POST', '/api/classes', {
      token: admin.idToken,
      body: { ...classBody(), capacity: 0, location: null },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(CLASS_TEXTS.capacity);
    const past = await api('POST', '/api/classes', {
      token: admin.idToken,
      body: { ...classBody(), firstMeeting: new Date(Date.now() - 3_600_000).toISOString() },
    });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe(CLASS_TEXTS.firstMeetingPast);
  });

  it("keeps a published class's meetings", async () => {
    const c = await publishedClass();
    const moved = await api('PUT', `/api/classes/${c.id}`, {
      token: admin.idToken,
      body: { ...classBody(), firstMeeting: new Date(Date.now() + 9 * 86_400_000).toISOString() },
    });
    expect(moved.status).toBe(409);
    const renamed = await api('PUT', `/api/classes/${c.id}`, {
      token: admin.idToken,
      body: { ...classBody(), firstMeeting: c.meetings[0].startsAt, title: 'Puppy Manners' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.class.title).toBe('Puppy Manners');
    expect(renamed.body.class.meetings).toEqual(c.meetings);
  });
});

describe('enrolment', () => {
  it('gives exactly the seats there are and puts the rest on the waitlist in order (30 clients, 10 seats)', async () => {
    const c = await publishedClass({ capacity: 10 });
    const clients = await Promise.all(Array.from({ length: 30 }, (_, i) => newClient(i)));
    const results = await Promise.all(clients.map(({ profile, dog }) => enrol(profile, c.id, dog.id)));

    const enrolled = results.filter((r) => r.enrolment.status === 'enrolled');
    const waitlisted = results.filter((r) => r.enrolment.status === 'waitlisted');
    expect(enrolled).toHaveLength(10);
    expect(waitlisted).toHaveLength(20);

    const roster = await api('GET', `/api/classes/${c.id}/roster`, { token: admin.idToken });
    expect(roster.body.class.seatsTaken).toBe(10);
    expect(roster.body.class.waitlisted).toBe(20);
    expect(roster.body.enrolled).toHaveLength(10);
    expect(roster.body.waitlist.map((w: { position: number }) => w.position)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    // Each seat holds the class's credits; a waitlist place holds none.
    for (const r of results) {
      const credits = await getCredits(r.enrolment.clientId);
      expect(credits).toEqual(r.enrolment.status === 'enrolled' ? { balance: 0, held: 2 } : { balance: 2, held: 0 });
    }
    expect((await api('GET', `/api/classes/${c.id}`, { token: client.idToken })).body.class.seatsLeft).toBe(0);
  });

  it('refuses the same dog twice, a seat without credits, and another client’s dog', async () => {
    const c = await publishedClass({ capacity: 2 });
    const a = await newClient(1);
    await enrol(a.profile, c.id, a.dog.id);
    await expect(enrol(a.profile, c.id, a.dog.id)).rejects.toThrow(CLASS_TEXTS.alreadyEnrolled);

    const poor = await newClient(2);
    await store().entities.sessionCredits.update({ profileId: poor.profile.id }).add({ balance: -2 }).go();
    await expect(enrol(poor.profile, c.id, poor.dog.id)).rejects.toThrow(CLASS_TEXTS.notEnoughCredits);

    const other = await api('POST', `/api/classes/${c.id}/enrolments`, {
      token: client.idToken,
      body: { dogId: a.dog.id },
    });
    expect(other.status).toBe(400);
    const roster = await api('GET', `/api/classes/${c.id}/roster`, { token: admin.idToken });
    expect(roster.body.class.seatsTaken).toBe(1);
  });

  it('refuses or warns about vaccinations not in order through the last meeting, as the trainer chose', async () => {
    const refuse = await publishedClass({ requiredVaccines: ['rabies'], vaccinationRule: 'refuse' });
    const warn = await publishedClass({ requiredVaccines: ['rabies'], vaccinationRule: 'warn' });
    const a = await newClient(3);
    await expect(enrol(a.profile, refuse.id, a.dog.id)).rejects.toThrow('missing Rabies');
    const warned = await enrol(a.profile, warn.id, a.dog.id);
    expect(warned.enrolment.status).toBe('enrolled');
    expect(warned.warning).toContain('missing Rabies');
  });

  it('passes the seat on at a cancellation and gives the credits back; a client cancels only their own', async () => {
    const c = await publishedClass({ capacity: 1 });
    const { id: dogId } = await createDog(client.profileId, dogBody('Biscuit') as Parameters<typeof createDog>[1]);
    await giveCredits(client.profileId, 2);
    const before = await getCredits(client.profileId);
    const made = await api('POST', `/api/classes/${c.id}/enrolments`, { token: client.idToken, body: { dogId } });
    expect(made.status).toBe(201);
    expect(made.body.class.seatsLeft).toBe(0);

    const b = await newClient(4);
    const queued = await enrol(b.profile, c.id, b.dog.id);
    expect(queued.enrolment).toMatchObject({ status: 'waitlisted', position: 1 });
    await expect(cancelEnrolment({ role: 'client', id: b.profile.id }, made.body.enrolment.id)).rejects.toThrow(
      CLASS_TEXTS.enrolmentNotFound,
    );

    const list = await api('GET', '/api/classes', { token: client.idToken });
    expect(list.body.enrolments.map((e: { id: string }) => e.id)).toEqual([made.body.enrolment.id]);

    const cancelled = await api('DELETE', `/api/enrolments/${made.body.enrolment.id}`, { token: client.idToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.enrolment.status).toBe('cancelled');
    expect(await getCredits(client.profileId)).toEqual(before);
    const again = await api('DELETE', `/api/enrolments/${made.body.enrolment.id}`, { token: client.idToken });
    expect(again.status).toBe(409);
    // The seat is held for the waitlist's first (ADR 0071), not freed.
    const roster = await api('GET', `/api/classes/${c.id}/roster`, { token: admin.idToken });
    expect(roster.body.class).toMatchObject({ seatsTaken: 1, waitlisted: 0 });
    expect(roster.body.offered.map((e: { id: string }) => e.id)).toEqual([queued.enrolment.id]);
  });

  it('gives every enrolled client their credits back when the trainer deletes the class', async () => {
    const c = await publishedClass({ capacity: 1 });
    const a = await newClient(5);
    const b = await newClient(6);
    await enrol(a.profile, c.id, a.dog.id);
    await enrol(b.profile, c.id, b.dog.id);
    expect((await api('DELETE', `/api/classes/${c.id}`, { token: admin.idToken })).status).toBe(204);
    expect(await getCredits(a.profile.id)).toEqual({ balance: 2, held: 0 });
    expect(await getCredits(b.profile.id)).toEqual({ balance: 2, held: 0 });
    expect((await api('GET', `/api/classes/${c.id}`, { token: admin.idToken })).status).toBe(404);
    const { data } = await store().entities.enrolment.query.byClass({ classId: c.id }).go();
    expect(data).toEqual([]);
  });

  it("includes a client's enrolments in their export, and full deletion frees their seat", async () => {
    const leaving = await createTestUser('client');
    const c = await publishedClass({ capacity: 3 });
    const { id: dogId } = await createDog(leaving.profileId, dogBody('Scout') as Parameters<typeof createDog>[1]);
    await giveCredits(leaving.profileId, 2);
    const made = await api('POST', `/api/classes/${c.id}/enrolments`, { token: leaving.idToken, body: { dogId } });
    expect(made.status).toBe(201);

    const exported = await api('GET', '/api/me/export', { token: leaving.idToken });
    expect(exported.body.enrolments).toEqual([
      expect.objectContaining({ id: made.body.enrolment.id, status: 'enrolled' }),
    ]);

    expect((await api('DELETE', `/api/clients/${leaving.profileId}`, { token: admin.idToken })).status).toBe(204);
    const roster = await api('GET', `/api/classes/${c.id}/roster`, { token: admin.idToken });
    expect(roster.body.class.seatsTaken).toBe(0);
    expect(roster.body.enrolled).toEqual([]);
    const { data } = await store().entities.enrolment.query.byClient({ clientId: leaving.profileId }).go();
    expect(data).toEqual([]);
  });
});
