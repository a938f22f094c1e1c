import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVICE_TYPES, SERVICES } from '../../shared/contracts/payment-options.js';
import { SETTINGS_TEXTS } from '../../shared/contracts/settings-options.js';
import { store } from '../../shared/db/service.js';
import { businessWeek } from '../../shared/domain/business-calendar.js';
import { getProfileById } from '../../shared/domain/profiles.js';
import { BUSINESS_SETTINGS_KEY, defaultBusinessSettings, resetBusinessSettings } from '../../shared/domain/settings.js';
import { api, busIdle, createTestUser, sesStore, signIn, type TestUser, visitor, waitFor } from '../support/api.js';

/**
 * Settings that persist on the server: each user's own preferences and name (only ever their own),
 * the business settings (admin) and what the public site and the e-mails take from them.
 */

let admin: TestUser;
let clientA: TestUser;
let clientB: TestUser;

const as = (user: TestUser) => ({
  get: (path: string) => api('GET', path, { token: user.idToken }),
  put: (path: string, body: unknown) => api('PUT', path, { token: user.idToken, body }),
  patch: (path: string, body: unknown) => api('PATCH', path, { token: user.idToken, body }),
});

const VALID_BUSINESS = {
  businessName: 'Happy Tails Training',
  businessPhone: '(813) 555-0199',
  businessEmail: 'FrontDesk@HappyTails.test',
  defaultSessionDuration: 45,
  hourlyRate: 85.5,
  timeZone: 'America/Los_Angeles',
};

beforeAll(async () => {
  [admin, clientA, clientB] = await Promise.all([
    createTestUser('admin'),
    createTestUser('client', { firstName: 'Settings', lastName: 'Alpha' }),
    createTestUser('client', { firstName: 'Settings', lastName: 'Beta' }),
  ]);
  await resetBusinessSettings();
});

// Other suites expect the built-in business (e-mail to BUSINESS_EMAIL, New York weeks).
afterAll(async () => {
  await resetBusinessSettings();
});

