import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { OneOffSchedule } from '../../shared/adapters/scheduler.js';
import { CLASS_OFFER_TEXTS, CLASS_TEXTS, type ClassView, type EnrolmentView } from '../../shared/contracts/classes.js';
import { store } from '../../shared/db/service.js';
import { expireClassOffer } from '../../shared/domain/class-offers.js';
import { getCredits } from '../../shared/domain/credits.js';
import { createDog } from '../../shared/domain/dogs.js';
import { enrol, findEnrolment } from '../../shared/domain/enrolments.js';
import { getProfileById, type Profile } from '../../shared/domain/profiles.js';
import { api, busIdle, createTestUser, sesStore, type TestUser, waitFor } from '../support/api.js';
import { classBody } from './matrix/classes.js';

/**
 * Waitlist offers (docs/decisions/0071-class-waitlist-offers.md): a freed seat is held for the first on
 * the waitlist, who is told by message and e-mail; taken it holds the credits, lapsed it passes on, and
 * nobody new takes a seat while anyone waits.
 */

let admin: TestUser;

beforeAll(async () => {
  admin = await createTestUser('admin');
});

const DAY = 86_400_000;

const giveCredits = (profileId: string, credits: number) =>
  store().entities.sessionCredits.update({ profileId }).add({ balance: credits }).go();

async function publishedClass(over: Record<string, unknown> = {}): Promise<ClassView> {
  const created = await api('POST', '/api/classes', { token: admin.idToken, body: { ...classBody(), ...over } });
  expect(created.status).toBe(201);
  const published = await api('POST', `/api/classes/${created.body.class.id}/publish`, { token: admin.idToken });
  expect(published.status).toBe(200);
  return published.body.class;
}

interface Member {
  user: TestUser;
  profile: Profile;
  dogId: string;
}

/** A signed-in client with a dog and `credits` credits. */
async function member(name: string, credits = 2): Promise<Member> {
  const user = await createTestUser('client', { firstName: name });
  const dog = await createDog(user.profileId, {
    name: `${name}'s dog`,
    breed: 'Mix',
    birthDate: '2024-01-01',
    sex: 'female',
  } as Parameters<typeof createDog>[1]);
  if (credits) await giveCredits(user.profileId, credits);
  const profile = (await getProfileById(user.profileId)) as Profile;
  return { user, profile, dogId: dog.id };
}

const join = async (m: Member, classId: string) => (await enrol(m.profile, classId, m.dogId)).enrolment;

const roster = async (classId: string) =>
  (await api('GET', `/api/classes/${classId}/roster`, { token: admin.idToken })).body;

async function schedules(): Promise<OneOffSchedule[]> {
  const res = await fetch(`${inject('urls').site}/__local/schedules`);
  return ((await res.json()) as { items: OneOffSchedule[] }).items;
}

/** A class of one seat, taken by `holder`, with `waiting` on the waitlist in order. */
async function fullClass(holder: Member, waiting: Member[]) {
  const c = await publishedClass({ capacity: 1 });
  const seat = await join(holder, c.id);
  expect(seat.status).toBe('enrolled');
  const places: EnrolmentView[] = [];
  for (const m of waiting) places.push(await join(m, c.id));
  expect(places.map((p) => p.status)).toEqual(waiting.map(() => 'waitlisted'));
  return { c, seat, places };
}

