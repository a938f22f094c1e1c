import { store } from '../../../shared/db/service.js';
import { createClass, publishClass } from '../../../shared/domain/classes.js';
import { cancelEnrolment, enrol, enrolmentId } from '../../../shared/domain/enrolments.js';
import { getProfileById } from '../../../shared/domain/profiles.js';
import { api, type TestUser } from '../../support/api.js';
import { startFirstMeeting } from '../../support/class-time.js';
import { dogOf } from './dogs-and-notes.js';
import { ADMIN_ONLY, type Expectations, type MatrixUsers } from './types.js';

const DAY = 86_400_000;

/**
 * A first meeting `days` ahead at 03:xx UTC: the night, away from the afternoon hours where the sessions
 * tests schedule (a published class's meetings are busy time and clash with sessions).
 */
export function nightAhead(days: number): string {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(3, Math.floor(Math.random() * 50), 0, 0);
  return d.toISOString();
}

export const classBody = () => ({
  title: 'Matrix Puppy Class',
  description: 'Six weeks of **puppy** manners.',
  credits: 2,
  capacity: 4,
  online: false,
  location: 'Training barn',
  requiredVaccines: [],
  vaccinationRule: 'warn',
  firstMeeting: nightAhead(7),
  durationMinutes: 60,
  weeks: 2,
});

/** A class written through the domain (the routes are the subject); published unless asked otherwise. */
async function classOf(published = true) {
  const c = await createClass(classBody() as Parameters<typeof createClass>[0]);
  return published ? publishClass(c.id) : c;
}

const giveCredits = (profileId: string, credits: number) =>
  store().entities.sessionCredits.update({ profileId }).add({ balance: credits }).go();

/** An enrolment of client A's dog in a new class. */
async function enrolmentOfA(u: MatrixUsers) {
  const c = await classOf();
  const dog = await dogOf(u.clientA.profileId);
  await giveCredits(u.clientA.profileId, 2);
  const client = await getProfileById(u.clientA.profileId);
  if (!client) throw new Error('client A has no profile');
  return (await enrol(client, c.id, dog.id)).enrolment;
}

/**
 * A seat offered to client A's dog: a class of one seat taken by client B's dog, A's dog waitlisted, then
 * B's seat removed by the trainer (the seat passes to A, ADR 0071).
 */
async function offerToA(u: MatrixUsers) {
  const c = await createClass({ ...classBody(), capacity: 1 } as Parameters<typeof createClass>[0]);
  await publishClass(c.id);
  const [dogA, dogB] = await Promise.all([dogOf(u.clientA.profileId), dogOf(u.clientB.profileId)]);
  await Promise.all([giveCredits(u.clientA.profileId, 2), giveCredits(u.clientB.profileId, 2)]);
  const [a, b] = await Promise.all([getProfileById(u.clientA.profileId), getProfileById(u.clientB.profileId)]);
  if (!a || !b) throw new Error('client A or B has no profile');
  const seat = (await enrol(b, c.id, dogB.id)).enrolment;
  const place = (await enrol(a, c.id, dogA.id)).enrolment;
  await cancelEnrolment({ role: 'admin', id: 'matrix' }, seat.id);
  return place;
}

