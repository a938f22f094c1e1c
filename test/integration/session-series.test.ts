import { afterAll, describe, expect, it } from 'vitest';
import { MAX_SERIES_SESSIONS, SESSION_TEXTS } from '../../shared/contracts/sessions.js';
import { store } from '../../shared/db/service.js';
import { formatBusinessDateTime } from '../../shared/domain/business-time.js';
import { COUNTERS } from '../../shared/domain/counters.js';
import { seriesStarts } from '../../shared/domain/session-series.js';
import { busIdle, type SesMail, sesStore, waitFor } from '../support/api.js';
import {
  admin,
  alice,
  as,
  at,
  biscuit,
  bob,
  inbox,
  pepper,
  rex,
  setUpSessionParties,
  TZ,
  total,
} from './sessions-helpers.js';

/**
 * Recurring sessions (docs/decisions/0060-session-series.md): POST /api/sessions with `repeat` schedules
 * a weekly or fortnightly series, each occurrence its own session at the same local time, checked for
 * clashes together and written whole; the client gets one message listing the dates, with one invite.
 * Days 800 and later (a 26-fortnight series reaches day 1,150): busy-days.test.ts keeps days 300-310.
 */

setUpSessionParties();
// Every occurrence's reminder is scheduled by its own event: let them finish before the runtime stops.
afterAll(busIdle);

const post = (body: Record<string, unknown>) => as(admin).post('/api/sessions', body);

interface Series {
  id: string;
  sessions: { id: string; scheduledAt: string }[];
}

async function series(body: Record<string, unknown>): Promise<Series> {
  const res = await post(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.session.id).toBe(res.body.series.sessions[0].id);
  return res.body.series;
}

const local = (iso: string) => formatBusinessDateTime(iso, TZ);
/** A client's open sessions as the counters hold them. */
const openOf = async (u: { profileId: string }) =>
  (
    await store()
      .entities.counter.get({ name: COUNTERS.openSessionsOf(u.profileId) })
      .go({ consistent: true })
  ).data?.value ?? 0;
const DAY = 86_400_000;
/** Whole days between two instants as the business's calendar counts them (23- or 25-hour days included). */
const daysApart = (a: string, b: string) =>
  Math.round(
    (Date.parse(`${new Date(b).toLocaleDateString('en-CA', { timeZone: TZ })}T00:00:00Z`) -
      Date.parse(`${new Date(a).toLocaleDateString('en-CA', { timeZone: TZ })}T00:00:00Z`)) /
      DAY,
  );

async function mailsTo(to: string, subject: string): Promise<SesMail[]> {
  return (await sesStore()).filter((m: SesMail) => m.destination.to.includes(to) && m.subject.includes(subject));
}

