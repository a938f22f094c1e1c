import { beforeAll, describe, expect, it } from 'vitest';
import { type CalendarMeeting, CLASS_TEXTS, type ClassView } from '../../shared/contracts/classes.js';
import { store } from '../../shared/db/service.js';
import { formatBusinessDateTime } from '../../shared/domain/business-time.js';
import { busyIntervals } from '../../shared/domain/busy-days.js';
import { moveMessageId, notifyMeetingMoved } from '../../shared/domain/class-meeting-move.js';
import { createDog } from '../../shared/domain/dogs.js';
import { findMessage } from '../../shared/domain/messages.js';
import { businessTimeZoneSetting } from '../../shared/domain/settings.js';
import { getRenderStatus } from '../../shared/domain/website-render.js';
import { api, busIdle, createTestUser, type TestUser, waitFor } from '../support/api.js';
import { startFirstMeeting } from '../support/class-time.js';
import { classBody, nightAhead } from './matrix/classes.js';

/**
 * Moving one meeting of a class (docs/decisions/0075-moving-a-class-meeting.md): it keeps its id and
 * length, the class's list stays in time order, the calendars, the busy time and the public pages follow,
 * and each client with a seat gets one message with the old and the new time; a refusal changes nothing.
 */

let admin: TestUser;
let seated: TestUser;
let waiting: TestUser;
const DAY = 86_400_000;
const HOUR = 3_600_000;

beforeAll(async () => {
  [admin, seated, waiting] = await Promise.all([
    createTestUser('admin'),
    createTestUser('client'),
    createTestUser('client'),
  ]);
});

/** An instant `days` ahead at hh:mm UTC (the small hours: away from the sessions tests' afternoons). */
function dayAt(days: number, hours: number, minutes = 0): string {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hours, minutes, 0, 0);
  return d.toISOString();
}

async function enrolled(u: TestUser, c: ClassView, name: string) {
  const { id: dogId } = await createDog(u.profileId, { name, breed: 'Mix', birthDate: '2024-01-01' });
  await store().entities.sessionCredits.update({ profileId: u.profileId }).add({ balance: 2 }).go();
  const res = await api('POST', `/api/classes/${c.id}/enrolments`, { token: u.idToken, body: { dogId } });
  expect(res.status).toBe(201);
  return res.body.enrolment;
}

/** A published class of three weekly meetings, its first `days` ahead at night. */
async function published(days: number, title = 'Moving Manners'): Promise<ClassView> {
  const created = await api('POST', '/api/classes', {
    token: admin.idToken,
    body: { ...classBody(), capacity: 1, weeks: 3, firstMeeting: nightAhead(days), title },
  });
  expect(created.status).toBe(201);
  return (await api('POST', `/api/classes/${created.body.class.id}/publish`, { token: admin.idToken })).body.class;
}

const move = (c: { id: string }, meetingId: string, body: unknown, token = admin.idToken) =>
  api('POST', `/api/classes/${c.id}/meetings/${meetingId}/move`, { token, body });

/** The class item as stored (meetings, first start, last end, updatedAt). */
const stored = async (id: string) => (await store().entities.groupClass.get({ id }).go({ consistent: true })).data;

/** The class's meetings on the calendar `u` reads, around [from, to). */
async function calendar(u: TestUser, classId: string, from: string, to: string) {
  const list = await api('GET', `/api/class-meetings?from=${from}&to=${to}`, { token: u.idToken });
  return (list.body.meetings as CalendarMeeting[])
    .filter((m) => m.classId === classId)
    .map((m) => `${m.id} ${m.startsAt} ${m.endsAt}`);
}

