/**
 * axe-core (WCAG 2.0/2.1 A + AA and best practices) on every portal screen, loaded with data, at 1280
 * and 375 px (Portal conventions: accessibility and small screens): the trainer's screens, then a new
 * client's onboarding, dashboard and settings, then the booking screens (the client's Book a session with
 * open times, the trainer's pending request and its dialog, Settings → Business availability).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { store } from '../../shared/db/service.js';
import {
  bearer,
  fillFirstDog,
  idToken,
  onboardedClientWithDog,
  setPassword,
  signedIn,
  signedInTrainer,
  signIn,
} from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Waits for the page's finite animations and transitions (a dialog fading in, a toast sliding) to end, so axe
 * judges colours as the person sees them once the screen has settled, not half-transparent mid-fade. Endless
 * ones (spinners) are not waited for.
 */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function violations(page: Page): Promise<string[]> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`,
  );
}

let clientId = '';
let dogId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const { context, page, headers } = await signedInTrainer(browser);
  const tag = Date.now().toString(36);
  const created = await page.request.post('/api/clients', {
    headers,
    data: { firstName: 'Axe', lastName: 'Checker', email: `axe.${tag}@example.com`, phone: '941-555-0188' },
  });
  expect(created.status()).toBe(201);
  clientId = (await created.json()).client.id;
  const dog = await page.request.post(`/api/clients/${clientId}/dogs`, {
    headers,
    data: { name: 'Scout', breed: 'Border Collie', birthDate: '2023-04-05', sex: 'male' },
  });
  expect(dog.status()).toBe(201);
  dogId = (await dog.json()).dog.id;
  const note = await page.request.post(`/api/clients/${clientId}/notes`, {
    headers,
    data: { title: 'Loves tennis balls', content: 'Use as a reward.', noteType: 'training', isImportant: true },
  });
  expect(note.status()).toBe(201);
  const message = await page.request.post('/api/messages', {
    headers,
    data: {
      recipientIds: [clientId],
      subject: 'Welcome, {client_name}',
      content: '**Sit** and *stay*',
      messageType: 'homework',
    },
  });
  expect(message.status()).toBe(201);
  const template = await page.request.post('/api/templates', {
    headers,
    data: { name: 'Axe template', subject: 'Hello {client_name}', content: 'Week 1' },
  });
  expect(template.status()).toBe(201);
  const inTwoDays = new Date(Date.now() + 2 * 24 * 60 * 60_000);
  inTwoDays.setUTCHours(15, 0, 0, 0);
  const session = await page.request.post('/api/sessions', {
    headers,
    data: {
      clientId,
      dogId,
      scheduledAt: inTwoDays.toISOString(),
      durationMinutes: 60,
      sessionType: 'training',
      allowOverlap: true,
    },
  });
  expect(session.status()).toBe(201);
  await context.close();
});

const SCREENS: { name: string; path: () => string; tab?: string }[] = [
  { name: 'dashboard', path: () => '/dashboard' },
  { name: 'contact submissions', path: () => '/dashboard/contact-submissions' },
  { name: 'clients', path: () => '/dashboard/clients' },
  { name: 'create client', path: () => '/dashboard/clients/create' },
  { name: 'client overview', path: () => `/dashboard/clients/${clientId}` },
  { name: 'client dogs', path: () => `/dashboard/clients/${clientId}`, tab: 'Dogs' },
  { name: 'client sessions', path: () => `/dashboard/clients/${clientId}`, tab: 'Sessions' },
  { name: 'client notes', path: () => `/dashboard/clients/${clientId}`, tab: 'Notes' },
  { name: 'edit client', path: () => `/dashboard/clients/${clientId}/edit` },
  { name: 'add dog', path: () => `/dashboard/clients/${clientId}/dogs/add` },
  { name: 'edit dog', path: () => `/dashboard/clients/${clientId}/dogs/${dogId}/edit` },
  { name: 'settings, profile', path: () => '/dashboard/settings?tab=profile' },
  { name: 'settings, general', path: () => '/dashboard/settings?tab=general' },
  { name: 'settings, business', path: () => '/dashboard/settings?tab=business' },
  { name: 'settings, integrations', path: () => '/dashboard/settings?tab=integrations' },
  { name: 'messages', path: () => '/dashboard/messages' },
  { name: 'compose', path: () => `/dashboard/messages/compose?recipient=${clientId}` },
  { name: 'templates', path: () => '/admin/templates' },
  { name: 'sessions, list', path: () => '/dashboard/sessions' },
  { name: 'sessions, calendar', path: () => '/dashboard/sessions?view=calendar' },
  { name: 'sessions, week', path: () => '/dashboard/sessions?view=calendar&scope=week' },
  { name: 'sessions, day', path: () => '/dashboard/sessions?view=calendar&scope=day' },
  { name: 'sessions, details', path: () => '/dashboard/sessions?view=details' },
  { name: 'schedule session', path: () => `/dashboard/sessions/create?dog=${dogId}` },
];

/** What a screen breaks at this size: sideways scrolling and axe violations. */
async function problems(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  // No screen may be wider than the viewport (usable at 375 px without sideways page scrolling).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) found.push(`${name}: the page is ${overflow}px wider than the viewport`);
  for (const v of await violations(page)) found.push(`${name}: ${v}`);
  return found;
}

/** A client the trainer created, who has chosen a password (their first sign-in). */
async function newClient(page: Page, tag: string): Promise<{ email: string; password: string }> {
  const email = `axe.client.${tag}@example.com`;
  const password = `Axe-client-${tag}`;
  const created = await page.request.post('/api/clients', {
    headers: { authorization: `Bearer ${await idToken(page)}` },
    data: { firstName: 'Ada', lastName: 'Client', email, phone: '941-555-0189' },
  });
  expect(created.status()).toBe(201);
  const message = await page.request.post('/api/messages', {
    headers: { authorization: `Bearer ${await idToken(page)}` },
    data: {
      recipientIds: [(await created.json()).client.id],
      subject: 'Welcome',
      content: '# Week 1\n\n- sit\n- stay',
    },
  });
  expect(message.status()).toBe(201);
  const newId = (await created.json()).client.id;
  const auth = { authorization: `Bearer ${await idToken(page)}` };
  const dog = await page.request.post(`/api/clients/${newId}/dogs`, {
    headers: auth,
    data: { name: 'Pixel', breed: 'Poodle', birthDate: '2024-01-05', sex: 'female' },
  });
  expect(dog.status()).toBe(201);
  const soon = new Date(Date.now() + 3 * 24 * 60 * 60_000);
  soon.setUTCHours(16, 0, 0, 0);
  const session = await page.request.post('/api/sessions', {
    headers: auth,
    data: {
      clientId: newId,
      dogId: (await dog.json()).dog.id,
      scheduledAt: soon.toISOString(),
      durationMinutes: 45,
      allowOverlap: true,
    },
  });
  expect(session.status()).toBe(201);
  await setPassword(email, password);
  return { email, password };
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`axe on the client book screens at ${viewport.width} px`, async ({ browser }) => {
    test.setTimeout(240_000);
    const { context, page } = await signedInTrainer(browser, viewport);
    const found: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(screen.path());
      await page.waitForLoadState('networkidle');
      if (screen.tab) {
        await page.getByRole('tab', { name: screen.tab }).click();
        await page.waitForLoadState('networkidle');
      }
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      found.push(...(await problems(page, screen.name)));
    }
    expect(found, found.join('\n')).toEqual([]);
    await context.close();
  });

  test(`axe on a new client's screens at ${viewport.width} px`, async ({ browser }) => {
    test.setTimeout(240_000);
    const { context, page } = await signedInTrainer(browser, viewport);
    const { email, password } = await newClient(page, `${viewport.width}${Date.now().toString(36)}`);
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/onboarding$/);
    const found: string[] = [];
    for (const step of ['Step 1 of 3: Personal Information', 'Step 2 of 3: Your Dogs', 'Step 3 of 3: Review']) {
      await expect(page.getByText(step)).toBeVisible();
      found.push(...(await problems(page, `onboarding, ${step}`)));
      if (step.startsWith('Step 2')) await fillFirstDog(page);
      if (!step.startsWith('Step 3')) await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Recent Messages' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    found.push(...(await problems(page, 'client dashboard')));
    await page.goto('/messages');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('link', { name: 'Welcome' })).toBeVisible();
    found.push(...(await problems(page, 'client inbox')));
    await page.getByRole('link', { name: 'Welcome' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await problems(page, 'client message open')));
    for (const path of ['/sessions', '/sessions?view=calendar']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      found.push(...(await problems(page, `client ${path}`)));
    }
    for (const tab of ['profile', 'general', 'training']) {
      await page.goto(`/dashboard/settings?tab=${tab}`);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      found.push(...(await problems(page, `client settings, ${tab}`)));
    }
    expect(found, found.join('\n')).toEqual([]);
    await context.close();
  });
}

