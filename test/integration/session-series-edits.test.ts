import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_TEXTS } from '../../shared/contracts/sessions.js';
import { formatBusinessDateTime } from '../../shared/domain/business-time.js';
import { busIdle, type SesMail, sesStore, waitFor } from '../support/api.js';
import { admin, alice, as, at, biscuit, bob, inbox, pepper, rex, setUpSessionParties, TZ } from './sessions-helpers.js';

/**
 * "This and following" on edit (docs/decisions/0067-edit-this-and-following.md): PUT /api/sessions/{id}
 * with `following: true` changes the session and the later open sessions of its series at once, each
 * moved by the same days to the new time of day, with one message listing the new dates and one invite
 * updating each event. Days 1,200 and later (session-series.test.ts reaches day 1,150).
 */

setUpSessionParties();
afterAll(busIdle);

const DAY = 86_400_000;
const local = (iso: string) => formatBusinessDateTime(iso, TZ);
const plusDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY).toISOString();

interface Occurrence {
  id: string;
  scheduledAt: string;
}

async function series(body: Record<string, unknown>): Promise<Occurrence[]> {
  const res = await as(admin).post('/api/sessions', { allowOverlap: true, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.series.sessions;
}

const put = (id: string, body: Record<string, unknown>) => as(admin).put(`/api/sessions/${id}`, body);
const get = async (id: string) => (await as(admin).get(`/api/sessions/${id}`)).body.session;

function inviteOf(mail: SesMail): string {
  const files = (mail.attachments ?? []) as { filename: string; content: string }[];
  return Buffer.from(files.find((a) => a.filename === 'invite.ics')?.content ?? '', 'base64').toString('utf8');
}

describe('changing this and the following sessions of a series', () => {
  it('moves the later open sessions by the same days to the new time, with one message and one invite', async () => {
    const s = await series({
      clientId: bob.profileId,
      dogId: rex.id,
      scheduledAt: at(1200, 14),
      repeat: { every: 'week', count: 6 },
    });
    // The fifth was cancelled alone before: it stays where it was, cancelled.
    expect((await as(admin).post(`/api/sessions/${s[4].id}/cancel`)).status).toBe(200);
    await busIdle();

    // The third moves a day later and an hour later, for 90 minutes.
    const moved = plusDays(s[2].scheduledAt, 1 + 1 / 24);
    const res = await put(s[2].id, {
      clientId: bob.profileId,
      dogId: rex.id,
      scheduledAt: moved,
      durationMinutes: 90,
      sessionType: 'follow_up',
      notes: 'Bring the long line',
      following: true,
      allowOverlap: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = [2, 3, 5].map((i) => s[i].id);
    expect(res.body.session.id).toBe(ids[0]);
    expect(res.body.updated.map((u: { id: string }) => u.id)).toEqual(ids);

    const moveOf = (i: number) => local(plusDays(s[i].scheduledAt, 1));
    for (const i of [2, 3, 5]) {
      const one = await get(s[i].id);
      expect(local(one.scheduledAt)).toEqual({ ...moveOf(i), time: local(moved).time });
      expect(one).toMatchObject({ durationMinutes: 90, sessionType: 'follow_up', status: 'scheduled' });
      // Notes are the session's own: only the one edited gets them.
      expect(one.notes).toBe(i === 2 ? 'Bring the long line' : undefined);
    }
    for (const i of [0, 1]) expect((await get(s[i].id)).scheduledAt).toBe(s[i].scheduledAt);
    expect(await get(s[4].id)).toMatchObject({ scheduledAt: s[4].scheduledAt, status: 'cancelled' });

    // The busy time moved with them: the old time of the fourth is free, its new time is not.
    const free = await as(admin).post('/api/sessions', {
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: s[3].scheduledAt,
    });
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    const taken = await as(admin).post('/api/sessions', {
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: (await get(s[3].id)).scheduledAt,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields.allowOverlap).toBeDefined();

    await busIdle();
    const [message] = await waitFor(async () => {
      const found = (await inbox(bob)).filter((m) => m.subject === 'Training Sessions Updated - Rex');
      return found.length ? found : undefined;
    });
    expect(message.content).toContain('Your 3 training sessions have been updated:');
    for (const i of [2, 3, 5]) {
      expect(message.content).toContain(`- ${moveOf(i).date} at ${local(moved).time}`);
    }
    expect((await inbox(bob)).filter((m) => m.subject === 'Training Sessions Updated - Rex')).toHaveLength(1);
    const ics = await waitFor(async () =>
      (await sesStore())
        .filter((m: SesMail) => m.destination.to.includes(bob.email) && m.subject.includes('Sessions Updated - Rex'))
        .map(inviteOf)
        .find((i) => i.includes(ids[0])),
    );
    expect(ics).toContain('METHOD:REQUEST');
    for (const id of ids) expect(ics).toContain(`UID:session-${id}@`);
    // Each event is one revision on from the one the client was sent.
    expect(ics.match(/^SEQUENCE:1\r$/gm)).toHaveLength(3);
  });

  it('checks every moved session for clashes and changes nothing when one clashes', async () => {
    const s = await series({
      clientId: alice.profileId,
      dogId: pepper.id,
      scheduledAt: at(1260, 16),
      repeat: { every: 'week', count: 4 },
    });
    const other = await as(admin).post('/api/sessions', {
      clientId: bob.profileId,
      dogId: rex.id,
      scheduledAt: plusDays(s[3].scheduledAt, 2),
      allowOverlap: true,
    });
    expect(other.status).toBe(201);
    const body = {
      clientId: alice.profileId,
      dogId: pepper.id,
      scheduledAt: plusDays(s[1].scheduledAt, 2),
      following: true,
    };
    const refused = await put(s[1].id, body);
    expect(refused.status).toBe(409);
    expect(refused.body.error.fields.allowOverlap[0]).toContain('Rex');
    for (const o of s) expect((await get(o.id)).scheduledAt).toBe(o.scheduledAt);

    const anyway = await put(s[1].id, { ...body, allowOverlap: true });
    expect(anyway.status, JSON.stringify(anyway.body)).toBe(200);
    expect(anyway.body.updated).toHaveLength(3);
    expect((await get(s[3].id)).scheduledAt).toBe(plusDays(s[3].scheduledAt, 2));
  });

  it('changes up to a whole series in one transaction, and refuses what does not fit with nothing changed', async () => {
    const s = await series({
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: at(1300, 12),
      repeat: { every: 'week', count: 26 },
    });
    const body = { clientId: alice.profileId, dogId: biscuit.id, following: true, allowOverlap: true };
    // Another weekday: every session's old and new day both change, more than one transaction holds.
    const tooMany = await put(s[0].id, { ...body, scheduledAt: plusDays(s[0].scheduledAt, 1) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe(SESSION_TEXTS.followingTooMany);
    for (const o of [s[0], s[25]]) expect((await get(o.id)).scheduledAt).toBe(o.scheduledAt);
    // Only the time: all 26 at once.
    const later = await put(s[0].id, { ...body, scheduledAt: plusDays(s[0].scheduledAt, 1 / 24) });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.updated).toHaveLength(26);
    expect(local((await get(s[25].id)).scheduledAt).time).toBe(local(plusDays(s[0].scheduledAt, 1 / 24)).time);
    await busIdle();
  });

  it('refuses what "following" cannot do and is a plain edit where there is nothing after', async () => {
    const s = await series({
      clientId: bob.profileId,
      dogId: rex.id,
      scheduledAt: at(1280, 10),
      repeat: { every: 'fortnight', count: 2 },
    });
    const base = { clientId: bob.profileId, dogId: rex.id, scheduledAt: s[0].scheduledAt };
    expect((await put(s[0].id, { ...base, following: 'yes' })).status).toBe(400);
    const otherClient = await put(s[0].id, { ...base, clientId: alice.profileId, dogId: pepper.id, following: true });
    expect(otherClient.status).toBe(400);
    expect(otherClient.body.error.message).toBe(SESSION_TEXTS.followingKeepsClient);
    const onCreate = await as(admin).post('/api/sessions', { ...base, following: true, allowOverlap: true });
    expect(onCreate.status).toBe(400);
    expect(onCreate.body.error.message).toBe(SESSION_TEXTS.followingOnCreate);
    // The last of the series: that one alone.
    const last = await put(s[1].id, { ...base, scheduledAt: plusDays(s[1].scheduledAt, 1), following: true });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.updated.map((u: { id: string }) => u.id)).toEqual([s[1].id]);
    expect((await get(s[0].id)).scheduledAt).toBe(s[0].scheduledAt);
    // A client cannot.
    expect((await as(bob).put(`/api/sessions/${s[0].id}`, { ...base, following: true })).status).toBe(403);
    await busIdle();
  });
});
