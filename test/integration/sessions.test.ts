import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deactivateClient } from '../../shared/domain/clients.js';
import { createDog } from '../../shared/domain/dogs.js';
import { getProfileById } from '../../shared/domain/profiles.js';
import { createSession } from '../../shared/domain/session-writes.js';
import { sessionEnd } from '../../shared/domain/sessions.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { createTestUser, waitFor } from '../support/api.js';
import {
  admin,
  alice,
  as,
  at,
  biscuit,
  bob,
  inbox,
  insertSession,
  pepper,
  rex,
  schedule,
  scheduled,
  setUpSessionParties,
  TZ,
  total,
} from './sessions-helpers.js';

/**
 * Training sessions end to end on the local runtime (1/2): the trainer schedules, moves, cancels and
 * deletes; the client gets the appointment message, lists their own sessions and confirms future
 * ones. The lists, auto-completion, stats and the rest: sessions-lists.test.ts.
 */

setUpSessionParties();

describe('scheduling (POST /api/sessions)', () => {
  it('schedules a session with the defaults (60 minutes, training), the names and the end time', async () => {
    const scheduledAt = at(2, 15, 30);
    const s = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt, notes: '  Bring treats ' });
    expect(s).toMatchObject({
      clientId: alice.profileId,
      clientName: 'Alice Ambler',
      dogId: biscuit.id,
      dogName: 'Biscuit',
      dogBreed: 'Beagle',
      scheduledAt,
      durationMinutes: 60,
      endsAt: sessionEnd(scheduledAt, 60),
      sessionType: 'training',
      status: 'scheduled',
      notes: 'Bring treats',
      clientEmail: alice.email,
    });
    expect(s).not.toHaveProperty('searchTokens');
    const got = await as(admin).get(`/api/sessions/${s.id}`);
    expect(got.body.session).toEqual(s);
  });

  it('stores the instant in UTC whatever the offset given', async () => {
    const s = await scheduled({
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: '2030-07-04T09:15:00-07:00',
      durationMinutes: 45,
      sessionType: 'evaluation',
    });
    expect(s.scheduledAt).toBe('2030-07-04T16:15:00.000Z');
    expect(s.endsAt).toBe('2030-07-04T17:00:00.000Z');
    expect(s.sessionType).toBe('evaluation');
  });

  it('takes the duration from the business settings when the form leaves it out', async () => {
    const put = await as(admin).put('/api/settings/business', {
      businessName: 'Happy Tails Training',
      businessPhone: '(813) 555-0199',
      businessEmail: 'desk@happytails.test',
      defaultSessionDuration: 45,
      hourlyRate: null,
      timeZone: TZ,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    try {
      const s = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(9) });
      expect(s.durationMinutes).toBe(45);
    } finally {
      await resetBusinessSettings();
    }
  });

  it('refuses bad input with clear texts and writes nothing', async () => {
    const before = await total();
    const ok = { clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(3) };
    const { body: sent } = await as(admin).post('/api/messages', {
      recipientIds: [bob.profileId],
      subject: 'For Bob',
      content: 'x',
      messageType: 'homework',
    });
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Please fill in all required fields'],
      [{ ...ok, clientId: '' }, 'Please fill in all required fields'],
      [{ ...ok, scheduledAt: undefined }, 'Please fill in all required fields'],
      [{ ...ok, status: 'completed' }, 'status is not an accepted field'],
      [{ ...ok, endsAt: at(4) }, 'endsAt is not an accepted field'],
      [{ ...ok, durationMinutes: 50 }, 'Duration must be one of 30, 45, 60, 90, 120 minutes'],
      [{ ...ok, durationMinutes: '60' }, 'Duration must be one of 30, 45, 60, 90, 120 minutes'],
      [{ ...ok, sessionType: 'walk' }, 'sessionType must be one of evaluation, training, follow_up'],
      [{ ...ok, scheduledAt: '2030-12-01T10:00:00' }, 'scheduledAt must be a date and time with its offset'],
      [{ ...ok, scheduledAt: '2020-01-01T10:00:00Z' }, 'A session cannot be scheduled in the past'],
      [{ ...ok, scheduledAt: new Date(Date.now() - 5 * 60_000).toISOString() }, 'in the past'],
      [{ ...ok, dogId: rex.id }, "The dog must be one of the client's dogs"],
      [{ ...ok, dogId: randomUUID() }, "The dog must be one of the client's dogs"],
      [{ ...ok, clientId: admin.profileId }, 'The client must be an active client'],
      [{ ...ok, clientId: randomUUID() }, 'The client must be an active client'],
      [{ ...ok, notes: 'x'.repeat(5001) }, 'Session notes must be at most 5000 characters'],
      [{ ...ok, homeworkAssigned: sent.messageIds[0] }, 'The homework must be a message the client has received'],
      [{ ...ok, homeworkAssigned: randomUUID() }, 'The homework must be a message the client has received'],
    ];
    for (const [body, text] of cases) {
      const res = await schedule(body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.error.message).toContain(text);
    }
    expect(await total()).toBe(before);
  });

  it('refuses a deactivated client', async () => {
    const gone = await createTestUser('client', { firstName: 'Gone', lastName: 'Away' });
    const dog = await createDog(gone.profileId, { name: 'Ghost', breed: 'Mix', birthDate: '2020-01-01' });
    await deactivateClient(gone.profileId);
    const res = await schedule({ clientId: gone.profileId, dogId: dog.id, scheduledAt: at(3) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('The client must be an active client');
  });
});