/** Group classes: the trainer keeps them; a client reads the published ones and enrols only their own dogs. */
export const classesExpectations: Expectations = {
  'GET /api/classes': {
    request: () => ({ path: '/api/classes' }),
    status: { anonymous: 401, clientA: 200, clientB: 200, admin: 200 },
  },
  'POST /api/classes': {
    request: () => ({ path: '/api/classes', body: classBody() }),
    status: { anonymous: 401, clientA: 403, clientB: 403, admin: 201 },
  },
  'GET /api/classes/{classId}': {
    // A draft: the trainer reads it, a client gets the answer of a class that does not exist.
    request: async () => ({ path: `/api/classes/${(await classOf(false)).id}` }),
    status: { anonymous: 401, clientA: 404, clientB: 404, admin: 200 },
  },
  'PUT /api/classes/{classId}': {
    request: async () => ({ path: `/api/classes/${(await classOf(false)).id}`, body: classBody() }),
    status: ADMIN_ONLY,
  },
  'DELETE /api/classes/{classId}': {
    request: async () => ({ path: `/api/classes/${(await classOf()).id}` }),
    status: { anonymous: 401, clientA: 403, clientB: 403, admin: 204 },
  },
  'POST /api/classes/{classId}/publish': {
    request: async () => ({ path: `/api/classes/${(await classOf(false)).id}/publish` }),
    status: ADMIN_ONLY,
  },
  'GET /api/classes/{classId}/roster': {
    request: async (u) => ({ path: `/api/classes/${(await enrolmentOfA(u)).classId}/roster` }),
    status: ADMIN_ONLY,
  },
  'POST /api/classes/{classId}/enrolments': {
    // Client B offering client A's dog is refused like a dog of nobody's.
    request: async (u) => {
      const [c, dog] = await Promise.all([classOf(), dogOf(u.clientA.profileId)]);
      await giveCredits(u.clientA.profileId, 2);
      return { path: `/api/classes/${c.id}/enrolments`, body: { dogId: dog.id } };
    },
    status: { anonymous: 401, clientA: 201, clientB: 400, admin: 403 },
  },
  'DELETE /api/enrolments/{enrolmentId}': {
    request: async (u) => ({ path: `/api/enrolments/${(await enrolmentOfA(u)).id}` }),
    status: { anonymous: 401, clientA: 200, clientB: 404, admin: 200 },
  },
  'GET /api/class-meetings': {
    request: () => {
      const from = new Date().toISOString();
      return { path: `/api/class-meetings?from=${from}&to=${new Date(Date.now() + 30 * DAY).toISOString()}` };
    },
    status: { anonymous: 401, clientA: 200, clientB: 200, admin: 200 },
  },
  'GET /api/public/classes/seats': {
    request: () => ({ path: '/api/public/classes/seats' }),
    status: { anonymous: 200, clientA: 200, clientB: 200, admin: 200 },
  },
  'POST /api/enrolments/{enrolmentId}/accept': {
    // Client A's own offer; client B's answer is that of an enrolment that does not exist.
    request: async (u) => ({ path: `/api/enrolments/${(await offerToA(u)).id}/accept` }),
    status: { anonymous: 401, clientA: 200, clientB: 404, admin: 403 },
  },
  'POST /api/classes/{classId}/meetings/{meetingId}/cancel': {
    request: async () => {
      const c = await classOf();
      return { path: `/api/classes/${c.id}/meetings/${c.meetings[1].id}/cancel`, body: { reason: 'Storm warning' } };
    },
    status: ADMIN_ONLY,
  },
  'POST /api/classes/{classId}/meetings/{meetingId}/move': {
    // Another night; overlapping knowingly, so the answer is the access rule's, not a clash with a parallel test's.
    request: async () => {
      const c = await classOf();
      return {
        path: `/api/classes/${c.id}/meetings/${c.meetings[1].id}/move`,
        body: { startsAt: nightAhead(21), allowOverlap: true },
      };
    },
    status: ADMIN_ONLY,
  },
};

/** Attendance (docs/decisions/0072-class-attendance.md): the trainer marks a started meeting. */
export const attendanceExpectations: Expectations = {
  'PUT /api/classes/{classId}/meetings/{meetingId}/attendance': {
    request: async (u) => {
      const e = await enrolmentOfA(u);
      const meeting = await startFirstMeeting(e.classId);
      return {
        path: `/api/classes/${e.classId}/meetings/${meeting.id}/attendance`,
        body: { dogId: e.dogId, status: 'present', note: 'Good focus on the mat.' },
      };
    },
    status: ADMIN_ONLY,
  },
};

/**
 * What the client privacy walk needs of a client's classes (test/integration/client-privacy.test.ts):
 * credits for the seats, a class to enrol in, an enrolment of theirs to cancel, and a full class whose
 * seat is offered to them.
 */
export async function classesOfClient(admin: TestUser, client: TestUser, dogId: string) {
  const asAdmin = (method: string, path: string, body?: unknown) => api(method, path, { token: admin.idToken, body });
  await giveCredits(client.profileId, 5);
  const published = async (capacity: number) => {
    const made = await asAdmin('POST', '/api/classes', { ...classBody(), capacity, credits: 1 });
    if (made.status !== 201) throw new Error(`class: ${JSON.stringify(made.body)}`);
    return (await asAdmin('POST', `/api/classes/${made.body.class.id}/publish`)).body.class as { id: string };
  };
  const [toEnrol, toLeave, full] = await Promise.all([published(3), published(3), published(1)]);
  const enrolled = await api('POST', `/api/classes/${toLeave.id}/enrolments`, {
    token: client.idToken,
    body: { dogId },
  });
  if (enrolled.status !== 201) throw new Error(`enrolment: ${JSON.stringify(enrolled.body)}`);
  const offeredEnrolment = enrolmentId(full.id, dogId);
  await store().entities.groupClass.patch({ id: full.id }).set({ seatsTaken: 1 }).go();
  await store()
    .entities.enrolment.put({
      id: offeredEnrolment,
      classId: full.id,
      classTitle: 'Privacy class',
      clientId: client.profileId,
      clientName: 'Private Person',
      dogId,
      dogName: 'Whisper',
      status: 'offered',
      offerExpiresAt: new Date(Date.now() + DAY).toISOString(),
      creditsUsed: 0,
      createdAt: new Date().toISOString(),
    })
    .go();
  return { classId: toEnrol.id, enrolmentToCancel: enrolled.body.enrolment.id as string, offeredEnrolment };
}