describe('moving a class meeting', () => {
  it('moves it on the calendars, the busy time and the public pages, and tells the seat holders once', async () => {
    const c = await published(100);
    await enrolled(seated, c, 'Pip');
    expect((await enrolled(waiting, c, 'Dot')).status).toBe('waitlisted');
    const second = c.meetings[1];
    const to = dayAt(109, 5);
    const since = new Date().toISOString();

    const res = await move(c, second.id, { startsAt: to });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after: ClassView = res.body.class;
    expect(after.meetings.map((m) => m.id)).toEqual(c.meetings.map((m) => m.id));
    expect(after.meetings[1]).toEqual({
      id: second.id,
      startsAt: to,
      endsAt: new Date(Date.parse(to) + HOUR).toISOString(),
    });

    // The meeting's calendar item and both calendars follow; the busy time too.
    const item = await store().entities.classMeeting.get({ classId: c.id, meetingId: second.id }).go();
    expect(item.data).toMatchObject({ startsAt: to, endsAt: after.meetings[1].endsAt, title: 'Moving Manners' });
    const from = new Date(Date.parse(c.meetings[0].startsAt) - DAY).toISOString();
    const until = new Date(Date.parse(c.meetings[2].startsAt) + DAY).toISOString();
    const expected = after.meetings.map((m) => `${m.id} ${m.startsAt} ${m.endsAt}`);
    for (const u of [admin, seated]) expect(await calendar(u, c.id, from, until)).toEqual(expected);
    const old = Date.parse(second.startsAt);
    const busy = await busyIntervals(old - 2 * DAY, Date.parse(to) + DAY);
    expect(busy).not.toContainEqual({ start: old, end: Date.parse(second.endsAt) });
    expect(busy).toContainEqual({ start: Date.parse(to), end: Date.parse(to) + HOUR });

    // The public pages are rendered again (the runtime's render records its attempt).
    await busIdle();
    const status = await getRenderStatus('classes');
    expect((status.failedAt ?? status.liveAt ?? '') >= since).toBe(true);

    // The seat holder's message with both times; the waitlisted client gets none; the event again sends nothing.
    const timeZone = await businessTimeZoneSetting();
    const when = (iso: string) => {
      const { date, time } = formatBusinessDateTime(iso, timeZone);
      return `${date} at ${time}`;
    };
    const message = await waitFor(() => findMessage(moveMessageId(second.id, to, seated.profileId)));
    expect(message?.subject).toBe('Class meeting moved - Moving Manners');
    expect(message?.content).toContain(`meeting on ${when(second.startsAt)} is moved to ${when(to)}`);
    expect(await findMessage(moveMessageId(second.id, to, waiting.profileId))).toBeUndefined();
    const detail = { classId: c.id, meetingId: second.id, from: second.startsAt, startsAt: to };
    expect(await notifyMeetingMoved(detail)).toBe(0);
    // An event of an earlier move (the meeting has moved again since) tells nothing.
    expect(await notifyMeetingMoved({ ...detail, startsAt: second.startsAt, from: c.meetings[0].startsAt })).toBe(0);

    // The same time again is no change: nothing written, nobody told twice.
    const before = await stored(c.id);
    expect((await move(c, second.id, { startsAt: to })).status).toBe(200);
    expect((await stored(c.id))?.updatedAt).toBe(before?.updatedAt);
  });

  it('keeps the list in time order and the first start and last end with it', async () => {
    const c = await published(120, 'Shuffled Manners');
    const [first, second, third] = c.meetings;
    const later = new Date(Date.parse(third.startsAt) + DAY + 2 * HOUR).toISOString();
    const res = await move(c, first.id, { startsAt: later });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.class.meetings.map((m: { id: string }) => m.id)).toEqual([second.id, third.id, first.id]);
    const item = await stored(c.id);
    expect(item?.firstStart).toBe(second.startsAt);
    expect(item?.lastEnd).toBe(new Date(Date.parse(later) + HOUR).toISOString());
  });

  it('refuses a clash with another meeting or a session, naming it, unless allowed; a refusal changes nothing', async () => {
    const c = await published(140, 'Clashing Manners');
    const [, second, third] = c.meetings;
    const before = await stored(c.id);

    const onMeeting = await move(c, second.id, { startsAt: third.startsAt });
    expect(onMeeting.status).toBe(409);
    expect(onMeeting.body.error.message).toMatch(
      new RegExp(`^${CLASS_TEXTS.meetingOverlaps}: .*Clashing Manners \\(class\\)$`),
    );
    expect(onMeeting.body.error.fields.allowOverlap).toEqual([onMeeting.body.error.message]);

    const sessionAt = dayAt(151, 6);
    const { id: dogId } = await createDog(seated.profileId, { name: 'Juno', breed: 'Mix', birthDate: '2024-01-01' });
    const session = await api('POST', '/api/sessions', {
      token: admin.idToken,
      body: { clientId: seated.profileId, dogId, scheduledAt: sessionAt },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const onSession = await move(c, second.id, { startsAt: new Date(Date.parse(sessionAt) + HOUR / 2).toISOString() });
    expect(onSession.status).toBe(409);
    expect(onSession.body.error.message).toContain('with Juno');

    // Nothing changed: the class, its calendar item and the busy time are as they were.
    expect((await stored(c.id))?.updatedAt).toBe(before?.updatedAt);
    const item = await store().entities.classMeeting.get({ classId: c.id, meetingId: second.id }).go();
    expect(item.data?.startsAt).toBe(second.startsAt);

    const anyway = await move(c, second.id, { startsAt: third.startsAt, allowOverlap: true });
    expect(anyway.status, JSON.stringify(anyway.body)).toBe(200);
    expect(anyway.body.class.meetings.filter((m: { startsAt: string }) => m.startsAt === third.startsAt)).toHaveLength(
      2,
    );
  });

  it('refuses a past time, an unknown, draft, cancelled or started meeting, bad bodies and a client', async () => {
    const c = await published(160, 'Refusing Manners');
    const before = await stored(c.id);
    const ahead = dayAt(170, 4);

    const past = await move(c, c.meetings[1].id, { startsAt: new Date(Date.now() - HOUR).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe(CLASS_TEXTS.meetingMovePast);
    expect((await move(c, c.meetings[1].id, { startsAt: '2030-01-01 10:00' })).status).toBe(400);
    expect((await move(c, c.meetings[1].id, { startsAt: ahead, reason: 'x' })).status).toBe(400);
    const unknown = await move(c, 'nope', { startsAt: ahead });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(CLASS_TEXTS.meetingNotFound);
    expect((await move(c, c.meetings[1].id, { startsAt: ahead }, seated.idToken)).status).toBe(403);
    expect((await stored(c.id))?.updatedAt).toBe(before?.updatedAt);

    const draft = (await api('POST', '/api/classes', { token: admin.idToken, body: classBody() })).body.class;
    const drafted = await move(draft, draft.meetings[0].id, { startsAt: ahead });
    expect(drafted.status).toBe(409);
    expect(drafted.body.error.message).toBe(CLASS_TEXTS.meetingMoveDraft);

    const cancel = await api('POST', `/api/classes/${c.id}/meetings/${c.meetings[2].id}/cancel`, {
      token: admin.idToken,
      body: { reason: 'Hall booked' },
    });
    expect(cancel.status).toBe(200);
    const cancelled = await move(c, c.meetings[2].id, { startsAt: ahead });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.message).toBe(CLASS_TEXTS.meetingMoveCancelled);

    const started = await startFirstMeeting(c.id);
    const running = await move(c, started.id, { startsAt: ahead });
    expect(running.status).toBe(409);
    expect(running.body.error.message).toBe(CLASS_TEXTS.meetingMoveStarted);
  });
});