describe('the appointment message (SPEC 7)', () => {
  it("arrives in the client's inbox with the subject, the dog, type, date, time, duration and notes", async () => {
    const s = await scheduled({
      clientId: alice.profileId,
      dogId: pepper.id,
      scheduledAt: '2026-12-01T14:30:00-05:00',
      durationMinutes: 90,
      sessionType: 'follow_up',
      notes: 'Practise the down-stay',
    });
    expect(s.scheduledAt).toBe('2026-12-01T19:30:00.000Z');
    const m = await waitFor(async () =>
      (await inbox(alice)).find(
        (x) => x.subject === 'Training Session Scheduled - Pepper' && x.content.includes('down-stay'),
      ),
    );
    expect(m.messageType).toBe('appointment');
    expect(m.priority).toBe('normal');
    expect(m.content).toContain('Hi Alice,');
    expect(m.content).toContain('**Dog:** Pepper');
    expect(m.content).toContain('**Session Type:** Follow-up');
    expect(m.content).toContain('**Date:** Tuesday, December 1, 2026');
    expect(m.content).toContain('**Time:** 2:30 PM ET');
    expect(m.content).toContain('**Duration:** 90 minutes');
    expect(m.content).toContain('**Notes:** Practise the down-stay');
    // Only the session's client gets it.
    expect((await inbox(bob)).some((x) => x.content.includes('down-stay'))).toBe(false);
  });

  it('daylight saving: 10:00 New York time on 2026-03-08 (DST starts) is 14:00Z and reads 10:00 AM', async () => {
    const sender = await getProfileById(admin.profileId);
    if (!sender) throw new Error('admin profile missing');
    const dst = await createTestUser('client', { firstName: 'Daylight', lastName: 'Saving' });
    const dog = await createDog(dst.profileId, { name: 'Sunny', breed: 'Mix', birthDate: '2020-01-01' });
    // The day is past now: the domain is run as of a week before it (the HTTP API refuses the past).
    const session = await createSession(
      sender,
      { clientId: dst.profileId, dogId: dog.id, scheduledAt: '2026-03-08T10:00:00-04:00', durationMinutes: 60 },
      { siteUrl: 'http://127.0.0.1', now: Date.parse('2026-03-01T12:00:00Z') },
    );
    expect(session.scheduledAt).toBe('2026-03-08T14:00:00.000Z');
    expect(session.endsAt).toBe('2026-03-08T15:00:00.000Z');
    const m = await waitFor(async () =>
      (await inbox(dst)).find((x) => x.subject === 'Training Session Scheduled - Sunny'),
    );
    expect(m.content).toContain('**Date:** Sunday, March 8, 2026');
    expect(m.content).toContain('**Time:** 10:00 AM ET');
    // The next change through the API: 2027-03-14 (DST starts), 10:00 EDT.
    const next = await scheduled({ clientId: dst.profileId, dogId: dog.id, scheduledAt: '2027-03-14T10:00:00-04:00' });
    expect(next.scheduledAt).toBe('2027-03-14T14:00:00.000Z');
    const m2 = await waitFor(async () =>
      (await inbox(dst)).find((x) => x.subject === 'Training Session Scheduled - Sunny' && x.content.includes('2027')),
    );
    expect(m2.content).toContain('**Date:** Sunday, March 14, 2027');
    expect(m2.content).toContain('**Time:** 10:00 AM ET');
  });
});

