import { beforeAll, describe, expect, it } from 'vitest';
import {
  ATTENDANCE_TEXTS,
  type ClassView,
  type EnrolmentView,
  type RosterEntry,
} from '../../shared/contracts/classes.js';
import { store } from '../../shared/db/service.js';
import { deleteClientCompletely, listClientItems } from '../../shared/domain/cascades.js';
import { getCredits } from '../../shared/domain/credits.js';
import { createDog } from '../../shared/domain/dogs.js';
import { getProfileById } from '../../shared/domain/profiles.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { startFirstMeeting } from '../support/class-time.js';
import { classBody } from './matrix/classes.js';

/**
 * Attendance of class meetings (docs/decisions/0072-class-attendance.md): the first mark of a dog for a
 * meeting uses one held credit, once; a meeting is marked once it has started and only for enrolled dogs;
 * a note reaches its dog's owner and nobody else.
 */

let admin: TestUser;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [admin, ann, bob] = await Promise.all([createTestUser('admin'), createTestUser('client'), createTestUser('client')]);
});

const giveCredits = (profileId: string, credits: number) =>
  store().entities.sessionCredits.update({ profileId }).add({ balance: credits }).go();

const dogOf = (user: TestUser, name: string) =>
  createDog(user.profileId, { name, breed: 'Mix', birthDate: '2024-01-01', sex: 'female' } as Parameters<
    typeof createDog
  >[1]);

async function publishedClass(over: Record<string, unknown> = {}): Promise<ClassView> {
  const created = await api('POST', '/api/classes', { token: admin.idToken, body: { ...classBody(), ...over } });
  expect(created.status).toBe(201);
  const published = await api('POST', `/api/classes/${created.body.class.id}/publish`, { token: admin.idToken });
  expect(published.status).toBe(200);
  return published.body.class;
}

/** A new dog of `user` with credits for the class, enrolled through the API. */
async function enrolled(user: TestUser, c: ClassView, name: string) {
  const dog = await dogOf(user, name);
  await giveCredits(user.profileId, c.credits);
  const res = await api('POST', `/api/classes/${c.id}/enrolments`, { token: user.idToken, body: { dogId: dog.id } });
  expect(res.status).toBe(201);
  return { dog, enrolment: res.body.enrolment as EnrolmentView };
}

const mark = (classId: string, meetingId: string, body: Record<string, unknown>) =>
  api('PUT', `/api/classes/${classId}/meetings/${meetingId}/attendance`, { token: admin.idToken, body });