describe('a freed seat goes to the waitlist', () => {
  it('offers the seat to the first waitlisted on a cancellation, with a message, an e-mail and its expiry scheduled', async () => {
    const [holder, first, second] = await Promise.all([member('Hana'), member('Ivo'), member('Jo')]);
    const { c, seat, places } = await fullClass(holder, [first, second]);
    const since = Math.floor(Date.now() / 1000) - 1;

    const cancelled = await api('DELETE', `/api/enrolments/${seat.id}`, { token: holder.user.idToken });
    expect(cancelled.status).toBe(200);
    expect(await getCredits(holder.profile.id)).toEqual({ balance: 2, held: 0 });

    const offered = await findEnrolment(places[0].id);
    expect(offered?.status).toBe('offered');
    const deadline = Date.parse(offered?.offerExpiresAt ?? '');
    expect(Math.abs(deadline - (Date.now() + DAY))).toBeLessThan(60_000);
    const r = await roster(c.id);
    expect(r.class).toMatchObject({ seatsTaken: 1, waitlisted: 1, seatsLeft: 0 });
    expect(r.offered.map((e: EnrolmentView) => [e.id, e.offerExpiresAt])).toEqual([
      [places[0].id, offered?.offerExpiresAt],
    ]);
    expect(r.waitlist.map((e: EnrolmentView) => [e.id, e.position])).toEqual([[places[1].id, 1]]);

    await busIdle();
    const subject = CLASS_OFFER_TEXTS.subject(c.title);
    const inbox = await waitFor(async () => {
      const items = (await api('GET', '/api/me/messages?limit=20', { token: first.user.idToken })).body.items as {
        subject: string;
        content: string;
      }[];
      return items.find((m) => m.subject === subject);
    });
    expect(inbox.content).toContain('/dashboard/classes');
    const mail = await waitFor(async () =>
      (await sesStore(since)).find((m) => m.destination.to.includes(first.user.email) && m.subject === subject),
    );
    expect(mail.body.text).toContain('/dashboard/classes');
    expect(mail.body.text).toContain('until');
    // One e-mail for the offer (the message's own notice is not sent besides).
    expect((await sesStore(since)).filter((m) => m.destination.to.includes(first.user.email))).toHaveLength(1);
    expect((await schedules()).some((s) => s.event === 'ClassOfferExpired' && s.at === offered?.offerExpiresAt)).toBe(
      true,
    );

    // The client's own list shows the offer with its deadline.
    const list = await api('GET', '/api/classes', { token: first.user.idToken });
    expect(list.body.enrolments).toEqual([
      expect.objectContaining({ id: places[0].id, status: 'offered', offerExpiresAt: offered?.offerExpiresAt }),
    ]);
  });

  it('takes the credits and enrols when the offer is accepted; an expiry after that does nothing', async () => {
    const [holder, first] = await Promise.all([member('Kai'), member('Lu')]);
    const { c, seat, places } = await fullClass(holder, [first]);
    expect((await api('DELETE', `/api/enrolments/${seat.id}`, { token: admin.idToken })).status).toBe(200);
    const offered = await findEnrolment(places[0].id);
    expect(offered?.status).toBe('offered');

    // Only the client's own offer: another's is not found, the trainer cannot take it.
    const other = await api('POST', `/api/enrolments/${places[0].id}/accept`, { token: holder.user.idToken });
    expect(other.status).toBe(404);
    const taken = await api('POST', `/api/enrolments/${places[0].id}/accept`, { token: first.user.idToken });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.enrolment).toMatchObject({ status: 'enrolled', creditsUsed: 2, offerExpiresAt: null });
    expect(await getCredits(first.profile.id)).toEqual({ balance: 0, held: 2 });
    const again = await api('POST', `/api/enrolments/${places[0].id}/accept`, { token: first.user.idToken });
    expect(again.status).toBe(409);

    const late = await expireClassOffer(
      { enrolmentId: places[0].id, offerExpiresAt: offered?.offerExpiresAt ?? '' },
      Date.now() + 2 * DAY,
    );
    expect(late).toBe('not-open');
    expect((await findEnrolment(places[0].id))?.status).toBe('enrolled');
    expect((await roster(c.id)).class).toMatchObject({ seatsTaken: 1, waitlisted: 0 });
  });

  it('refuses to take the seat without the credits, and keeps the offer', async () => {
    const [holder, poor] = await Promise.all([member('Mo'), member('Ned', 0)]);
    const { seat, places } = await fullClass(holder, [poor]);
    await api('DELETE', `/api/enrolments/${seat.id}`, { token: holder.user.idToken });
    const refused = await api('POST', `/api/enrolments/${places[0].id}/accept`, { token: poor.user.idToken });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(CLASS_TEXTS.offerCredits);
    expect((await findEnrolment(places[0].id))?.status).toBe('offered');
    await giveCredits(poor.profile.id, 2);
    const taken = await api('POST', `/api/enrolments/${places[0].id}/accept`, { token: poor.user.idToken });
    expect(taken.status).toBe(200);
  });

  it('passes an offer that lapses to the next, and frees the seat when nobody is left', async () => {
    const [holder, first, second] = await Promise.all([member('Oli'), member('Pia'), member('Quin')]);
    const { c, seat, places } = await fullClass(holder, [first, second]);
    await api('DELETE', `/api/enrolments/${seat.id}`, { token: holder.user.idToken });
    const firstOffer = await findEnrolment(places[0].id);
    const detail = { enrolmentId: places[0].id, offerExpiresAt: firstOffer?.offerExpiresAt ?? '' };

    // Not yet due: nothing moves.
    expect(await expireClassOffer(detail)).toBe('not-due');
    expect(await expireClassOffer(detail, Date.parse(detail.offerExpiresAt) + 1000)).toBe('passed');
    expect((await findEnrolment(places[0].id))?.status).toBe('cancelled');
    const secondOffer = await findEnrolment(places[1].id);
    expect(secondOffer?.status).toBe('offered');
    expect((await roster(c.id)).class).toMatchObject({ seatsTaken: 1, waitlisted: 0 });
    // A lapsed offer cannot be taken any more; a repeated expiry does nothing.
    expect((await api('POST', `/api/enrolments/${places[0].id}/accept`, { token: first.user.idToken })).status).toBe(
      409,
    );
    expect(await expireClassOffer(detail, Date.parse(detail.offerExpiresAt) + 1000)).toBe('not-open');

    // The second declines: nobody waits, the seat is free and a newcomer takes it.
    expect((await api('DELETE', `/api/enrolments/${places[1].id}`, { token: second.user.idToken })).status).toBe(200);
    expect((await roster(c.id)).class).toMatchObject({ seatsTaken: 0, waitlisted: 0, seatsLeft: 1 });
    const newcomer = await member('Rae');
    expect((await join(newcomer, c.id)).status).toBe('enrolled');
  });

  it('puts a newcomer on the waitlist while an offer is open, behind those already waiting', async () => {
    const [holder, first, newcomer] = await Promise.all([member('Sol'), member('Tam'), member('Uma')]);
    const c = await publishedClass({ capacity: 2 });
    const seat = await join(holder, c.id);
    const other = await member('Vic');
    await join(other, c.id);
    const waiting = await join(first, c.id);
    expect(waiting.status).toBe('waitlisted');
    await api('DELETE', `/api/enrolments/${seat.id}`, { token: holder.user.idToken });
    expect((await findEnrolment(waiting.id))?.status).toBe('offered');

    const late = await join(newcomer, c.id);
    expect(late).toMatchObject({ status: 'waitlisted', position: 1 });
    const r = await roster(c.id);
    expect(r.class).toMatchObject({ seatsTaken: 2, waitlisted: 1 });
    expect(r.offered.map((e: EnrolmentView) => e.id)).toEqual([waiting.id]);
    expect(r.waitlist.map((e: EnrolmentView) => e.id)).toEqual([late.id]);
    expect(await getCredits(newcomer.profile.id)).toEqual({ balance: 2, held: 0 });
  });

  it('offers the seats a raised capacity adds to the waitlist in order, and no more than it adds', async () => {
    const [holder, a, b, c3] = await Promise.all([member('Wes'), member('Xia'), member('Yan'), member('Zed')]);
    const { c, places } = await fullClass(holder, [a, b, c3]);
    const raised = await api('PUT', `/api/classes/${c.id}`, {
      token: admin.idToken,
      body: { ...classBody(), capacity: 3, firstMeeting: c.meetings[0].startsAt, weeks: c.weeks },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(raised.body.class).toMatchObject({ capacity: 3, seatsTaken: 3, waitlisted: 1 });
    const statuses = await Promise.all(places.map(async (p) => (await findEnrolment(p.id))?.status));
    expect(statuses).toEqual(['offered', 'offered', 'waitlisted']);
    // The two offered are told by e-mail; the one still waiting is not.
    const subject = CLASS_OFFER_TEXTS.subject(c.title);
    const told = async (m: Member) =>
      (await sesStore()).some((x) => x.destination.to.includes(m.user.email) && x.subject === subject);
    await waitFor(async () => ((await told(a)) && (await told(b)) ? true : undefined));
    await busIdle();
    expect(await told(c3)).toBe(false);
  });

  it('holds the seat no longer than the business setting says, nor past the first meeting', async () => {
    const saved = await api('GET', '/api/settings/availability', { token: admin.idToken });
    const put = (classOfferHoldHours: number) =>
      api('PUT', '/api/settings/availability', {
        token: admin.idToken,
        body: { ...saved.body.availability, classOfferHoldHours },
      });
    expect((await put(0)).status).toBe(400);
    expect((await put(6)).status).toBe(200);
    try {
      const [holder, first] = await Promise.all([member('Wen'), member('Xan')]);
      const { seat, places } = await fullClass(holder, [first]);
      await api('DELETE', `/api/enrolments/${seat.id}`, { token: holder.user.idToken });
      const offered = await findEnrolment(places[0].id);
      expect(Math.abs(Date.parse(offered?.offerExpiresAt ?? '') - (Date.now() + 6 * 3_600_000))).toBeLessThan(60_000);

      // A class starting in 3 hours: the hold ends at its first meeting.
      const soon = await publishedClass({
        capacity: 1,
        firstMeeting: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      });
      const [a, b] = await Promise.all([member(`Yul${randomUUID().slice(0, 4)}`), member('Zed')]);
      const seatA = await join(a, soon.id);
      const placeB = await join(b, soon.id);
      await api('DELETE', `/api/enrolments/${seatA.id}`, { token: admin.idToken });
      expect((await findEnrolment(placeB.id))?.offerExpiresAt).toBe(soon.meetings[0].startsAt);
    } finally {
      await api('PUT', '/api/settings/availability', { token: admin.idToken, body: saved.body.availability });
    }
  });
});