describe('preferences (GET/PUT /api/me/settings)', () => {
  it("start at the defaults; a client's preferences include the training ones", async () => {
    const res = await as(clientA).get('/api/me/settings');
    expect(res.status).toBe(200);
    expect(res.body.preferences).toEqual({
      emailNotifications: true,
      sessionReminders: true,
      theme: 'light',
      timeFormat: '24h',
      trainingGoals: '',
      preferredSessionTime: 'flexible',
      communicationPreference: 'email',
    });
    const adminRes = await as(admin).get('/api/me/settings');
    expect(adminRes.body.preferences).toEqual({
      emailNotifications: true,
      sessionReminders: true,
      theme: 'light',
      timeFormat: '24h',
    });
  });

  it('persist: saved values come back on the next read and on another device (a new sign-in)', async () => {
    const put = await as(clientA).put('/api/me/settings', {
      emailNotifications: false,
      theme: 'dark',
      trainingGoals: '  Calm greetings at the door  ',
      preferredSessionTime: 'evening',
      communicationPreference: 'text',
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.preferences).toMatchObject({ theme: 'dark', trainingGoals: 'Calm greetings at the door' });

    // A partial save keeps the rest.
    const partial = await as(clientA).put('/api/me/settings', { sessionReminders: false });
    expect(partial.status).toBe(200);

    const otherDevice = await signIn(clientA.email, clientA.password);
    const read = await api('GET', '/api/me/settings', { token: otherDevice.idToken });
    expect(read.body.preferences).toEqual({
      emailNotifications: false,
      sessionReminders: false,
      theme: 'dark',
      timeFormat: '24h',
      trainingGoals: 'Calm greetings at the door',
      preferredSessionTime: 'evening',
      communicationPreference: 'text',
    });
    // Stored on the client's own profile (so the data export and the full deletion cover them).
    expect((await getProfileById(clientA.profileId))?.preferences).toMatchObject({ theme: 'dark' });
  });

  it('two saves at once from two devices both count (neither overwrites the other)', async () => {
    const c = await createTestUser('client');
    const [one, two] = await Promise.all([
      as(c).put('/api/me/settings', { emailNotifications: false }),
      as(c).put('/api/me/settings', { communicationPreference: 'phone', theme: 'dark' }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect((await as(c).get('/api/me/settings')).body.preferences).toMatchObject({
      emailNotifications: false,
      communicationPreference: 'phone',
      theme: 'dark',
    });
  });

  it("another client neither sees nor changes them: every call only reaches the caller's own", async () => {
    const before = (await as(clientA).get('/api/me/settings')).body.preferences;
    const b = await as(clientB).get('/api/me/settings');
    expect(b.body.preferences.theme).toBe('light');
    expect(b.body.preferences.trainingGoals).toBe('');
    expect((await as(clientB).put('/api/me/settings', { theme: 'light', trainingGoals: 'B only' })).status).toBe(200);
    // No route takes someone else's id: an id in the body is refused, and a path with one does not exist.
    const withId = await as(clientB).put('/api/me/settings', { profileId: clientA.profileId, theme: 'light' });
    expect(withId.status).toBe(400);
    expect(withId.body.error.message).toBe('profileId is not an accepted field');
    expect((await as(clientB).get(`/api/me/settings/${clientA.profileId}`)).status).toBe(404);
    expect((await as(clientA).get('/api/me/settings')).body.preferences).toEqual(before);
    expect((await as(clientB).get('/api/me/settings')).body.preferences.trainingGoals).toBe('B only');
  });

  it('training preferences are for clients: an admin sending one gets 400 and nothing changes', async () => {
    const res = await as(admin).put('/api/me/settings', { theme: 'dark', trainingGoals: 'Not mine' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(SETTINGS_TEXTS.trainingOnlyForClients);
    expect(res.body.error.fields).toHaveProperty('trainingGoals');
    expect((await as(admin).get('/api/me/settings')).body.preferences.theme).toBe('light');
    expect((await getProfileById(admin.profileId))?.preferences).toBeUndefined();
    // The general ones are the admin's too.
    const ok = await as(admin).put('/api/me/settings', { theme: 'dark', timeFormat: '12h' });
    expect(ok.status).toBe(200);
    expect(ok.body.preferences).toEqual({
      emailNotifications: true,
      sessionReminders: true,
      theme: 'dark',
      timeFormat: '12h',
    });
    expect((await as(admin).get('/api/me/settings')).body.preferences.timeFormat).toBe('12h');
  });

  it.each([
    [{ theme: 'blue' }, 'Theme must be light or dark'],
    [{ timeFormat: '36h' }, 'Time format must be 12h or 24h'],
    [{ emailNotifications: 'yes' }, 'emailNotifications must be true or false'],
    [{ preferredSessionTime: 'midnight' }, 'Preferred session time must be morning, afternoon, evening or flexible'],
    [{ communicationPreference: 'pigeon' }, 'Communication preference must be email, phone, text or app'],
    [{ trainingGoals: 'x'.repeat(2001) }, SETTINGS_TEXTS.trainingGoalsTooLong],
    [{}, SETTINGS_TEXTS.nothingToUpdate],
    [{ theme: 'dark', role: 'admin' }, 'role is not an accepted field'],
    [[], 'Invalid input: expected object, received array'],
  ])('bad input %j: 400 with a clear message, nothing changed', async (body, message) => {
    const before = await getProfileById(clientA.profileId);
    const res = await as(clientA).put('/api/me/settings', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    const after = await getProfileById(clientA.profileId);
    expect(after?.preferences).toEqual(before?.preferences);
    expect(after?.updatedAt).toBe(before?.updatedAt);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await api('PUT', '/api/me/settings', { token: clientA.idToken, rawBody: '{theme:' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Request body must be valid JSON');
  });

  it('needs a signed-in caller', async () => {
    expect((await api('GET', '/api/me/settings')).status).toBe(401);
    expect((await api('PUT', '/api/me/settings', { body: { theme: 'dark' } })).status).toBe(401);
  });
});

describe('own profile (PATCH /api/me/profile)', () => {
  it("saves a client's names and phone, keeps the e-mail, and keeps the client book search in sync", async () => {
    const last = `Zed${randomUUID().slice(0, 6)}`;
    const res = await as(clientB).patch('/api/me/profile', {
      firstName: '  Bea ',
      lastName: last,
      phone: '(941) 555-0177',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.profile).toMatchObject({ firstName: 'Bea', lastName: last, phone: '(941) 555-0177' });
    expect(res.body.profile.email).toBe(clientB.email.toLowerCase());
    expect(res.body.profile).not.toHaveProperty('notes');
    const me = await as(clientB).get('/api/me');
    expect(me.body.profile).toMatchObject({ firstName: 'Bea', lastName: last, phone: '(941) 555-0177' });
    const found = await as(admin).get(`/api/clients?filter=all&search=${encodeURIComponent(last)}`);
    expect(found.body.items.map((c: { id: string }) => c.id)).toEqual([clientB.profileId]);

    // An empty phone clears it.
    const cleared = await as(clientB).patch('/api/me/profile', { firstName: 'Bea', lastName: last, phone: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.profile).not.toHaveProperty('phone');
  });

  it('works for the admin too, without putting the admin in the client search', async () => {
    const last = `Trainer${randomUUID().slice(0, 6)}`;
    const res = await as(admin).patch('/api/me/profile', { firstName: 'Sam', lastName: last });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.profile).toMatchObject({ firstName: 'Sam', lastName: last, role: 'admin' });
    const found = await as(admin).get(`/api/clients?filter=all&search=${encodeURIComponent(last)}`);
    expect(found.body.items).toEqual([]);
    expect((await getProfileById(admin.profileId))?.searchTokens ?? []).toEqual([]);
  });

  it.each([
    [{ firstName: '', lastName: 'Alpha' }, SETTINGS_TEXTS.namesRequired],
    [{ firstName: 'Settings', lastName: '   ' }, SETTINGS_TEXTS.namesRequired],
    [{ lastName: 'Alpha' }, SETTINGS_TEXTS.namesRequired],
    [{ firstName: 'Settings', lastName: 'Alpha', phone: 'call me' }, 'Phone must be a valid phone number'],
    [{ firstName: 'Settings', lastName: 'Alpha', email: 'new@example.com' }, 'email is not an accepted field'],
    [{ firstName: 'Settings', lastName: 'Alpha', role: 'admin' }, 'role is not an accepted field'],
    [{ firstName: 'Settings', lastName: 'Alpha', notes: 'x' }, 'notes is not an accepted field'],
  ])('bad input %j: 400 with a clear message, nothing changed', async (body, message) => {
    const before = await getProfileById(clientA.profileId);
    const res = await as(clientA).patch('/api/me/profile', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await getProfileById(clientA.profileId)).toEqual(before);
  });
});

describe('business settings (GET/PUT /api/settings/business)', () => {
  it('start from the built-ins and the deployment (BUSINESS_EMAIL, New York, 60 minutes)', async () => {
    const res = await as(admin).get('/api/settings/business');
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({
      businessName: 'Pawsitive Dog Training',
      businessPhone: '(941) 555-0142',
      businessEmail: inject('env').BUSINESS_EMAIL,
      defaultSessionDuration: 60,
      hourlyRate: null,
      timeZone: 'America/New_York',
      services: SERVICE_TYPES.map((id) => SERVICES[id]),
      requiredVaccines: ['rabies', 'dhpp', 'bordetella'],
    });
    expect(res.body.settings).toEqual(defaultBusinessSettings());
  });

  it('are for the admin only', async () => {
    expect((await as(clientA).get('/api/settings/business')).status).toBe(403);
    expect((await as(clientA).put('/api/settings/business', VALID_BUSINESS)).status).toBe(403);
    expect((await api('PUT', '/api/settings/business', { body: VALID_BUSINESS })).status).toBe(401);
    const { data } = await store().entities.setting.get({ key: BUSINESS_SETTINGS_KEY }).go();
    expect(data).toBeNull();
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a duration under 15', { defaultSessionDuration: 14 }, SETTINGS_TEXTS.durationRange],
    ['a duration over 180', { defaultSessionDuration: 181 }, SETTINGS_TEXTS.durationRange],
    ['a fractional duration', { defaultSessionDuration: 60.5 }, SETTINGS_TEXTS.durationWhole],
    ['a duration as text', { defaultSessionDuration: '60' }, SETTINGS_TEXTS.durationRange],
    ['a negative rate', { hourlyRate: -1 }, SETTINGS_TEXTS.hourlyRateInvalid],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, SETTINGS_TEXTS.timeZoneInvalid],
    ['an empty name', { businessName: ' ' }, SETTINGS_TEXTS.businessNameRequired],
    ['a bad phone', { businessPhone: 'ring ring' }, SETTINGS_TEXTS.businessPhoneInvalid],
    ['a bad e-mail', { businessEmail: 'front desk' }, SETTINGS_TEXTS.businessEmailInvalid],
    ['a missing field', { timeZone: undefined }, SETTINGS_TEXTS.timeZoneInvalid],
    ['the credit settings services replaced', { evaluationCredits: 1 }, 'evaluationCredits is not an accepted field'],
    ['an unknown field', { stripeKey: 'sk_live' }, 'stripeKey is not an accepted field'],
  ];
  it.each(invalid)('refuse %s with 400 and a clear message, saving nothing', async (_what, over, message) => {
    const res = await as(admin).put('/api/settings/business', { ...VALID_BUSINESS, ...over });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    const { data } = await store().entities.setting.get({ key: BUSINESS_SETTINGS_KEY }).go();
    expect(data).toBeNull();
  });

  it('persist, and feed the public business info (name, phone and e-mail only)', async () => {
    const put = await as(admin).put('/api/settings/business', VALID_BUSINESS);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // Services and required vaccines not sent are the stored ones (none saved yet: the defaults).
    const expected = {
      ...VALID_BUSINESS,
      businessEmail: 'frontdesk@happytails.test',
      services: SERVICE_TYPES.map((id) => SERVICES[id]),
      requiredVaccines: ['rabies', 'dhpp', 'bordetella'],
    };
    expect(put.body.settings).toEqual(expected);
    expect((await as(admin).get('/api/settings/business')).body.settings).toEqual(expected);

    const pub = await api('GET', '/api/public/business');
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual({
      name: 'Happy Tails Training',
      phone: '(813) 555-0199',
      email: 'frontdesk@happytails.test',
      // The zone the portal shows and reads every date and time in.
      timeZone: VALID_BUSINESS.timeZone,
    });
  });

  it("the stored time zone sets the dashboard's week", async () => {
    // UTC+14: its week differs from New York's for part of every Saturday (UTC) and often by a day.
    await as(admin).put('/api/settings/business', { ...VALID_BUSINESS, timeZone: 'Pacific/Kiritimati' });
    const res = await as(admin).get('/api/dashboard/admin');
    expect(res.status).toBe(200);
    const now = new Date();
    expect(res.body.week).toEqual(businessWeek(now, 'Pacific/Kiritimati'));
    // Kiritimati's Sunday midnight is 19 hours before New York's (or a week apart): never the same instant.
    expect(res.body.week.start).not.toBe(businessWeek(now, 'America/New_York').start);
  });

  it('the e-mails the product sends use the stored business e-mail and name', async () => {
    await as(admin).put('/api/settings/business', VALID_BUSINESS);
    const since = Math.floor(Date.now() / 1000) - 1;
    const dogName = `Settings-${randomUUID().slice(0, 6)}`;
    const contact = await api('POST', '/api/public/contact', {
      from: visitor(),
      body: {
        firstName: 'Mail',
        lastName: 'Check',
        email: `mail-${randomUUID()}@example.com`,
        phone: '941-555-0123',
        program: 'other',
        message: 'Where does this go?',
        dogName,
        dogBreed: 'Mix',
        dogBirthDate: '2022-01-01',
        dogSex: 'male',
      },
    });
    expect(contact.status).toBe(201);
    const email = `invited-${randomUUID().slice(0, 8)}@example.com`;
    const created = await api('POST', '/api/clients', {
      token: admin.idToken,
      body: { firstName: 'Ivy', lastName: 'Invited', email, sendInvitation: true },
    });
    expect(created.status).toBe(201);
    await busIdle();
    const toBusiness = await waitFor(async () => (await sesStore(since)).find((m) => m.subject?.includes(dogName)));
    expect(toBusiness.destination.to).toEqual(['frontdesk@happytails.test']);
    const invitation = await waitFor(async () => (await sesStore(since)).find((m) => m.destination.to.includes(email)));
    expect(invitation.subject).toBe('Your invitation to the Happy Tails Training client portal');
    expect(invitation.body.text).toContain('call us at (813) 555-0199');
    expect(invitation.replyTo).toEqual(['frontdesk@happytails.test']);
  });

  it('back to the defaults once the stored settings are gone', async () => {
    await resetBusinessSettings();
    expect((await api('GET', '/api/public/business')).body).toEqual({
      name: 'Pawsitive Dog Training',
      phone: '(941) 555-0142',
      email: inject('env').BUSINESS_EMAIL,
      timeZone: 'America/New_York',
    });
  });
});
