import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEXTS } from '../../shared/contracts/booking-options.js';
import { store } from '../../shared/db/service.js';
import { resetAvailability } from '../../shared/domain/availability.js';
import { createDog, type DogItem } from '../../shared/domain/dogs.js';
import { findSession } from '../../shared/domain/sessions.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { busIdle, createTestUser, sesStore, type TestUser, waitFor } from '../support/api.js';
import { as } from './sessions-helpers.js';

/**
 * Online booking (docs/decisions/0034-online-booking.md): the trainer's availability, open times, a
 * request that claims the time and holds a credit in one transaction (no double booking), approval,
 * decline and the client's cancellation before and after the cut-off.
 */

let admin: TestUser;
const clients: TestUser[] = [];
const dogs: DogItem[] = [];

const r = (start: string, end: string) => ({ start, end });
/** Every day 08:00-18:00 New York time; 60-minute training, 30-minute follow-ups; 15 minutes buffer. */
const AVAILABILITY = {
  weeklyHours: Array.from({ length: 7 }, () => [r('08:00', '12:00'), r('13:00', '18:00')]),
  closedDates: [],
  exceptions: [],
  bookableTypes: [
    { sessionType: 'training', durationMinutes: 60 },
    { sessionType: 'follow_up', durationMinutes: 30 },
  ],
  bufferMinutes: 15,
  minNoticeHours: 0,
  horizonDays: 365,
  cancellationCutoffHours: 48,
  approval: 'approval',
};

const grant = (u: TestUser, n: number) =>
  store().entities.sessionCredits.update({ profileId: u.profileId }).add({ balance: n }).go();
const credits = async (u: TestUser) => {
  const { data } = await store().entities.sessionCredits.get({ profileId: u.profileId }).go({ consistent: true });
  return { balance: data?.balance ?? 0, held: data?.held ?? 0 };
};

/**
 * The open training times of a week from the start of the UTC day `days` from now (the evening before in
 * New York, so the list starts with that morning's 08:00 whatever the time the test runs at).
 */
async function openTimes(u: TestUser, days: number, sessionType = 'training'): Promise<string[]> {
  const day = new Date(Date.now() + days * 86_400_000);
  const from = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate())).toISOString();
  const res = await as(u).get(`/api/me/open-times?sessionType=${sessionType}&from=${encodeURIComponent(from)}&weeks=1`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.times;
}

const book = (u: TestUser, dog: DogItem, scheduledAt: string, sessionType = 'training') =>
  as(u).post('/api/me/bookings', { dogId: dog.id, sessionType, scheduledAt });

beforeAll(async () => {
  await resetBusinessSettings();
  admin = await createTestUser('admin', { firstName: 'Tess', lastName: 'Trainer' });
  for (let i = 0; i < 4; i++) {
    const c = await createTestUser('client', { firstName: `Booker${i}`, lastName: 'Client' });
    clients.push(c);
    dogs.push(await createDog(c.profileId, { name: `Dog${i}`, breed: 'Beagle', birthDate: '2021-04-10' }));
  }
  const res = await as(admin).put('/api/settings/availability', AVAILABILITY);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});

afterAll(async () => {
  await resetAvailability();
});

describe('availability settings', () => {
  it('are saved and read back; bad input is a 400 with the field named and changes nothing', async () => {
    const saved = (await as(admin).get('/api/settings/availability')).body.availability;
    expect(saved).toEqual(AVAILABILITY);
    const bad = await as(admin).put('/api/settings/availability', {
      ...AVAILABILITY,
      weeklyHours: [[r('09:00', '12:00'), r('11:00', '13:00')], [], [], [], [], [], []],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error.fields)).toContain('Ranges of one day must not overlap');
    expect((await as(admin).get('/api/settings/availability')).body.availability).toEqual(AVAILABILITY);
  });
});

