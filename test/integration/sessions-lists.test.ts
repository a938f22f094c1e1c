import { randomUUID } from 'node:crypto';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as completeSessionsJob } from '../../functions/jobs/complete-sessions.js';
import { lambdaContext } from '../../infra/local/handlers.js';
import { SESSION_STATUSES } from '../../shared/contracts/session-options.js';
import { db } from '../../shared/db/client.js';
import { countQuery, store } from '../../shared/db/service.js';
import { businessDate } from '../../shared/domain/business-time.js';
import { COUNTERS, readRawCounters } from '../../shared/domain/counters.js';
import { createDog } from '../../shared/domain/dogs.js';
import { getClientSessionStats, getSessionStats } from '../../shared/domain/session-stats.js';
import { completeEndedSessions, deleteClientSessions, type SessionItem } from '../../shared/domain/sessions.js';
import { busIdle, createTestUser, openSocket, type TestUser, waitFor } from '../support/api.js';
import {
  admin,
  alice,
  as,
  at,
  biscuit,
  bob,
  dogNow,
  insertSession,
  pepper,
  rex,
  scheduled,
  setUpSessionParties,
  TZ,
  total,
} from './sessions-helpers.js';

/**
 * Training sessions end to end on the local runtime (2/2): the trainer's list (filters, search and
 * ranges), auto-completion on load and by the job, the dogs' training analytics, stats, homework
 * options, realtime notices, export, deletion and renames. Scheduling and changes: sessions.test.ts.
 */

setUpSessionParties();

