import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { store, writeTransaction } from '../../shared/db/service.js';
import { resetAvailability } from '../../shared/domain/availability.js';
import { runBackfillsOnce } from '../../shared/domain/backfills.js';
import { backfillBusyDays, busyDayItems, busyIntervals, readBusyDays } from '../../shared/domain/busy-days.js';
import { deleteClientCompletely } from '../../shared/domain/cascades.js';
import { createDog } from '../../shared/domain/dogs.js';
import { sessionEnd } from '../../shared/domain/sessions.js';
import { createTestUser } from '../support/api.js';
import { admin, alice, as, at, biscuit, insertSession, scheduled, setUpSessionParties } from './sessions-helpers.js';

/**
 * The calendar's busy days (docs/decisions/0034-online-booking.md): every write that opens, moves or
 * closes a session or a request keeps its day's entry in its own transaction, so the open times can
 * read one item per day. Days far ahead, so the other files' sessions do not meet these.
 */

setUpSessionParties();

/** The busy intervals of the UTC day `days` from now, as [start, end] ISO pairs. */
async function busyOn(days: number): Promise<string[][]> {
  const from = Date.parse(at(days, 0));
  const busy = await busyIntervals(from, from + 86_400_000 - 1);
  return busy
    .filter((b) => b.start >= from)
    .map((b) => [new Date(b.start).toISOString(), new Date(b.end).toISOString()])
    .sort();
}

const interval = (start: string, minutes: number) => [start, sessionEnd(start, minutes)];

describe("the trainer's session writes", () => {
  it('scheduling, moving within a day and to another, cancelling and deleting each change the busy time', async () => {
    const s = await scheduled({
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: at(300, 15),
      durationMinutes: 60,
    });
    expect(await busyOn(300)).toEqual([interval(at(300, 15), 60)]);

    const body = { clientId: alice.profileId, dogId: biscuit.id, sessionType: 'training' };
    const later = await as(admin).put(`/api/sessions/${s.id}`, {
      allowOverlap: true,
      ...body,
      scheduledAt: at(300, 17),
      durationMinutes: 90,
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(await busyOn(300)).toEqual([interval(at(300, 17), 90)]);

    const nextDay = await as(admin).put(`/api/sessions/${s.id}`, {
      allowOverlap: true,
      ...body,
      scheduledAt: at(301, 9),
      durationMinutes: 90,
    });
    expect(nextDay.status).toBe(200);
    expect(await busyOn(300)).toEqual([]);
    expect(await busyOn(301)).toEqual([interval(at(301, 9), 90)]);

    // Notes only: the time is unchanged.
    const notes = await as(admin).put(`/api/sessions/${s.id}`, {
      allowOverlap: true,
      ...body,
      scheduledAt: at(301, 9),
      durationMinutes: 90,
      notes: 'Leash',
    });
    expect(notes.status).toBe(200);
    expect(await busyOn(301)).toEqual([interval(at(301, 9), 90)]);

    expect((await as(admin).post(`/api/sessions/${s.id}/cancel`)).status).toBe(200);
    expect(await busyOn(301)).toEqual([]);

    const gone = await scheduled({
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: at(302, 11),
      durationMinutes: 30,
    });
    expect(await busyOn(302)).toEqual([interval(at(302, 11), 30)]);
    expect((await as(admin).del(`/api/sessions/${gone.id}`)).status).toBe(204);
    expect(await busyOn(302)).toEqual([]);
  });

  it('ten sessions scheduled at once on one day all land, each in the day item', async () => {
    const starts = Array.from({ length: 10 }, (_, i) => at(303, 8 + i));
    const made = await Promise.all(
      starts.map((scheduledAt) =>
        scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt, durationMinutes: 45 }),
      ),
    );
    expect(made).toHaveLength(10);
    expect(await busyOn(303)).toEqual(starts.map((t) => interval(t, 45)).sort());
  });

  it('a session that is already over is not busy; one inserted open is', async () => {
    await insertSession(alice, biscuit, at(304, 10), 'completed');
    await insertSession(alice, biscuit, at(304, 12), 'scheduled', 30);
    expect(await busyOn(304)).toEqual([interval(at(304, 12), 30)]);
  });
});