describe('session details', () => {
  it("carry the dog's training goals and the homework message's subject and content, for the trainer and the client", async () => {
    const luna = await createDog(alice.profileId, {
      name: 'Luna',
      breed: 'Collie',
      birthDate: '2022-03-03',
      trainingGoals: 'Loose-leash walking; calm greetings',
    });
    const { body: hw } = await as(admin).post('/api/messages', {
      recipientIds: [alice.profileId],
      subject: 'Leash homework',
      content: '**Five minutes** of loose-leash walking a day.',
      messageType: 'homework',
    });
    const s = await scheduled({
      clientId: alice.profileId,
      dogId: luna.id,
      scheduledAt: at(6, 15),
      homeworkAssigned: hw.messageIds[0],
    });
    const expected = {
      homeworkAssigned: hw.messageIds[0],
      homework: { subject: 'Leash homework', content: '**Five minutes** of loose-leash walking a day.' },
      trainingGoals: 'Loose-leash walking; calm greetings',
    };
    expect(s).toMatchObject(expected);
    expect((await as(admin).get(`/api/sessions/${s.id}`)).body.session).toMatchObject(expected);
    const listed = (await as(admin).get('/api/sessions?limit=100')).body.items.find(
      (x: { id: string }) => x.id === s.id,
    );
    expect(listed).toMatchObject(expected);
    const mine = (await as(alice).get('/api/me/sessions?limit=100')).body.items.find(
      (x: { id: string }) => x.id === s.id,
    );
    expect(mine).toMatchObject(expected);
    // A dog without goals and a session without homework have neither.
    const plain = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(6, 17) });
    expect(plain).not.toHaveProperty('trainingGoals');
    expect(plain).not.toHaveProperty('homework');
  });
});

