import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarMeeting, ClassView } from '../../shared/contracts/classes.js';
import { store } from '../../shared/db/service.js';
import { busyIntervals } from '../../shared/domain/busy-days.js';
import { createDog } from '../../shared/domain/dogs.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { classBody, nightAhead } from './matrix/classes.js';

/**
 * Class meetings on the calendars (docs/decisions/0073-class-meetings-on-calendars.md): a published
 * class's meetings are on the trainer's calendar and feed, busy time for booking, clash with sessions,
 * and on the calendar of each client with a seat; deleting the class takes them off.
 */

let admin: TestUser;
let client: TestUser;
let other: TestUser;

beforeAll(async () => {
  [admin, client, other] = await Promise.all([
    createTestUser('admin'),
    createTestUser('client'),
    createTestUser('client'),
  ]);
});

const DAY = 86_400_000;
const range = (c: ClassView) =>
  `from=${encodeURIComponent(new Date(Date.parse(c.meetings[0].startsAt) - DAY).toISOString())}&to=${encodeURIComponent(
    new Date(Date.parse(c.meetings[0].startsAt) + 20 * DAY).toISOString(),
  )}`;

async function classOf(over: Record<string, unknown>, publish = true): Promise<ClassView> {
  const created = await api('POST', '/api/classes', { token: admin.idToken, body: { ...classBody(), ...over } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  if (!publish) return created.body.class;
  const published = await api('POST', `/api/classes/${created.body.class.id}/publish`, { token: admin.idToken });
  expect(published.status).toBe(200);
  return published.body.class;
}

const meetingIds = async (token: string, c: ClassView) => {
  const res = await api('GET', `/api/class-meetings?${range(c)}`, { token });
  expect(res.status).toBe(200);
  return (res.body.meetings as CalendarMeeting[]).filter((m) => m.classId === c.id);
};

describe('class meetings on the calendars', () => {
  it("puts a published class's meetings on the trainer's calendar, the seat holders' and the busy time; a draft's nowhere", async () => {
    const firstMeeting = nightAhead(40);
    const draft = await classOf({ firstMeeting, weeks: 3, title: 'Draft Manners' }, false);
    expect(await meetingIds(admin.idToken, draft)).toEqual([]);

    const c = await classOf({ firstMeeting: nightAhead(44), weeks: 3, title: 'Calendar Manners' });
    const trainers = await meetingIds(admin.idToken, c);
    expect(trainers.map((m) => m.id)).toEqual(c.meetings.map((m) => m.id));
    expect(trainers[0]).toMatchObject({ title: 'Calendar Manners', location: 'Training barn', online: false });
    const start = Date.parse(c.meetings[0].startsAt);
    const busy = await busyIntervals(start - DAY, start + DAY);
    expect(busy).toContainEqual(expect.objectContaining({ start, end: Date.parse(c.meetings[0].endsAt) }));

    // A client sees the meetings of the classes where a dog of theirs has a seat, with the dog named.
    expect(await meetingIds(client.idToken, c)).toEqual([]);
    const { id: dogId } = await createDog(client.profileId, { name: 'Juno', breed: 'Mix', birthDate: '2024-01-01' });
    await store().entities.sessionCredits.update({ profileId: client.profileId }).add({ balance: 2 }).go();
    const made = await api('POST', `/api/classes/${c.id}/enrolments`, { token: client.idToken, body: { dogId } });
    expect(made.status).toBe(201);
    const mine = await meetingIds(client.idToken, c);
    expect(mine.map((m) => m.id)).toEqual(c.meetings.map((m) => m.id));
    expect(mine[0].dogNames).toEqual(['Juno']);
    expect(await meetingIds(other.idToken, c)).toEqual([]);

    // The feeds: the trainer's every meeting, the client's their seats'.
    const feedOf = async (u: TestUser) => {
      const url = (await api('GET', '/api/me/calendar-feed', { token: u.idToken })).body.url as string;
      return (await api('GET', new URL(url).pathname)).body as string;
    };
    expect(await feedOf(admin)).toContain(`class-${c.meetings[0].id}@`);
    const clientFeed = await feedOf(client);
    expect(clientFeed).toContain(`class-${c.meetings[2].id}@`);
    expect(clientFeed).toContain('Calendar Manners (class) - Juno');

    // Deleting the class takes its meetings off every calendar and frees the time.
    expect((await api('DELETE', `/api/classes/${c.id}`, { token: admin.idToken })).status).toBe(204);
    expect(await meetingIds(admin.idToken, c)).toEqual([]);
    expect(await meetingIds(client.idToken, c)).toEqual([]);
    const after = await busyIntervals(start - DAY, start + DAY);
    expect(after).not.toContainEqual(expect.objectContaining({ start, end: Date.parse(c.meetings[0].endsAt) }));
  });

  it('refuses a session over a class meeting unless the trainer allows the overlap', async () => {
    const c = await classOf({ firstMeeting: nightAhead(48), weeks: 1, title: 'Clash Manners' });
    const { id: dogId } = await createDog(client.profileId, { name: 'Clash', breed: 'Mix', birthDate: '2024-01-01' });
    const body = { clientId: client.profileId, dogId, scheduledAt: c.meetings[0].startsAt };
    const refused = await api('POST', '/api/sessions', { token: admin.idToken, body });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('with Clash Manners (class)');
    const allowed = await api('POST', '/api/sessions', { token: admin.idToken, body: { ...body, allowOverlap: true } });
    expect(allowed.status).toBe(201);
  });

  it('refuses a backwards range and reads at most 62 days', async () => {
    const from = new Date().toISOString();
    const back = await api('GET', `/api/class-meetings?from=${from}&to=${new Date(Date.now() - DAY).toISOString()}`, {
      token: admin.idToken,
    });
    expect(back.status).toBe(400);
    const far = await classOf({ firstMeeting: nightAhead(70), weeks: 1, title: 'Far Manners' });
    const long = await api(
      'GET',
      `/api/class-meetings?from=${from}&to=${new Date(Date.now() + 90 * DAY).toISOString()}`,
      {
        token: admin.idToken,
      },
    );
    expect(long.status).toBe(200);
    expect(long.body.meetings.map((m: CalendarMeeting) => m.classId)).not.toContain(far.id);
    expect(await meetingIds(admin.idToken, far)).toHaveLength(1);
  });
});
