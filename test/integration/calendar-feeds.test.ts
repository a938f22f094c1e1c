import ical from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { store } from '../../shared/db/service.js';
import { listClientItems } from '../../shared/domain/cascades.js';
import { createDog, type DogItem } from '../../shared/domain/dogs.js';
import { getProfileById } from '../../shared/domain/profiles.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { api, createTestUser, type TestUser } from '../support/api.js';

/**
 * Private iCalendar feeds: a client's feed holds only their sessions, the trainer's all of them;
 * instants, durations, stable UIDs, cancelled status, the DST change; the secret URL (no profile id)
 * and its reset.
 */

let admin: TestUser;
let sam: TestUser;
let other: TestUser;
let biscuit: DogItem;
let rex: DogItem;

const get = (u: TestUser, path: string) => api('GET', path, { token: u.idToken });
const post = (u: TestUser, path: string, body?: unknown) => api('POST', path, { token: u.idToken, body });

async function schedule(body: Record<string, unknown>): Promise<any> {
  // Many sessions at the same hours: not about clashes (session-clashes.test.ts).
  const res = await post(admin, '/api/sessions', { allowOverlap: true, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.session;
}

const ahead = (days: number, hour = 15) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, Math.floor(Math.random() * 59), 0, 0);
  return d.toISOString();
};

async function feedUrl(u: TestUser): Promise<string> {
  const res = await get(u, '/api/me/calendar-feed');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.url as string;
}

/** Fetches a feed URL (no credentials) through the local site origin the test API uses. */
async function fetchFeed(url: string) {
  const path = new URL(url).pathname;
  return api('GET', path);
}

type VEvent = ical.VEvent;
function events(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
}

let sessions: Record<string, any> = {};

beforeAll(async () => {
  await resetBusinessSettings(); // America/New_York
  [admin, sam, other] = await Promise.all([
    createTestUser('admin', { firstName: 'Tess', lastName: 'Trainer' }),
    createTestUser('client', { firstName: 'Sam', lastName: 'Session' }),
    createTestUser('client', { firstName: 'Olive', lastName: 'Other' }),
  ]);
  [biscuit, rex] = await Promise.all([
    createDog(sam.profileId, { name: 'Biscuit', breed: 'Beagle', birthDate: '2021-04-10' }),
    createDog(other.profileId, { name: 'Rex', breed: 'Boxer', birthDate: '2019-09-09' }),
  ]);
  sessions = {
    soon: await schedule({
      clientId: sam.profileId,
      dogId: biscuit.id,
      scheduledAt: ahead(3),
      durationMinutes: 45,
      notes: 'Bring treats',
    }),
    cancelled: await schedule({ clientId: sam.profileId, dogId: biscuit.id, scheduledAt: ahead(5) }),
    dst: await schedule({ clientId: sam.profileId, dogId: biscuit.id, scheduledAt: '2027-03-14T10:00:00-04:00' }),
    others: await schedule({ clientId: other.profileId, dogId: rex.id, scheduledAt: ahead(4) }),
  };
  const cancel = await post(admin, `/api/sessions/${sessions.cancelled.id}/cancel`);
  expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
});

describe("a client's feed", () => {
  it('is a secret URL without the profile id, created once and stable', async () => {
    const url = await feedUrl(sam);
    expect(url).toMatch(/\/api\/public\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(url).not.toContain(sam.profileId);
    expect(await feedUrl(sam)).toBe(url);
    expect(await feedUrl(other)).not.toBe(url);
  });

  it('answers text/calendar with only their own sessions, the right instants and durations', async () => {
    const res = await fetchFeed(await feedUrl(sam));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    const text = res.body as string;
    expect(text).toMatch(/^BEGIN:VCALENDAR/);
    expect(text).toContain('X-WR-TIMEZONE:America/New_York');
    expect(text).not.toContain(sam.profileId);
    const evs = events(text);
    const ids = evs.map((e) => e.uid);
    const host = new URL(await feedUrl(sam)).host;
    expect(ids).toContain(`session-${sessions.soon.id}@${host}`);
    expect(ids).toContain(`session-${sessions.cancelled.id}@${host}`);
    expect(ids).toContain(`session-${sessions.dst.id}@${host}`);
    expect(ids.some((u) => u.includes(sessions.others.id))).toBe(false);
    expect(text).not.toContain('Rex');

    const soon = evs.find((e) => e.uid.includes(sessions.soon.id)) as VEvent;
    expect(new Date(soon.start as Date).toISOString()).toBe(new Date(sessions.soon.scheduledAt).toISOString());
    expect(new Date(soon.end as Date).getTime() - new Date(soon.start as Date).getTime()).toBe(45 * 60_000);
    expect(String(soon.summary)).toBe('Training - Biscuit (Sam Session)');
    expect(String(soon.description)).toBe('Bring treats');
    expect(soon.status).not.toBe('CANCELLED');
  });

  it('marks a cancelled session CANCELLED', async () => {
    const evs = events((await fetchFeed(await feedUrl(sam))).body as string);
    const cancelled = evs.find((e) => e.uid.includes(sessions.cancelled.id)) as VEvent;
    expect(cancelled.status).toBe('CANCELLED');
    expect(new Date(cancelled.end as Date).getTime() - new Date(cancelled.start as Date).getTime()).toBe(60 * 60_000);
  });

  it('places 10:00 New York on the day daylight saving time starts at 14:00Z', async () => {
    const evs = events((await fetchFeed(await feedUrl(sam))).body as string);
    const dst = evs.find((e) => e.uid.includes(sessions.dst.id)) as VEvent;
    expect(new Date(dst.start as Date).toISOString()).toBe('2027-03-14T14:00:00.000Z');
    expect(new Date(dst.end as Date).toISOString()).toBe('2027-03-14T15:00:00.000Z');
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(dst.start as Date));
    expect(local).toBe('10:00');
  });

  it('keeps UIDs stable across fetches (with or without .ics)', async () => {
    const url = await feedUrl(sam);
    const a = events((await fetchFeed(url)).body as string)
      .map((e) => e.uid)
      .sort();
    const b = events((await fetchFeed(url.replace(/\.ics$/, ''))).body as string)
      .map((e) => e.uid)
      .sort();
    expect(a.length).toBeGreaterThanOrEqual(3);
    expect(b).toEqual(a);
  });
});