describe('open times and requests', () => {
  it('lists times inside the working hours every 30 minutes; a type that is not bookable is refused', async () => {
    const times = await openTimes(clients[0], 60);
    expect(times.length).toBeGreaterThan(50);
    for (const t of times) expect(new Date(t).getUTCMinutes() % 30).toBe(0);
    const res = await as(clients[0]).get('/api/me/open-times?sessionType=evaluation');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(BOOKING_TEXTS.typeNotBookable);
  });

  it('20 parallel requests for one time: exactly one booking, 19 answers of 409 "That time was just taken"', async () => {
    for (const c of clients) await grant(c, 5);
    const time = (await openTimes(clients[0], 70))[3];
    const before = await Promise.all(clients.map(credits));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => book(clients[i % 4], dogs[i % 4], time)));
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const a of refused) expect(a.body.error.message).toBe(BOOKING_TEXTS.taken);
    // The winner's credit is held, nobody else's moved; the time is no longer open.
    const winner = clients.findIndex((c) => c.profileId === created[0].body.booking.clientId);
    const after = await Promise.all(clients.map(credits));
    expect(after).toEqual(before.map((c, i) => (i === winner ? { balance: c.balance - 1, held: 1 } : c)));
    const again = await openTimes(clients[0], 70);
    expect(again).not.toContain(time);
    // The buffer: a 30-minute follow-up right after the hour (60 min + 15 min buffer) is not open either.
    const followUps = await openTimes(clients[0], 70, 'follow_up');
    expect(followUps).not.toContain(new Date(Date.parse(time) + 60 * 60_000).toISOString());
    expect(followUps).toContain(new Date(Date.parse(time) + 90 * 60_000).toISOString());
  });

  it('without a credit the answer says so; another client`s dog or a closed time is refused', async () => {
    const poor = await createTestUser('client');
    const dog = await createDog(poor.profileId, { name: 'Poor', breed: 'Pug', birthDate: '2022-01-01' });
    const time = (await openTimes(poor, 80))[0];
    const res = await book(poor, dog, time);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(BOOKING_TEXTS.noCredit);
    const foreign = await book(clients[0], dog, time);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toBe(BOOKING_TEXTS.dogNotYours);
    const closed = new Date(Date.parse(time) + 15 * 60_000).toISOString();
    expect((await book(clients[0], dogs[0], closed)).status).toBe(400);
  });
});