describe('recurring sessions', () => {
  it('schedules 8 weekly sessions at the same local time, each its own, with one message listing the dates', async () => {
    const before = await total();
    const s = await series({
      clientId: alice.profileId,
      dogId: pepper.id,
      scheduledAt: at(800, 15),
      durationMinutes: 45,
      repeat: { every: 'week', count: 8 },
    });
    expect(s.sessions).toHaveLength(8);
    expect(await total()).toBe(before + 8);
    for (const [i, o] of s.sessions.entries()) {
      expect(daysApart(s.sessions[0].scheduledAt, o.scheduledAt)).toBe(7 * i);
      expect(local(o.scheduledAt).time).toBe(local(s.sessions[0].scheduledAt).time);
      const one = (await as(admin).get(`/api/sessions/${o.id}`)).body.session;
      expect(one).toMatchObject({ seriesId: s.id, status: 'scheduled', durationMinutes: 45, dogName: 'Pepper' });
    }

    const [message] = await waitFor(async () => {
      const found = (await inbox(alice)).filter((m) => m.subject === 'Training Sessions Scheduled - Pepper');
      return found.length ? found : undefined;
    });
    expect(message.messageType).toBe('appointment');
    expect(message.content).toContain('Your 8 training sessions have been scheduled:');
    for (const o of s.sessions) {
      const when = local(o.scheduledAt);
      expect(message.content).toContain(`- ${when.date} at ${when.time}`);
    }
    // One message for the series, not one per session.
    expect((await inbox(alice)).filter((m) => m.subject.includes('Pepper'))).toHaveLength(1);
    // Its e-mail invites to every date: one event per session, with each session's UID.
    const [mail] = await waitFor(async () => {
      const found = await mailsTo(alice.email, 'Training Sessions Scheduled - Pepper');
      return found.length ? found : undefined;
    });
    const ics = Buffer.from(
      ((mail.attachments ?? []) as { filename: string; content: string }[]).find((a) => a.filename === 'invite.ics')
        ?.content ?? '',
      'base64',
    ).toString('utf8');
    expect(ics.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(8);
    // The e-mail lists the dates too.
    for (const o of s.sessions) {
      const when = local(o.scheduledAt);
      expect(mail.body.text).toContain(`- ${when.date} at ${when.time}`);
    }
    for (const o of s.sessions) expect(ics).toContain(`UID:session-${o.id}@`);
    expect(await inbox(bob)).toEqual([]);
  });

  it('writes the longest series whole across its transactions, fortnightly through a daylight-saving change', async () => {
    const before = await total();
    const s = await series({
      clientId: bob.profileId,
      dogId: rex.id,
      scheduledAt: at(801, 14),
      repeat: { every: 'fortnight', count: MAX_SERIES_SESSIONS },
    });
    expect(s.sessions).toHaveLength(MAX_SERIES_SESSIONS);
    expect(await total()).toBe(before + MAX_SERIES_SESSIONS);
    // A year of fortnights crosses both daylight-saving changes: two UTC hours, one local time.
    expect(new Set(s.sessions.map((o) => new Date(o.scheduledAt).getUTCHours())).size).toBe(2);
    expect(new Set(s.sessions.map((o) => local(o.scheduledAt).time)).size).toBe(1);
    for (const [i, o] of s.sessions.entries()) expect(daysApart(s.sessions[0].scheduledAt, o.scheduledAt)).toBe(14 * i);
    // The longest series is cancelled whole in one transaction too.
    const cancelled = await as(admin).post(`/api/sessions/${s.sessions[0].id}/cancel`, { following: true });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.cancelled).toHaveLength(MAX_SERIES_SESSIONS);
    await busIdle();
  });

  it('ends on the last date given', async () => {
    const first = at(802, 17);
    const until = new Date(Date.parse(first) + 21 * DAY).toLocaleDateString('en-CA', { timeZone: TZ });
    const s = await series({
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: first,
      repeat: { every: 'week', until },
      allowOverlap: true,
    });
    expect(s.sessions).toHaveLength(4);
  });

  it('refuses a series with a clash, naming the clashing date, and writes none of it; allowOverlap writes it', async () => {
    const body = {
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: at(803, 10, 30),
      repeat: { every: 'week' as const, count: 4 },
    };
    // Another session half an hour into the series' third week (at its local time, whatever the season).
    const third = seriesStarts(body.scheduledAt, body.repeat, TZ)[2];
    const otherAt = new Date(Date.parse(third) + 30 * 60_000).toISOString();
    const other = await post({ clientId: bob.profileId, dogId: rex.id, scheduledAt: otherAt });
    expect(other.status).toBe(201);
    const before = await total();
    const res = await post(body);
    expect(res.status).toBe(409);
    const when = local(other.body.session.scheduledAt);
    expect(res.body.error.message).toBe(`${SESSION_TEXTS.overlaps}: ${when.date} at ${when.time} with Rex`);
    expect(res.body.error.fields).toEqual({ allowOverlap: [res.body.error.message] });
    expect(await total()).toBe(before);
    const anyway = await series({ ...body, allowOverlap: true });
    expect(anyway.sessions).toHaveLength(4);
    expect(await total()).toBe(before + 4);
  });

  it('refuses a bad repeat with 400 and writes nothing', async () => {
    const before = await total();
    const base = { clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(810, 9), allowOverlap: true };
    const cases: [unknown, string][] = [
      [{ every: 'month', count: 3 }, SESSION_TEXTS.repeatEvery],
      [{ every: 'week', count: 1 }, SESSION_TEXTS.repeatCount],
      [{ every: 'week', count: MAX_SERIES_SESSIONS + 1 }, SESSION_TEXTS.repeatCount],
      [{ every: 'week', count: 2.5 }, SESSION_TEXTS.repeatCount],
      [{ every: 'week' }, SESSION_TEXTS.repeatEnd],
      [{ every: 'week', count: 3, until: '2099-01-01' }, SESSION_TEXTS.repeatEnd],
      [{ every: 'week', until: 'soon' }, SESSION_TEXTS.repeatUntil],
      [{ every: 'week', until: '2000-01-01' }, SESSION_TEXTS.repeatUntilTooSoon],
      [{ every: 'week', until: '2199-01-01' }, SESSION_TEXTS.repeatCount],
      [{ every: 'week', count: 3, extra: true }, ''],
    ];
    for (const [repeat, message] of cases) {
      const res = await post({ ...base, repeat });
      expect(res.status, JSON.stringify(repeat)).toBe(400);
      if (message) expect(JSON.stringify(res.body.error), JSON.stringify(repeat)).toContain(message);
    }
    expect(await total()).toBe(before);
  });

  it('refuses repeat on an edit: each session of a series changes alone', async () => {
    const s = await series({
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: at(820, 8),
      repeat: { every: 'week', count: 2 },
      allowOverlap: true,
    });
    const body = { clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(821, 8), allowOverlap: true };
    const res = await as(admin).put(`/api/sessions/${s.sessions[1].id}`, {
      ...body,
      repeat: { every: 'week', count: 3 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(SESSION_TEXTS.repeatOnUpdate);
    const moved = await as(admin).put(`/api/sessions/${s.sessions[1].id}`, body);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.session.seriesId).toBe(s.id);
    const first = (await as(admin).get(`/api/sessions/${s.sessions[0].id}`)).body.session;
    expect(first.scheduledAt).toBe(s.sessions[0].scheduledAt);
  });

  it('cancels this and the following open sessions of a series at once, with one message listing them', async () => {
    const s = await series({
      clientId: bob.profileId,
      dogId: rex.id,
      scheduledAt: at(840, 13),
      repeat: { every: 'week', count: 6 },
      allowOverlap: true,
    });
    const openBefore = await openOf(bob);
    // The fifth was already cancelled alone: it is not cancelled again nor counted twice.
    expect((await as(admin).post(`/api/sessions/${s.sessions[4].id}/cancel`)).status).toBe(200);
    await busIdle();
    const bad = await as(admin).post(`/api/sessions/${s.sessions[2].id}/cancel`, { following: 'yes' });
    expect(bad.status).toBe(400);
    const res = await as(admin).post(`/api/sessions/${s.sessions[2].id}/cancel`, { following: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = [2, 3, 5].map((i) => s.sessions[i].id);
    expect(res.body.session.id).toBe(ids[0]);
    expect(res.body.cancelled.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual(
      ids.map((id) => [id, 'cancelled']),
    );
    for (const i of [0, 1]) {
      expect((await as(admin).get(`/api/sessions/${s.sessions[i].id}`)).body.session.status).toBe('scheduled');
    }
    expect(await openOf(bob)).toBe(openBefore - 1 - 3);
    await busIdle();
    const [message] = await waitFor(async () => {
      const found = (await inbox(bob)).filter((m) => m.subject === 'Training Sessions Cancelled - Rex');
      return found.length ? found : undefined;
    });
    expect(message.content).toContain('Your 3 training sessions have been cancelled:');
    for (const i of [2, 3, 5]) {
      const when = local(s.sessions[i].scheduledAt);
      expect(message.content).toContain(`- ${when.date} at ${when.time}`);
    }
    expect(message.content).not.toContain(local(s.sessions[1].scheduledAt).date);
    // Its e-mail's invite cancels each of the three events.
    const inviteOf = (mail: SesMail) =>
      Buffer.from(
        ((mail.attachments ?? []) as { filename: string; content: string }[]).find((a) => a.filename === 'invite.ics')
          ?.content ?? '',
        'base64',
      ).toString('utf8');
    const ics = await waitFor(async () =>
      (await mailsTo(bob.email, 'Training Sessions Cancelled - Rex')).map(inviteOf).find((i) => i.includes(ids[0])),
    );
    expect(ics).toContain('METHOD:CANCEL');
    for (const id of ids) expect(ics).toContain(`UID:session-${id}@`);
    // Of the last open one, "following" is that one alone.
    const last = await as(admin).post(`/api/sessions/${s.sessions[1].id}/cancel`, { following: true });
    expect(last.status).toBe(200);
    expect(last.body.cancelled.map((c: { id: string }) => c.id)).toEqual([s.sessions[1].id]);
  });

  it('is the trainer’s only: a client cannot schedule a series', async () => {
    const res = await as(alice).post('/api/sessions', {
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: at(830, 9),
      repeat: { every: 'week', count: 2 },
    });
    expect(res.status).toBe(403);
  });
});