describe("the trainer's list", () => {
  const RANGE = { from: '2031-05-05T00:00:00.000Z', to: '2031-05-07T00:00:00.000Z' };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ids.a1 = (
      await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: '2031-05-05T14:00:00Z' })
    ).id;
    ids.a2 = (await scheduled({ clientId: bob.profileId, dogId: rex.id, scheduledAt: '2031-05-05T16:00:00Z' })).id;
    await as(admin).post(`/api/sessions/${ids.a2}/cancel`);
    ids.a3 = (await scheduled({ clientId: alice.profileId, dogId: pepper.id, scheduledAt: '2031-05-06T14:00:00Z' })).id;
    // Exactly at `to`: inside the range.
    ids.a4 = (await scheduled({ clientId: bob.profileId, dogId: rex.id, scheduledAt: RANGE.to })).id;
    // Just outside it on either side.
    await scheduled({ clientId: bob.profileId, dogId: rex.id, scheduledAt: '2031-05-04T23:59:00Z' });
    await scheduled({ clientId: bob.profileId, dogId: rex.id, scheduledAt: '2031-05-07T00:01:00Z' });
  });

  const list = async (q: string) => {
    const res = await as(admin).get(`/api/sessions?${q}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: any[]; cursor: string | null };
  };
  const range = `from=${encodeURIComponent(RANGE.from)}&to=${encodeURIComponent(RANGE.to)}`;

  it('a start-time range lists soonest first, both ends included, with contact details', async () => {
    const page = await list(`${range}&limit=100`);
    expect(page.items.map((s) => s.id)).toEqual([ids.a1, ids.a2, ids.a3, ids.a4]);
    expect(page.items[0]).toMatchObject({ clientName: 'Alice Ambler', dogName: 'Biscuit', clientEmail: alice.email });
    // The same range given with an offset.
    const offset = await list(
      `from=${encodeURIComponent('2031-05-04T20:00:00-04:00')}&to=${encodeURIComponent('2031-05-06T20:00:00-04:00')}`,
    );
    expect(offset.items.map((s) => s.id)).toEqual([ids.a1, ids.a2, ids.a3, ids.a4]);
    const one = await list(`${range}&limit=2`);
    expect(one.items.map((s) => s.id)).toEqual([ids.a1, ids.a2]);
    const two = await list(`${range}&limit=2&cursor=${encodeURIComponent(one.cursor ?? '')}`);
    expect(two.items.map((s) => s.id)).toEqual([ids.a3, ids.a4]);
  });

  it('filters by status, and without a range lists upcoming sessions soonest first, then the rest latest first', async () => {
    expect((await list(`${range}&status=cancelled`)).items.map((s) => s.id)).toEqual([ids.a2]);
    expect((await list(`${range}&status=scheduled`)).items.map((s) => s.id)).toEqual([ids.a1, ids.a3, ids.a4]);
    expect((await list(`${range}&status=all`)).items).toHaveLength(4);
    // A past one too, so that both parts are there.
    const past = await insertSession(alice, biscuit, at(-3, 10), 'completed');
    const all = async (q: string) => {
      const items: any[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(`${q}&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        items.push(...page.items);
        cursor = page.cursor;
      } while (cursor);
      return items;
    };
    const now = new Date().toISOString();
    const upcoming = (x: any) => (x.status === 'scheduled' || x.status === 'confirmed') && x.scheduledAt >= now;
    for (const q of ['status=all', 'status=scheduled']) {
      const items = await all(q);
      expect(new Set(items.map((x) => x.id)).size, q).toBe(items.length);
      const split = items.findIndex((x) => !upcoming(x));
      const head = items.slice(0, split === -1 ? items.length : split).map((x) => x.scheduledAt);
      const tail = split === -1 ? [] : items.slice(split);
      expect(tail.some(upcoming), q).toBe(false);
      expect(head, q).toEqual([...head].sort());
      expect(
        tail.map((x) => x.scheduledAt),
        q,
      ).toEqual(
        tail
          .map((x) => x.scheduledAt)
          .sort()
          .reverse(),
      );
      expect(head.length, q).toBeGreaterThan(0);
    }
    const everything = await all('status=all');
    expect(everything.findIndex((x) => x.id === past)).toBeGreaterThan(everything.findIndex((x) => x.id === ids.a4));
    expect((await all('status=completed')).map((x) => x.id)).toContain(past);
    const onlyFrom = (await list(`from=${encodeURIComponent('2031-05-06T00:00:00Z')}&limit=3`)).items;
    expect(onlyFrom[0].id).toBe(ids.a3);
  });

  it('searches by client or dog name, with the status filter and the range', async () => {
    const tag = randomUUID().slice(0, 8).replace(/-/g, '');
    const dog = await createDog(alice.profileId, { name: `Tango${tag}`, breed: 'Terrier', birthDate: '2022-02-02' });
    const t1 = (await scheduled({ clientId: alice.profileId, dogId: dog.id, scheduledAt: '2031-06-01T14:00:00Z' })).id;
    const t2 = (await scheduled({ clientId: alice.profileId, dogId: dog.id, scheduledAt: '2031-06-02T14:00:00Z' })).id;
    await as(admin).post(`/api/sessions/${t2}/cancel`);
    const q = (s: string) => `search=${encodeURIComponent(s)}`;
    // Upcoming first (t1), then the rest (the cancelled t2).
    expect((await list(q(`tango${tag}`))).items.map((s) => s.id)).toEqual([t1, t2]);
    expect((await list(q(`TANGO${tag.slice(0, 3)}`))).items.map((s) => s.id)).toEqual([t1, t2]);
    expect((await list(q(`ambler tango${tag}`))).items.map((s) => s.id)).toEqual([t1, t2]);
    expect((await list(q(`barker tango${tag}`))).items).toEqual([]);
    expect((await list(`${q(`tango${tag}`)}&status=cancelled`)).items.map((s) => s.id)).toEqual([t2]);
    const ranged = await list(`${q(`tango${tag}`)}&from=2031-06-01T00:00:00Z&to=2031-06-01T23:59:59Z`);
    expect(ranged.items.map((s) => s.id)).toEqual([t1]);
    // By the client's name: Bob's sessions (among others named like him, all his).
    const bobs = (await list(`${q('barker')}&${range}`)).items;
    expect(bobs.map((s) => s.id)).toEqual([ids.a2, ids.a4]);
  });

  it('refuses bad queries', async () => {
    for (const [query, text] of [
      [`from=${encodeURIComponent(RANGE.to)}&to=${encodeURIComponent(RANGE.from)}`, 'from must not be after to'],
      ['status=bogus', 'status must be one of'],
      ['from=yesterday', 'from must be a date and time'],
      ['limit=0', 'limit must be between 1 and 100'],
      ['cursor=bogus', 'Invalid cursor'],
      ['colour=red', 'colour is not an accepted field'],
    ]) {
      const res = await as(admin).get(`/api/sessions?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message).toContain(text);
    }
  });

  it("the client detail shows the client's last 10 sessions, newest first", async () => {
    // A client of their own with 12 sessions (cancelled ones: nothing completes or counts them as open).
    const kim = await createTestUser('client', { firstName: 'Kim', lastName: 'Keller' });
    const juno = await createDog(kim.profileId, { name: 'Juno', breed: 'Akita', birthDate: '2021-01-01' });
    const starts = Array.from({ length: 12 }, (_, i) => at(3 * (i + 1)));
    for (const start of starts) await insertSession(kim, juno, start, 'cancelled');
    const res = await as(admin).get(`/api/clients/${kim.profileId}`);
    expect(res.status).toBe(200);
    const sessions = res.body.sessions as { clientId: string; scheduledAt: string }[];
    expect(sessions.every((s) => s.clientId === kim.profileId)).toBe(true);
    expect(sessions.map((s) => s.scheduledAt)).toEqual(starts.slice(2).reverse());
  });
});

describe('auto-completion and training analytics', () => {
  it('completes ended sessions when a list loads, once; the dog analytics follow completions and deletions', async () => {
    const erin = await createTestUser('client', { firstName: 'Erin', lastName: 'Evans' });
    const scout = await createDog(erin.profileId, { name: 'Scout', breed: 'Collie', birthDate: '2020-03-03' });
    const early = at(-3, 14);
    const later = at(-1, 14);
    const s1 = await insertSession(erin, scout, early, 'scheduled');
    const s2 = await insertSession(erin, scout, later, 'confirmed');
    const s3 = (await scheduled({ clientId: erin.profileId, dogId: scout.id, scheduledAt: at(2) })).id;

    const loaded = (await as(erin).get('/api/me/sessions')).body.items as { id: string; status: string }[];
    expect(loaded.find((s) => s.id === s1)?.status).toBe('completed');
    expect(loaded.find((s) => s.id === s2)?.status).toBe('completed');
    expect(loaded.find((s) => s.id === s3)?.status).toBe('scheduled');
    let dog = await dogNow(scout.id);
    expect(dog.totalSessions).toBe(2);
    expect(dog.lastSessionDate).toBe(businessDate(later, TZ));
    const shown = await as(erin).get(`/api/dogs/${scout.id}`);
    expect(shown.body.dog.trainingAnalytics).toEqual({ totalSessions: 2, lastSessionDate: businessDate(later, TZ) });

    // Again (a load, the job): nothing changes twice.
    expect(await completeEndedSessions()).not.toEqual(expect.arrayContaining([s1]));
    await as(admin).get('/api/sessions?limit=5');
    dog = await dogNow(scout.id);
    expect(dog.totalSessions).toBe(2);
    expect((await as(erin).get('/api/me/sessions/stats')).body).toEqual({ upcoming: 1, completed: 2, dogs: 1 });

    // Deleting the latest completed session: one fewer, the last date falls back to the other one.
    expect((await as(admin).del(`/api/sessions/${s2}`)).status).toBe(204);
    dog = await dogNow(scout.id);
    expect(dog.totalSessions).toBe(1);
    expect(dog.lastSessionDate).toBe(businessDate(early, TZ));
    // Deleting an open one changes no analytics.
    expect((await as(admin).del(`/api/sessions/${s3}`)).status).toBe(204);
    expect((await dogNow(scout.id)).totalSessions).toBe(1);
    expect((await as(admin).del(`/api/sessions/${s1}`)).status).toBe(204);
    dog = await dogNow(scout.id);
    expect(dog.totalSessions).toBe(0);
    expect(dog.lastSessionDate).toBeUndefined();
    expect((await as(erin).get('/api/me/sessions/stats')).body).toEqual({ upcoming: 0, completed: 0, dogs: 1 });
  });

  it('concurrent loads complete a session once and count it once', async () => {
    const fred = await createTestUser('client', { firstName: 'Fred', lastName: 'Fox' });
    const dog = await createDog(fred.profileId, { name: 'Flash', breed: 'Whippet', birthDate: '2020-01-01' });
    await insertSession(fred, dog, at(-2, 10));
    await insertSession(fred, dog, at(-2, 12));
    await Promise.all([
      as(fred).get('/api/me/sessions'),
      as(fred).get('/api/me/sessions'),
      as(admin).get('/api/sessions'),
      completeEndedSessions(),
    ]);
    expect((await dogNow(dog.id)).totalSessions).toBe(2);
    expect((await as(fred).get('/api/me/sessions/stats')).body.completed).toBe(2);
  });

  it('the 5-minute job completes only due sessions, reading only due ones, and is idempotent', async () => {
    const gus = await createTestUser('client', { firstName: 'Gus', lastName: 'Grey' });
    const dog = await createDog(gus.profileId, { name: 'Gizmo', breed: 'Pug', birthDate: '2020-01-01' });
    const due = await insertSession(gus, dog, at(-1, 9));
    const running = await insertSession(gus, dog, new Date(Date.now() - 15 * 60_000).toISOString(), 'confirmed');
    const future = await insertSession(gus, dog, at(3));

    const doc = db().doc;
    const reads: { input: QueryCommand['input']; items: Record<string, unknown>[] }[] = [];
    const send = doc.send.bind(doc);
    doc.send = (async (command: unknown, ...rest: unknown[]) => {
      const out = await (send as (...a: unknown[]) => Promise<any>)(command, ...rest);
      if (command instanceof QueryCommand) reads.push({ input: command.input, items: out.Items ?? [] });
      return out;
    }) as typeof doc.send;
    let result: { completed: number };
    const startedAt = new Date().toISOString();
    try {
      result = await completeSessionsJob({} as never, lambdaContext('jobs/complete-sessions'));
    } finally {
      doc.send = send as typeof doc.send;
    }
    expect(result.completed).toBeGreaterThanOrEqual(1);
    const byEnd = reads.filter((r) => r.input.IndexName === 'gsi3');
    expect(byEnd).toHaveLength(2); // one per open status
    for (const r of byEnd) {
      expect(r.input.KeyConditionExpression).toMatch(/<=/);
      for (const item of r.items) expect(String(item.endsAt) <= new Date().toISOString()).toBe(true);
    }
    const readIds = byEnd.flatMap((r) => r.items.map((i) => i.id));
    expect(readIds).toContain(due);
    expect(readIds).not.toContain(running);
    expect(readIds).not.toContain(future);
    expect(startedAt <= new Date().toISOString()).toBe(true);

    const status = async (id: string) => (await store().entities.session.get({ id }).go()).data?.status;
    expect(await status(due)).toBe('completed');
    expect(await status(running)).toBe('confirmed');
    expect(await status(future)).toBe('scheduled');
    expect((await dogNow(dog.id)).totalSessions).toBe(1);
    // A second run completes nothing of these and counts nothing again.
    expect(await completeEndedSessions()).not.toContain(due);
    expect((await dogNow(dog.id)).totalSessions).toBe(1);
  });
});

describe('stats', () => {
  it("the trainer's cards: total, upcoming, today in the business time zone, active clients", async () => {
    const before = (await as(admin).get('/api/sessions/stats')).body;
    expect(Object.keys(before).sort()).toEqual(['activeClients', 'today', 'total', 'upcoming']);
    const s = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(12) });
    const after = (await as(admin).get('/api/sessions/stats')).body;
    expect(after.total).toBe(before.total + 1);
    expect(after.upcoming).toBe(before.upcoming + 1);
    await as(admin).post(`/api/sessions/${s.id}/cancel`);
    const cancelled = (await as(admin).get('/api/sessions/stats')).body;
    expect(cancelled.upcoming).toBe(before.upcoming);
    expect(cancelled.total).toBe(before.total + 1);

    // Today, as of a day far ahead: 00:00 to 24:00 New York time, cancelled ones left out.
    const noon = new Date('2032-01-15T17:00:00Z'); // 12:00 EST
    const base = await getSessionStats(noon);
    await insertSession(alice, biscuit, '2032-01-15T05:00:00.000Z'); // 00:00 EST
    await insertSession(alice, biscuit, '2032-01-16T04:30:00.000Z'); // 23:30 EST, still the 15th there
    await insertSession(alice, biscuit, '2032-01-15T15:00:00.000Z', 'cancelled');
    await insertSession(alice, biscuit, '2032-01-16T05:00:00.000Z'); // the 16th in New York
    const later = await getSessionStats(noon);
    expect(later.today).toBe(base.today + 2);
    // Upcoming as of that noon: the 23:30 and the 16th's sessions (the 00:00 one has started).
    expect(later.upcoming).toBe(base.upcoming + 2);
  });

  it('Upcoming follows every write and the clock, for the trainer and each client', async () => {
    const jo = await createTestUser('client', { firstName: 'Jo', lastName: 'Jett' });
    const jet = await createDog(jo.profileId, { name: 'Jet', breed: 'Lab', birthDate: '2020-01-01' });
    const all = async () => (await as(admin).get('/api/sessions/stats')).body.upcoming as number;
    const own = async (u: TestUser) => (await as(u).get('/api/me/sessions/stats')).body.upcoming as number;
    const [u0, alice0] = [await all(), await own(alice)];
    const a = await scheduled({ clientId: jo.profileId, dogId: jet.id, scheduledAt: at(6) });
    const b = await scheduled({ clientId: jo.profileId, dogId: jet.id, scheduledAt: at(7) });
    expect([await all(), await own(jo)]).toEqual([u0 + 2, 2]);
    expect((await as(jo).post(`/api/me/sessions/${a.id}/confirm`)).status).toBe(200);
    expect([await all(), await own(jo)]).toEqual([u0 + 2, 2]);
    // Moved to another client: the trainer's count stays, the clients' follow.
    const moved = await as(admin).put(`/api/sessions/${b.id}`, {
      allowOverlap: true,
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: b.scheduledAt,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect([await all(), await own(jo), await own(alice)]).toEqual([u0 + 2, 1, alice0 + 1]);
    expect((await as(admin).post(`/api/sessions/${a.id}/cancel`)).status).toBe(200);
    expect([await all(), await own(jo)]).toEqual([u0 + 1, 0]);
    expect((await as(admin).del(`/api/sessions/${b.id}`)).status).toBe(204);
    expect([await all(), await own(alice)]).toEqual([u0, alice0]);

    // The clock: a session is upcoming until it starts, then no longer (before any completion).
    const start = '2034-05-05T15:00:00.000Z';
    await insertSession(jo, jet, start, 'confirmed', 90);
    const before = new Date(Date.parse(start) - 60_000);
    const running = new Date(Date.parse(start) + 60_000);
    const [admBefore, admRunning] = [await getSessionStats(before), await getSessionStats(running)];
    expect(admBefore.upcoming - admRunning.upcoming).toBe(1);
    expect((await getClientSessionStats(jo.profileId, before)).upcoming).toBe(1);
    expect((await getClientSessionStats(jo.profileId, running)).upcoming).toBe(0);
  });

  it('the cards read counters and bounded index ranges only, never the sessions ahead or the history', async () => {
    const doc = db().doc;
    const reads: QueryCommand['input'][] = [];
    const send = doc.send.bind(doc);
    doc.send = (async (command: unknown, ...rest: unknown[]) => {
      if (command instanceof QueryCommand) reads.push(command.input);
      return (send as (...a: unknown[]) => Promise<unknown>)(command, ...rest);
    }) as typeof doc.send;
    const now = new Date();
    try {
      await getSessionStats(now);
      await getClientSessionStats(alice.profileId, now);
    } finally {
      doc.send = send as typeof doc.send;
    }
    const horizon = new Date(now.getTime() + 120 * 60_000 + 1).toISOString();
    const byEnd = reads.filter((r) => r.IndexName === 'gsi3');
    expect(byEnd).toHaveLength(4); // one per open status, for the trainer and for the client
    for (const r of byEnd) {
      expect(r.Select).toBe('COUNT');
      expect(r.KeyConditionExpression).toMatch(/ < /);
      expect(JSON.stringify(r.ExpressionAttributeValues)).toContain(horizon.toLowerCase());
    }
    const byDate = reads.filter((r) => r.IndexName === 'gsi2');
    expect(byDate).toHaveLength(1); // today only
    expect(byDate[0].KeyConditionExpression).toMatch(/BETWEEN/);
    // The client's dogs (their own partition); nothing else.
    expect(reads.filter((r) => r.IndexName !== 'gsi3' && r.IndexName !== 'gsi2')).toHaveLength(1);
  });

  it("a client's cards count their own sessions and dogs", async () => {
    const ivy = await createTestUser('client', { firstName: 'Ivy', lastName: 'Irwin' });
    const dog = await createDog(ivy.profileId, { name: 'Iggy', breed: 'Italian Greyhound', birthDate: '2020-01-01' });
    await createDog(ivy.profileId, { name: 'Izzy', breed: 'Mix', birthDate: '2020-01-01' });
    await scheduled({ clientId: ivy.profileId, dogId: dog.id, scheduledAt: at(2) });
    const c = await scheduled({ clientId: ivy.profileId, dogId: dog.id, scheduledAt: at(3) });
    await as(admin).post(`/api/sessions/${c.id}/cancel`);
    expect(await getClientSessionStats(ivy.profileId)).toEqual({ upcoming: 1, completed: 0, dogs: 2 });
    expect((await as(ivy).get('/api/me/sessions/stats')).body).toEqual({ upcoming: 1, completed: 0, dogs: 2 });
  });
});

describe('Relevant Homework (GET /api/clients/{id}/homework)', () => {
  it("offers the client's delivered messages: homework first, then by type, newest first, 200-character previews", async () => {
    const fay = await createTestUser('client', { firstName: 'Fay', lastName: 'Field' });
    const send = async (subject: string, messageType: string, content = `About ${subject}`, scheduledFor?: string) => {
      const res = await as(admin).post('/api/messages', {
        recipientIds: [fay.profileId],
        subject,
        content,
        messageType,
        ...(scheduledFor ? { scheduledFor } : {}),
      });
      expect(res.status).toBe(201);
      return res.body.messageIds[0] as string;
    };
    await send('G1', 'general');
    await send('H1', 'homework', 'x'.repeat(300));
    await send('F1', 'feedback');
    await send('H2', 'homework');
    await send('Later', 'homework', 'not yet', new Date(Date.now() + 3_600_000).toISOString());
    await as(admin).post('/api/messages', { recipientIds: [bob.profileId], subject: 'Not Fay', content: 'x' });
    const res = await as(admin).get(`/api/clients/${fay.profileId}/homework`);
    expect(res.status).toBe(200);
    const items = res.body.items as { subject: string; messageType: string; preview: string; sentAt: string }[];
    expect(items.map((m) => m.subject)).toEqual(['H2', 'H1', 'F1', 'G1']);
    expect(items[1].preview).toBe('x'.repeat(200));
    expect(Object.keys(items[0]).sort()).toEqual(['id', 'messageType', 'preview', 'sentAt', 'subject']);
    expect((await as(admin).get(`/api/clients/${randomUUID()}/homework`)).status).toBe(404);
  });
});

describe('realtime notices', () => {
  it('sessions.changed reaches the admins and that session’s client only', async () => {
    const [aSock, bSock, adminSock] = await Promise.all([
      openSocket(alice.idToken),
      openSocket(bob.idToken),
      openSocket(admin.idToken),
    ]);
    try {
      const s = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(13) });
      const isIt = (m: unknown) =>
        (m as { type?: string }).type === 'sessions.changed' && (m as { sessionId?: string }).sessionId === s.id;
      await waitFor(() => aSock.messages.find(isIt));
      await waitFor(() => adminSock.messages.find(isIt));
      await as(alice).post(`/api/me/sessions/${s.id}/confirm`);
      await busIdle();
      expect(adminSock.messages.filter(isIt).length).toBeGreaterThanOrEqual(2);
      expect(bSock.messages.filter((m) => (m as { type?: string }).type === 'sessions.changed')).toEqual([]);
    } finally {
      await Promise.all([aSock.close(), bSock.close(), adminSock.close()]);
    }
  });
});

describe('renames, export and full deletion', () => {
  it("a dog's or client's new name reaches their sessions and their search", async () => {
    const tag = randomUUID().slice(0, 8).replace(/-/g, '');
    const jo = await createTestUser('client', { firstName: 'Jo', lastName: `Old${tag}` });
    const dog = await createDog(jo.profileId, { name: `Before${tag}`, breed: 'Mix', birthDate: '2020-01-01' });
    const s = await scheduled({ clientId: jo.profileId, dogId: dog.id, scheduledAt: at(4) });
    const patched = await as(admin).patch(`/api/dogs/${dog.id}`, {
      name: `After${tag}`,
      breed: 'Corgi',
      birthDate: '2020-01-01',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const renamed = await as(admin).patch(`/api/clients/${jo.profileId}`, { firstName: 'Jo', lastName: `New${tag}` });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const got = (await as(admin).get(`/api/sessions/${s.id}`)).body.session;
    expect(got).toMatchObject({ dogName: `After${tag}`, dogBreed: 'Corgi', clientName: `Jo New${tag}` });
    const found = async (q: string) =>
      (await as(admin).get(`/api/sessions?search=${encodeURIComponent(q)}`)).body.items.map(
        (x: { id: string }) => x.id,
      );
    expect(await found(`after${tag}`)).toEqual([s.id]);
    expect(await found(`new${tag}`)).toEqual([s.id]);
    expect(await found(`before${tag}`)).toEqual([]);
    expect(await found(`old${tag}`)).toEqual([]);
  });

  it('the full deletion subtracts what each session is when deleted, even if it changed after it was read', async () => {
    const lea = await createTestUser('client', { firstName: 'Lea', lastName: 'Lund' });
    const dog = await createDog(lea.profileId, { name: 'Lumo', breed: 'Mix', birthDate: '2020-01-01' });
    const ended = await insertSession(lea, dog, at(-1));
    const ahead = await insertSession(lea, dog, at(5));
    const read = (await store().entities.session.query.byClient({ clientId: lea.profileId }).go())
      .data as SessionItem[];
    expect(read.map((x) => x.status)).toEqual(['scheduled', 'scheduled']);
    // Completed after the deletion read it (as a list load or the job may do).
    expect(await completeEndedSessions()).toContain(ended);
    const names = [COUNTERS.sessionsTotal, COUNTERS.openSessions] as const;
    const before = await readRawCounters(names);
    await deleteClientSessions(lea.profileId, read);
    const after = await readRawCounters(names);
    expect(after[COUNTERS.sessionsTotal]).toBe(before[COUNTERS.sessionsTotal] - 2);
    expect(after[COUNTERS.openSessions]).toBe(before[COUNTERS.openSessions] - 1); // `ahead` only
    for (const id of [ended, ahead]) expect((await store().entities.session.get({ id }).go()).data).toBeNull();
  });

  it("each status's counter moves with every write as the status index does: create, confirm, cancel, complete, delete, full deletion", async () => {
    const counted = async () => {
      const counters = await readRawCounters(SESSION_STATUSES.map((x) => COUNTERS.sessionsOfStatus(x)));
      const counts = await Promise.all(
        SESSION_STATUSES.map((status) =>
          countQuery(store().entities.session.query.byStatusEnd({ status }).params() as QueryCommandInput),
        ),
      );
      return SESSION_STATUSES.map((status, i) => ({
        status,
        counter: counters[COUNTERS.sessionsOfStatus(status)],
        count: counts[i],
      }));
    };
    const before = await counted();
    const ned = await createTestUser('client', { firstName: 'Ned', lastName: 'Nord' });
    const dog = await createDog(ned.profileId, { name: 'Nox', breed: 'Mix', birthDate: '2020-01-01' });
    const made = [];
    for (const days of [6, 7, 8, 9])
      made.push(await scheduled({ clientId: ned.profileId, dogId: dog.id, scheduledAt: at(days) }));
    expect((await as(ned).post(`/api/me/sessions/${made[0].id}/confirm`)).status).toBe(200);
    expect((await as(admin).post(`/api/sessions/${made[1].id}/cancel`)).status).toBe(200);
    expect((await as(admin).del(`/api/sessions/${made[2].id}`)).status).toBe(204);
    const ended = await insertSession(ned, dog, at(-1));
    expect(await completeEndedSessions()).toContain(ended);

    const middle = await counted();
    const delta = (a: typeof before, b: typeof before) =>
      Object.fromEntries(
        a.map((x, i) => [x.status, { counter: b[i].counter - x.counter, count: b[i].count - x.count }]),
      );
    const moved = delta(before, middle);
    for (const { counter, count } of Object.values(moved)) expect(counter).toBe(count);
    // Of Ned's own: scheduled made[3], confirmed made[0], cancelled made[1], completed `ended`.
    expect(moved.confirmed.counter).toBeGreaterThanOrEqual(1);
    expect(moved.cancelled.counter).toBeGreaterThanOrEqual(1);

    const read = (await store().entities.session.query.byClient({ clientId: ned.profileId }).go())
      .data as SessionItem[];
    expect(read.map((x) => x.status).sort()).toEqual(['cancelled', 'completed', 'confirmed', 'scheduled']);
    await deleteClientSessions(ned.profileId, read);
    for (const { counter, count } of Object.values(delta(middle, await counted()))) expect(counter).toBe(count);

    // The analytics screen shows the counters.
    const shown = (await as(admin).get('/api/analytics?dateRange=7daysAgo')).body.data.sessionsByStatus as {
      status: string;
      count: number;
    }[];
    const now = await counted();
    for (const { status, counter } of now)
      expect(shown.find((x) => x.status === status)?.count).toBe(Math.max(0, counter));
  });

  it("sessions are in the client's export, and go with the full deletion (search words and counts too)", async () => {
    const tag = randomUUID().slice(0, 8).replace(/-/g, '');
    const kim = await createTestUser('client', { firstName: 'Kim', lastName: 'Kay' });
    const dog = await createDog(kim.profileId, { name: `Kiwi${tag}`, breed: 'Mix', birthDate: '2020-01-01' });
    const s = await scheduled({ clientId: kim.profileId, dogId: dog.id, scheduledAt: at(4), notes: 'Harness' });
    await insertSession(kim, dog, at(-1));
    const exported = (await as(kim).get('/api/me/export')).body;
    expect(exported.sessions).toHaveLength(2);
    const mine = exported.sessions.find((x: { id: string }) => x.id === s.id);
    expect(mine).toMatchObject({ dogName: `Kiwi${tag}`, notes: 'Harness', status: 'scheduled' });
    expect(mine).not.toHaveProperty('searchTokens');

    await as(admin).get('/api/sessions?limit=1'); // completes the ended one (a completed count exists)
    const before = await total();
    const open = async () => (await readRawCounters([COUNTERS.openSessions]))[COUNTERS.openSessions];
    const openBefore = await open();
    expect((await as(admin).del(`/api/clients/${kim.profileId}`)).status).toBe(204);
    expect(await total()).toBe(before - 2);
    expect(await open()).toBe(openBefore - 1); // s; the other one was completed
    const { data: openOfKim } = await store()
      .entities.counter.get({ name: COUNTERS.openSessionsOf(kim.profileId) })
      .go();
    expect(openOfKim).toBeNull();
    expect((await as(admin).get(`/api/sessions/${s.id}`)).status).toBe(404);
    expect((await as(admin).get(`/api/sessions?search=kiwi${tag}`)).body.items).toEqual([]);
    const { data: tokens } = await store()
      .entities.sessionToken.query.byToken({ shard: 'k' })
      .begins({ token: `kiwi${tag}` })
      .go();
    expect(tokens).toEqual([]);
    const { data: counter } = await store()
      .entities.counter.get({ name: `sessions#completed#${kim.profileId}` })
      .go();
    expect(counter).toBeNull();
  });
});