test.describe('booking screens', () => {
  const booker = { email: '', password: '', name: '' };
  let bookingId = '';
  let availability: Record<string, unknown> = {};

  // Hours every day, training bookable at once; a client with credits and one request awaiting approval.
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    const trainer = await signedInTrainer(browser);
    const api = trainer.page.request;
    availability = (await (await api.get('/api/settings/availability', { headers: trainer.headers })).json())
      .availability;
    const hours = await api.put('/api/settings/availability', {
      headers: trainer.headers,
      data: {
        ...availability,
        weeklyHours: Array.from({ length: 7 }, () => [{ start: '08:00', end: '18:00' }]),
        bookableTypes: [{ sessionType: 'training', durationMinutes: 60 }],
        minNoticeHours: 0,
        approval: 'approval',
      },
    });
    expect(hours.status(), await hours.text()).toBe(200);
    const tag = Date.now().toString(36);
    Object.assign(booker, {
      email: `axe.booker.${tag}@example.com`,
      password: `Axe-booker-${tag}`,
      name: 'Bea Booker',
    });
    const client = await onboardedClientWithDog(
      browser,
      trainer.page,
      { firstName: 'Bea', lastName: 'Booker', email: booker.email, phone: '941-555-0190', password: booker.password },
      { name: 'Juniper', breed: 'Corgi', birthDate: '2022-02-02', sex: 'female' },
    );
    await store().entities.sessionCredits.update({ profileId: client.clientId }).add({ balance: 3 }).go();
    const headers = await bearer(client.page);
    const open = await client.page.request.get('/api/me/open-times?sessionType=training&weeks=2', { headers });
    const [first] = (await open.json()).times as string[];
    const requested = await client.page.request.post('/api/me/bookings', {
      headers,
      data: { dogId: client.dogId, sessionType: 'training', scheduledAt: first },
    });
    expect(requested.status(), await requested.text()).toBe(201);
    bookingId = (await requested.json()).booking.id;
    await client.context.close();
    await trainer.context.close();
  });

  // The request declined (its credit back) and the hours as they were, for the journeys that follow.
  test.afterAll(async ({ browser }) => {
    const trainer = await signedInTrainer(browser);
    const api = trainer.page.request;
    const declined = await api.post(`/api/bookings/${bookingId}/decline`, { headers: trainer.headers, data: {} });
    expect(declined.status(), await declined.text()).toBe(200);
    const restored = await api.put('/api/settings/availability', { headers: trainer.headers, data: availability });
    expect(restored.status(), await restored.text()).toBe(200);
    await trainer.context.close();
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    test(`axe on the booking screens at ${viewport.width} px`, async ({ browser }) => {
      test.setTimeout(180_000);
      const found: string[] = [];

      const client = await signedIn(browser, booker.email, booker.password, { viewport });
      await client.page.goto('/sessions');
      await client.page.getByRole('button', { name: 'Book a session' }).click();
      const times = client.page.getByRole('region', { name: 'Open times' });
      await expect(times.getByRole('button').first()).toBeVisible();
      found.push(...(await problems(client.page, 'client, book a session')));
      await times.getByRole('button').first().click();
      await expect(client.page.getByRole('button', { name: 'Request this time' })).toBeVisible();
      found.push(...(await problems(client.page, 'client, book a session, time chosen')));
      await client.context.close();

      const trainer = await signedInTrainer(browser, viewport);
      await trainer.page.goto('/dashboard/sessions');
      await expect(trainer.page.getByRole('heading', { name: /Booking requests/ })).toBeVisible();
      await trainer.page.waitForLoadState('networkidle');
      found.push(...(await problems(trainer.page, 'trainer, pending request')));
      await trainer.page.getByRole('button', { name: new RegExp(`^Approve ${booker.name}`) }).click();
      const dialog = trainer.page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Approve request' })).toBeVisible();
      found.push(...(await problems(trainer.page, 'trainer, approve dialog')));
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await trainer.page.getByRole('button', { name: new RegExp(`^Decline ${booker.name}`) }).click();
      await expect(dialog.getByRole('heading', { name: 'Decline request' })).toBeVisible();
      found.push(...(await problems(trainer.page, 'trainer, decline dialog')));
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await trainer.page.goto('/dashboard/settings?tab=business');
      const form = trainer.page.getByRole('form', { name: 'Availability' });
      await expect(form.getByRole('button', { name: 'Save availability' })).toBeVisible();
      await trainer.page.waitForLoadState('networkidle');
      found.push(...(await problems(trainer.page, 'settings, business availability')));
      await trainer.context.close();

      expect(found, found.join('\n')).toEqual([]);
    });
  }
});