describe("the trainer's feed", () => {
  it('holds every client’s sessions', async () => {
    const url = await feedUrl(admin);
    expect(url).not.toContain(admin.profileId);
    const uids = events((await fetchFeed(url)).body as string).map((e) => e.uid);
    for (const s of Object.values(sessions)) expect(uids.some((u) => u.startsWith(`session-${s.id}@`))).toBe(true);
  });
});

describe('secrets', () => {
  it('an unknown or malformed secret is not found', async () => {
    expect((await api('GET', '/api/public/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics')).status).toBe(404);
    expect((await api('GET', `/api/public/calendar/${sam.profileId}.ics`)).status).toBe(404);
    expect((await api('GET', '/api/public/calendar/x')).status).toBe(404);
  });

  it('reset makes the old URL 404 at once and the new one work', async () => {
    const old = await feedUrl(sam);
    expect((await fetchFeed(old)).status).toBe(200);
    const reset = await post(sam, '/api/me/calendar-feed/reset');
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const fresh = reset.body.url as string;
    expect(fresh).not.toBe(old);
    expect(fresh).not.toContain(sam.profileId);
    expect(await feedUrl(sam)).toBe(fresh);
    expect((await fetchFeed(old)).status).toBe(404);
    const res = await fetchFeed(fresh);
    expect(res.status).toBe(200);
    expect(events(res.body as string).some((e) => e.uid.includes(sessions.soon.id))).toBe(true);
  });

  it('reset refuses a body with fields', async () => {
    const res = await post(sam, '/api/me/calendar-feed/reset', { profileId: other.profileId });
    expect(res.status).toBe(400);
  });

  it("a deactivated client's feed stops working", async () => {
    const gone = await createTestUser('client');
    const url = await feedUrl(gone);
    expect((await fetchFeed(url)).status).toBe(200);
    expect((await post(admin, `/api/clients/${gone.profileId}/deactivate`)).status).toBe(200);
    expect((await fetchFeed(url)).status).toBe(404);
  });

  it("the trainer's deletion of a client deletes the client's feed with them", async () => {
    const gone = await createTestUser('client');
    const first = await feedUrl(gone);
    // After a reset the current secret is another one; neither may outlive the account.
    const reset = await post(gone, '/api/me/calendar-feed/reset');
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const url = reset.body.url as string;
    expect((await fetchFeed(url)).status).toBe(200);
    const token = new URL(url).pathname
      .split('/')
      .pop()
      ?.replace(/\.ics$/, '') as string;
    const profile = await getProfileById(gone.profileId);
    if (!profile) throw new Error('profile missing');
    expect((await listClientItems(profile)).calendarFeeds.map((f) => f.kind).sort()).toEqual(['feed', 'owner']);

    const res = await api('DELETE', `/api/clients/${gone.profileId}`, { token: admin.idToken });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await store().entities.calendarFeed.get({ token }).go({ consistent: true })).data).toBeNull();
    expect(
      (await store().entities.calendarFeedOwner.get({ profileId: gone.profileId }).go({ consistent: true })).data,
    ).toBeNull();
    expect((await listClientItems(profile)).calendarFeeds).toEqual([]);
  });
});