describe('the trainer decides; the client cancels', () => {
  it('approval makes a scheduled session that keeps the held credit, with the appointment message and e-mail', async () => {
    const c = clients[1];
    await grant(c, 1);
    const start = await credits(c);
    const pendingCount = async () => (await as(admin).get('/api/dashboard/admin')).body.pendingBookings as number;
    const countBefore = await pendingCount();
    const time = (await openTimes(c, 90))[0];
    const booked = await book(c, dogs[1], time);
    expect(booked.status).toBe(201);
    expect(booked.body.booking.status).toBe('pending');
    expect(await pendingCount()).toBe(countBefore + 1);
    const pending = (await as(admin).get('/api/bookings')).body.items.map((b: { id: string }) => b.id);
    expect(pending).toContain(booked.body.booking.id);
    // A client sees only their own.
    const others = (await as(clients[2]).get('/api/me/bookings')).body.items.map((b: { id: string }) => b.id);
    expect(others).not.toContain(booked.body.booking.id);

    const since = Math.floor(Date.now() / 1000) - 1;
    const approved = await as(admin).post(`/api/bookings/${booked.body.booking.id}/approve`, { note: 'See you there' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.booking.status).toBe('approved');
    expect(await pendingCount()).toBe(countBefore);
    const session = await findSession(approved.body.booking.sessionId);
    expect(session).toMatchObject({ status: 'scheduled', scheduledAt: time, creditHeld: true, notes: 'See you there' });
    expect(await credits(c)).toEqual({ balance: start.balance - 1, held: start.held + 1 });
    await busIdle();
    const inbox = (await as(c).get('/api/me/messages?limit=20')).body.items as { subject: string }[];
    expect(inbox.map((m) => m.subject)).toContain('Training Session Scheduled - Dog1');
    await waitFor(async () => (await sesStore(since)).some((m) => m.destination.to.includes(c.email)));
    // Approving twice is refused.
    expect((await as(admin).post(`/api/bookings/${booked.body.booking.id}/approve`, {})).status).toBe(409);

    // The trainer cancels the session: the booking reads cancelled, the time is open, the credit is back.
    expect((await as(admin).post(`/api/sessions/${session?.id}/cancel`)).status).toBe(200);
    const mine = (await as(c).get('/api/me/bookings')).body.items as { id: string; status: string }[];
    expect(mine.find((b) => b.id === booked.body.booking.id)?.status).toBe('cancelled');
    expect(await credits(c)).toEqual(start);
    expect(await openTimes(c, 90)).toContain(time);
  });

  it('a decline frees the time and gives the credit back; the client gets the message', async () => {
    const c = clients[2];
    await grant(c, 1);
    const start = await credits(c);
    const time = (await openTimes(c, 100))[0];
    const booked = await book(c, dogs[2], time);
    expect(booked.status).toBe(201);
    expect(await openTimes(c, 100)).not.toContain(time);
    const declined = await as(admin).post(`/api/bookings/${booked.body.booking.id}/decline`, { note: 'Away that day' });
    expect(declined.status).toBe(200);
    expect(declined.body.booking).toMatchObject({ status: 'declined', note: 'Away that day' });
    expect(await credits(c)).toEqual(start);
    expect(await openTimes(c, 100)).toContain(time);
    await busIdle();
    const inbox = (await as(c).get('/api/me/messages?limit=20')).body.items as { subject: string; content: string }[];
    const msg = inbox.find((m) => m.subject === 'Training Session Request Declined - Dog2');
    expect(msg?.content).toContain('Away that day');
  });

  it('a cancellation before the cut-off gives the credit back; after it the held credit is used', async () => {
    const c = clients[3];
    await grant(c, 2);
    const start = await credits(c);
    // 48 hours' cut-off: a time 100 days ahead is in time, one tomorrow is late.
    const early = (await openTimes(c, 110))[0];
    const a = await book(c, dogs[3], early);
    expect(a.status).toBe(201);
    const cancelled = await as(c).post(`/api/me/bookings/${a.body.booking.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking.status).toBe('cancelled');
    expect(await credits(c)).toEqual(start);
    expect(await openTimes(c, 110)).toContain(early);

    const soon = (await openTimes(c, 1))[0];
    const b = await book(c, dogs[3], soon);
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    const approved = await as(admin).post(`/api/bookings/${b.body.booking.id}/approve`, {});
    expect(approved.status).toBe(200);
    // Another client cannot cancel it (not found).
    expect((await as(clients[0]).post(`/api/me/bookings/${b.body.booking.id}/cancel`)).status).toBe(404);
    const late = await as(c).post(`/api/me/bookings/${b.body.booking.id}/cancel`);
    expect(late.status).toBe(200);
    expect(late.body.booking).toMatchObject({ status: 'cancelled', creditUsed: true });
    expect(await credits(c)).toEqual({ balance: start.balance - 1, held: start.held });
    expect((await findSession(approved.body.booking.sessionId))?.status).toBe('cancelled');
  });

  it('"confirmed at once" schedules the session in the request', async () => {
    const res = await as(admin).put('/api/settings/availability', { ...AVAILABILITY, approval: 'instant' });
    expect(res.status).toBe(200);
    try {
      const c = clients[0];
      const time = (await openTimes(c, 120))[0];
      const booked = await book(c, dogs[0], time);
      expect(booked.status).toBe(201);
      expect(booked.body.booking.status).toBe('approved');
      expect(await findSession(booked.body.booking.sessionId)).toMatchObject({ status: 'scheduled', creditHeld: true });
      // The trainer cancels it: the time and the credit come back.
      const before = await credits(c);
      expect((await as(admin).post(`/api/sessions/${booked.body.booking.sessionId}/cancel`)).status).toBe(200);
      expect(await credits(c)).toEqual({ balance: before.balance + 1, held: before.held - 1 });
      expect(await openTimes(c, 120)).toContain(time);
    } finally {
      await as(admin).put('/api/settings/availability', AVAILABILITY);
    }
  });
});