describe('marking attendance', () => {
  it('uses one held credit on the first mark only, however often and however the mark changes', async () => {
    const c = await publishedClass();
    const { dog, enrolment } = await enrolled(ann, c, 'Juniper');
    const before = await getCredits(ann.profileId);
    const meeting = await startFirstMeeting(c.id);

    const first = await mark(c.id, meeting.id, { dogId: dog.id, status: 'present', note: 'Lovely recall.' });
    expect(first.status).toBe(200);
    expect(first.body.attendance).toMatchObject({ status: 'present', note: 'Lovely recall.', creditUsed: true });
    expect(await getCredits(ann.profileId)).toEqual({ balance: before.balance, held: before.held - 1 });

    // Marked again, changed to absent, and three changes at once: still one credit.
    expect((await mark(c.id, meeting.id, { dogId: dog.id, status: 'present' })).status).toBe(200);
    const results = await Promise.all(
      ['absent', 'present', 'absent'].map((status) => mark(c.id, meeting.id, { dogId: dog.id, status, note: 'x' })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const last = await mark(c.id, meeting.id, { dogId: dog.id, status: 'absent', note: 'Missed, hope she is well.' });
    expect(last.body.attendance).toMatchObject({ status: 'absent', note: 'Missed, hope she is well.' });
    expect(await getCredits(ann.profileId)).toEqual({ balance: before.balance, held: before.held - 1 });

    // The trainer removes the seat afterwards: only the credit still held goes back.
    const removed = await api('DELETE', `/api/enrolments/${enrolment.id}`, { token: admin.idToken });
    expect(removed.status).toBe(200);
    expect(await getCredits(ann.profileId)).toEqual({
      balance: before.balance + c.credits - 1,
      held: before.held - c.credits,
    });
  });

  it('uses one credit per dog when two dogs are first marked at once', async () => {
    const c = await publishedClass({ credits: 1 });
    const [a, b] = [await enrolled(ann, c, 'Olive'), await enrolled(ann, c, 'Pip')];
    const before = await getCredits(ann.profileId);
    const meeting = await startFirstMeeting(c.id);
    const results = await Promise.all([
      mark(c.id, meeting.id, { dogId: a.dog.id, status: 'present' }),
      mark(c.id, meeting.id, { dogId: b.dog.id, status: 'present' }),
      mark(c.id, meeting.id, { dogId: a.dog.id, status: 'absent' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await getCredits(ann.profileId)).toEqual({ balance: before.balance, held: before.held - 2 });
  });

  it('refuses a meeting that has not started, a dog without a seat and an unknown meeting', async () => {
    const c = await publishedClass();
    const { dog } = await enrolled(ann, c, 'Maple');
    const stranger = await dogOf(bob, 'Stray');
    const before = await getCredits(ann.profileId);

    const early = await mark(c.id, c.meetings[0].id, { dogId: dog.id, status: 'present' });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(ATTENDANCE_TEXTS.notStarted);

    const meeting = await startFirstMeeting(c.id);
    const notEnrolled = await mark(c.id, meeting.id, { dogId: stranger.id, status: 'present' });
    expect(notEnrolled.status).toBe(400);
    expect(notEnrolled.body.error.message).toBe(ATTENDANCE_TEXTS.notEnrolled);
    expect((await mark(c.id, 'no-such-meeting', { dogId: dog.id, status: 'present' })).status).toBe(404);
    expect((await mark(c.id, meeting.id, { dogId: dog.id, status: 'late' })).status).toBe(400);

    expect(await getCredits(ann.profileId)).toEqual(before);
    const roster = await api('GET', `/api/classes/${c.id}/roster?meetingId=${meeting.id}`, { token: admin.idToken });
    expect(roster.body.enrolled.map((e: RosterEntry) => e.attendance)).toEqual([null]);
  });
});

describe('the roster per meeting', () => {
  it("opens on today's meeting and shows each dog's vaccinations on that date and its mark", async () => {
    const c = await publishedClass({ requiredVaccines: ['rabies', 'dhpp'] });
    const covered = await enrolled(ann, c, 'Covered');
    const gaps = await enrolled(bob, c, 'Gaps');
    const meeting = await startFirstMeeting(c.id);
    await store()
      .entities.dog.patch({ id: covered.dog.id })
      .set({ vaccineExpiries: { rabies: '2099-01-01', dhpp: '2099-01-01' } })
      .go();
    await store()
      .entities.dog.patch({ id: gaps.dog.id })
      .set({ vaccineExpiries: { rabies: '2020-01-01' } })
      .go();
    await mark(c.id, meeting.id, { dogId: covered.dog.id, status: 'present', note: 'Great.' });

    const roster = await api('GET', `/api/classes/${c.id}/roster`, { token: admin.idToken });
    expect(roster.status).toBe(200);
    expect(roster.body.meeting.id).toBe(meeting.id);
    const byDog = new Map<string, RosterEntry>(roster.body.enrolled.map((e: RosterEntry) => [e.dogName, e]));
    expect(byDog.get('Covered')).toMatchObject({
      vaccinationGaps: [],
      attendance: { status: 'present', note: 'Great.' },
      email: ann.email,
    });
    expect(byDog.get('Gaps')?.vaccinationGaps).toEqual([
      { vaccine: 'rabies', state: 'expired', expiresOn: '2020-01-01' },
      { vaccine: 'dhpp', state: 'missing' },
    ]);
    expect(byDog.get('Gaps')?.attendance).toBeNull();

    const second = await api('GET', `/api/classes/${c.id}/roster?meetingId=${c.meetings[1].id}`, {
      token: admin.idToken,
    });
    expect(second.body.meeting.id).toBe(c.meetings[1].id);
    expect(second.body.enrolled.every((e: RosterEntry) => e.attendance === null)).toBe(true);
    const unknown = await api('GET', `/api/classes/${c.id}/roster?meetingId=nope`, { token: admin.idToken });
    expect(unknown.status).toBe(404);
  });
});

describe('notes reach the owner only', () => {
  it("gives each client their own dog's note in their classes, never another client's", async () => {
    const c = await publishedClass();
    const a = await enrolled(ann, c, 'Annie');
    const b = await enrolled(bob, c, 'Bobby');
    const meeting = await startFirstMeeting(c.id);
    await mark(c.id, meeting.id, { dogId: a.dog.id, status: 'present', note: 'Ann-only: practise sit at doors.' });
    await mark(c.id, meeting.id, { dogId: b.dog.id, status: 'absent', note: 'Bob-only: catch up next week.' });

    const asAnn = await api('GET', '/api/classes', { token: ann.idToken });
    expect(asAnn.status).toBe(200);
    const annEnrolment = (asAnn.body.enrolments as EnrolmentView[]).find((e) => e.id === a.enrolment.id);
    expect(annEnrolment?.meetings).toEqual([
      {
        meetingId: meeting.id,
        startsAt: meeting.startsAt,
        status: 'present',
        note: 'Ann-only: practise sit at doors.',
      },
    ]);
    expect(JSON.stringify(asAnn.body)).not.toContain('Bob-only');

    const asBob = await api('GET', '/api/classes', { token: bob.idToken });
    const bobEnrolment = (asBob.body.enrolments as EnrolmentView[]).find((e) => e.id === b.enrolment.id);
    expect(bobEnrolment?.meetings?.[0]).toMatchObject({ status: 'absent', note: 'Bob-only: catch up next week.' });
    expect(JSON.stringify(asBob.body)).not.toContain('Ann-only');
  });

  it("the client's export carries their marks and the full deletion removes them", async () => {
    const owner = await createTestUser('client');
    const c = await publishedClass();
    const { dog } = await enrolled(owner, c, 'Gone');
    const meeting = await startFirstMeeting(c.id);
    await mark(c.id, meeting.id, { dogId: dog.id, status: 'present', note: 'Exported note.' });

    const exported = await api('GET', '/api/me/export', { token: owner.idToken });
    expect(exported.status).toBe(200);
    expect(exported.body.classAttendance).toEqual([
      expect.objectContaining({ classId: c.id, meetingId: meeting.id, dogId: dog.id, note: 'Exported note.' }),
    ]);

    const profile = await getProfileById(owner.profileId);
    if (!profile) throw new Error('no profile');
    expect((await listClientItems(profile)).classAttendance).toHaveLength(1);
    await deleteClientCompletely(owner.profileId);
    const { data } = await store().entities.classAttendance.query.byClient({ clientId: owner.profileId }).go();
    expect(data).toEqual([]);
  });
});