describe('requests and the full client deletion', () => {
  const r = (start: string, end: string) => ({ start, end });
  beforeAll(async () => {
    const res = await as(admin).put('/api/settings/availability', {
      weeklyHours: Array.from({ length: 7 }, () => [r('00:00', '24:00')]),
      closedDates: [],
      exceptions: [],
      bookableTypes: [{ sessionType: 'training', durationMinutes: 60 }],
      bufferMinutes: 0,
      minNoticeHours: 0,
      horizonDays: 365,
      cancellationCutoffHours: 0,
      approval: 'approval',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
  afterAll(async () => {
    await resetAvailability();
  });

  it("a pending request is busy until declined; a deleted client's sessions and requests free their time", async () => {
    const client = await createTestUser('client', { firstName: 'Busy', lastName: 'Booker' });
    const dog = await createDog(client.profileId, { name: 'Comet', breed: 'Collie', birthDate: '2020-02-02' });
    await store().entities.sessionCredits.update({ profileId: client.profileId }).add({ balance: 3 }).go();
    const request = (scheduledAt: string) =>
      as(client).post('/api/me/bookings', { dogId: dog.id, sessionType: 'training', scheduledAt });

    const declined = await request(at(305, 14));
    expect(declined.status, JSON.stringify(declined.body)).toBe(201);
    expect(await busyOn(305)).toEqual([interval(at(305, 14), 60)]);
    expect((await as(admin).post(`/api/bookings/${declined.body.booking.id}/decline`, {})).status).toBe(200);
    expect(await busyOn(305)).toEqual([]);

    const approved = await request(at(306, 14));
    expect((await as(admin).post(`/api/bookings/${approved.body.booking.id}/approve`, {})).status).toBe(200);
    // The request and the session its approval made are one entry.
    expect(await busyOn(306)).toEqual([interval(at(306, 14), 60)]);
    expect((await request(at(306, 16))).status).toBe(201);
    await scheduled({ clientId: client.profileId, dogId: dog.id, scheduledAt: at(307, 9), durationMinutes: 60 });
    expect(await busyOn(306)).toHaveLength(2);
    expect(await busyOn(307)).toHaveLength(1);

    await deleteClientCompletely(client.profileId);
    expect(await busyOn(306)).toEqual([]);
    expect(await busyOn(307)).toEqual([]);
  });
});

describe("a request against the trainer's writes", () => {
  it('a transaction made on the versions read is cancelled when a day read was written meanwhile', async () => {
    const window = [Date.parse(at(310, 0, 30)), Date.parse(at(310, 10))] as const;
    // The window reaches into the day before (the longest session could still run): two days read.
    const before = await readBusyDays(...window);
    expect([...before.versions.keys()]).toEqual([at(309, 0).slice(0, 10), at(310, 0).slice(0, 10)]);
    const entry = { id: randomUUID(), scheduledAt: at(310, 9), endsAt: at(310, 10) };

    // The trainer schedules on the day the request writes: its update's condition fails.
    await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(310, 3), durationMinutes: 30 });
    const stale = await writeTransaction(() => busyDayItems({ add: [entry] }, before.versions));
    expect(stale).toEqual({ canceled: true, codes: ['ConditionalCheckFailed', 'None'] });

    // Read again; now the trainer writes the day before, which the request only checks.
    const again = await readBusyDays(...window);
    await scheduled({
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: at(309, 23, 30),
      durationMinutes: 30,
    });
    const checked = await writeTransaction(() => busyDayItems({ add: [entry] }, again.versions));
    expect(checked).toEqual({ canceled: true, codes: ['None', 'ConditionalCheckFailed'] });
    expect((await busyOn(310)).map(([start]) => start)).toEqual([at(310, 3)]);

    const fresh = await readBusyDays(...window);
    expect((await writeTransaction(() => busyDayItems({ add: [entry] }, fresh.versions))).canceled).toBe(false);
    expect((await busyOn(310)).map(([start]) => start)).toEqual([at(310, 3), at(310, 9)]);
  });
});

describe('backfill', () => {
  it('records the open sessions and pending requests written before the day items existed; runs once per table', async () => {
    const scheduledAt = at(308, 13);
    const legacy = {
      id: randomUUID(),
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt,
      durationMinutes: 60,
      endsAt: sessionEnd(scheduledAt, 60),
      status: 'scheduled' as const,
    };
    await store().entities.session.create(legacy).go();
    expect(await busyOn(308)).toEqual([]);
    expect(await backfillBusyDays(Date.parse(at(307, 0)))).toBeGreaterThanOrEqual(1);
    expect(await busyOn(308)).toEqual([interval(scheduledAt, 60)]);
    // The runtime's start ran it once already: the marker keeps it from setting entries again.
    expect(await runBackfillsOnce()).toEqual({
      busyDays: undefined,
      sessionStatusCounters: undefined,
      messageSearchWords: undefined,
      conversationSearchWords: undefined,
      analyticsRecorded: undefined,
    });
    await store().entities.session.delete({ id: legacy.id }).go();
  });
});