describe('updating, cancelling and deleting', () => {
  it('moves a scheduled session, clears notes and homework, and tells the client', async () => {
    const { body: hw } = await as(admin).post('/api/messages', {
      recipientIds: [alice.profileId],
      subject: 'Week 1 homework',
      content: 'Sit, down, stay',
      messageType: 'homework',
    });
    const s = await scheduled({
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: at(5, 15),
      notes: 'First',
      homeworkAssigned: hw.messageIds[0],
    });
    expect(s.homeworkAssigned).toBe(hw.messageIds[0]);
    const moved = await as(admin).put(`/api/sessions/${s.id}`, {
      allowOverlap: true,
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: at(5, 16, 30),
      durationMinutes: 90,
      sessionType: 'training',
      notes: null,
      homeworkAssigned: null,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.session).toMatchObject({
      id: s.id,
      scheduledAt: at(5, 16, 30),
      durationMinutes: 90,
      endsAt: sessionEnd(at(5, 16, 30), 90),
      status: 'scheduled',
    });
    expect(moved.body.session).not.toHaveProperty('notes');
    expect(moved.body.session).not.toHaveProperty('homeworkAssigned');
    const m = await waitFor(async () =>
      (await inbox(alice)).find((x) => x.subject === 'Training Session Updated - Biscuit'),
    );
    expect(m.content).toContain('**Duration:** 90 minutes');

    // Another of the client's dogs: the names follow.
    const toPepper = await as(admin).put(`/api/sessions/${s.id}`, {
      allowOverlap: true,
      clientId: alice.profileId,
      dogId: pepper.id,
      scheduledAt: at(5, 16, 30),
    });
    expect(toPepper.body.session).toMatchObject({ dogId: pepper.id, dogName: 'Pepper', durationMinutes: 90 });

    const refused: [Record<string, unknown>, number, string][] = [
      [{ clientId: alice.profileId, dogId: pepper.id, scheduledAt: '2020-01-01T00:00:00Z' }, 400, 'in the past'],
      [{ clientId: alice.profileId, dogId: rex.id, scheduledAt: at(5) }, 400, "one of the client's dogs"],
      [{ clientId: alice.profileId, dogId: pepper.id, scheduledAt: at(5), status: 'completed' }, 400, 'status'],
    ];
    for (const [body, status, text] of refused) {
      const res = await as(admin).put(`/api/sessions/${s.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.message).toContain(text);
    }
    const missing = await as(admin).put(`/api/sessions/${randomUUID()}`, {
      allowOverlap: true,
      clientId: alice.profileId,
      dogId: pepper.id,
      scheduledAt: at(5),
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Session not found');
  });

  it('a completed or cancelled session cannot move (409); its notes can change', async () => {
    const start = at(-2, 14);
    const id = await insertSession(alice, biscuit, start, 'completed');
    const moveDone = await as(admin).put(`/api/sessions/${id}`, {
      allowOverlap: true,
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: at(6),
    });
    expect(moveDone.status).toBe(409);
    expect(moveDone.body.error.message).toBe('A completed session cannot be moved');
    const noted = await as(admin).put(`/api/sessions/${id}`, {
      allowOverlap: true,
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: start,
      durationMinutes: 60,
      notes: 'Went well',
    });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(noted.body.session).toMatchObject({ status: 'completed', notes: 'Went well', scheduledAt: start });

    const open = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(6) });
    expect((await as(admin).post(`/api/sessions/${open.id}/cancel`)).status).toBe(200);
    const moveCancelled = await as(admin).put(`/api/sessions/${open.id}`, {
      allowOverlap: true,
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: at(7),
    });
    expect(moveCancelled.status).toBe(409);
    expect(moveCancelled.body.error.message).toBe('A cancelled session cannot be moved');
  });

  it('cancels a scheduled session once and tells the client', async () => {
    const s = await scheduled({ clientId: alice.profileId, dogId: pepper.id, scheduledAt: at(8) });
    expect((await as(admin).post(`/api/sessions/${s.id}/cancel`, { reason: 'x' })).status).toBe(400);
    const res = await as(admin).post(`/api/sessions/${s.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.session.status).toBe('cancelled');
    await waitFor(async () => (await inbox(alice)).find((x) => x.subject === 'Training Session Cancelled - Pepper'));
    const again = await as(admin).post(`/api/sessions/${s.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Only a scheduled or confirmed session can be cancelled');
    expect((await as(admin).post(`/api/sessions/${randomUUID()}/cancel`)).status).toBe(404);
  });

  it('the session is saved even when the appointment message cannot be sent', async () => {
    const hank = await createTestUser('client', { firstName: 'Hank', lastName: 'Hill' });
    const dog = await createDog(hank.profileId, { name: 'Ladybird', breed: 'Bloodhound', birthDate: '2018-01-01' });
    const s = await scheduled({ clientId: hank.profileId, dogId: dog.id, scheduledAt: at(4) });
    // Messages go to active clients only: the cancellation's message fails, the cancellation stands.
    await deactivateClient(hank.profileId);
    const res = await as(admin).post(`/api/sessions/${s.id}/cancel`);
    expect(res.status).toBe(200);
    expect((await as(admin).get(`/api/sessions/${s.id}`)).body.session.status).toBe('cancelled');
  });

  it('deletes a session (and only once); the total follows', async () => {
    const s = await scheduled({ clientId: alice.profileId, dogId: pepper.id, scheduledAt: at(10) });
    const before = await total();
    expect((await as(admin).del(`/api/sessions/${s.id}`)).status).toBe(204);
    expect(await total()).toBe(before - 1);
    expect((await as(admin).get(`/api/sessions/${s.id}`)).status).toBe(404);
    expect((await as(admin).del(`/api/sessions/${s.id}`)).status).toBe(404);
    expect(await total()).toBe(before - 1);
  });
});

describe('the client (own sessions only)', () => {
  it('confirms an own future scheduled session, and nothing else', async () => {
    const s = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(3, 18) });
    const other = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(3, 19) });
    expect((await as(alice).post(`/api/me/sessions/${s.id}/confirm`, { status: 'completed' })).status).toBe(400);
    const res = await as(alice).post(`/api/me/sessions/${s.id}/confirm`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.session).toMatchObject({ id: s.id, status: 'confirmed' });
    expect(res.body.session).not.toHaveProperty('clientEmail');
    const twice = await as(alice).post(`/api/me/sessions/${s.id}/confirm`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('Only a scheduled session can be confirmed');

    const notHers = await as(bob).post(`/api/me/sessions/${other.id}/confirm`);
    expect(notHers.status).toBe(404);
    expect(notHers.body.error.message).toBe('Session not found');
    expect((await as(admin).get(`/api/sessions/${other.id}`)).body.session.status).toBe('scheduled');
    expect((await as(alice).post(`/api/me/sessions/${randomUUID()}/confirm`)).status).toBe(404);

    // Started ten minutes ago (not yet ended): no longer in the future.
    const running = await insertSession(alice, biscuit, new Date(Date.now() - 10 * 60_000).toISOString());
    const late = await as(alice).post(`/api/me/sessions/${running}/confirm`);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('Only a future session can be confirmed');

    await as(admin).post(`/api/sessions/${other.id}/cancel`);
    const cancelled = await as(alice).post(`/api/me/sessions/${other.id}/confirm`);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.message).toBe('Only a scheduled session can be confirmed');
  });

  it('lists own sessions: upcoming soonest first, then the rest latest first, with each filter and cursor pages', async () => {
    const dora = await createTestUser('client', { firstName: 'Dora', lastName: 'Dane' });
    const dog = await createDog(dora.profileId, { name: 'Dot', breed: 'Dalmatian', birthDate: '2021-01-01' });
    const base = { clientId: dora.profileId, dogId: dog.id };
    const u1 = (await scheduled({ ...base, scheduledAt: at(2) })).id;
    const u2 = (await scheduled({ ...base, scheduledAt: at(1) })).id;
    expect((await as(dora).post(`/api/me/sessions/${u2}/confirm`)).status).toBe(200);
    const u3 = (await scheduled({ ...base, scheduledAt: at(3) })).id;
    await as(admin).post(`/api/sessions/${u3}/cancel`);
    const p1 = await insertSession(dora, dog, at(-2), 'completed');
    const p2 = await insertSession(dora, dog, at(-1)); // ended, still scheduled: completed on load
    // Someone else's session never shows.
    await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(1, 12) });

    const ids = async (filter: string) => {
      const res = await as(dora).get(`/api/me/sessions?filter=${filter}`);
      expect(res.status).toBe(200);
      return res.body.items.map((s: { id: string }) => s.id);
    };
    expect(await ids('all')).toEqual([u2, u1, u3, p2, p1]);
    expect(await ids('upcoming')).toEqual([u2, u1]);
    expect(await ids('past')).toEqual([p2, p1]);
    expect(await ids('scheduled')).toEqual([u1]);
    expect(await ids('confirmed')).toEqual([u2]);
    expect(await ids('completed')).toEqual([p2, p1]);
    expect((await as(dora).get('/api/me/sessions?filter=cancelled')).status).toBe(400);

    const all = (await as(dora).get('/api/me/sessions')).body.items;
    for (const s of all) {
      expect(s.clientId).toBe(dora.profileId);
      expect(s).not.toHaveProperty('clientEmail');
      expect(s).not.toHaveProperty('clientPhone');
      expect(s).not.toHaveProperty('searchTokens');
    }
    expect(all.find((s: { id: string }) => s.id === p2).status).toBe('completed');

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res = await as(dora).get(
        `/api/me/sessions?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((s: { id: string }) => s.id));
      cursor = res.body.cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([u2, u1, u3, p2, p1]);
    expect((await as(dora).get('/api/me/sessions?cursor=not-a-cursor')).status).toBe(400);

    // Upcoming: u1 and u2 (u3 is cancelled); completed: p1 and p2 (completed on load).
    const stats = await as(dora).get('/api/me/sessions/stats');
    expect(stats.body).toEqual({ upcoming: 2, completed: 2, dogs: 1 });
  });

  it('sees the session notes the trainer wrote for them', async () => {
    const s = await scheduled({
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: at(11),
      notes: 'Bring a mat',
    });
    const mine = (await as(alice).get('/api/me/sessions?filter=upcoming&limit=100')).body.items;
    expect(mine.find((x: { id: string }) => x.id === s.id)?.notes).toBe('Bring a mat');
  });
});
