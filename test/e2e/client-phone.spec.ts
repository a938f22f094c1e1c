/**
 * A client's screens on a 375 px phone (issue 36, ADR 0050): the sessions screen scrolls nowhere sideways
 * and shows each session's status, Details and Confirm on screen as touch targets of at least 24 px
 * (WCAG 2.2 2.5.8); every text field of the client's screens is at least 16 px (a phone zooms into smaller
 * ones on focus) while the trainer's desk at 1280 px keeps Cloudscape's 14 px; the unread count is in the
 * top bar.
 */
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { createClient, onboardedClientWithDog, PHONE, setPassword, signedIn, signedInTrainer, signIn } from './helpers';

const tag = Date.now().toString(36);
const phoneClient = { email: `phone.${tag}@example.com`, password: `Phone-client-${tag}`, dogId: '', dog: '' };

test.describe.configure({ mode: 'serial' });

// A client with one dog, a session two days ahead (they can confirm it) and one unread message.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const trainer = await signedInTrainer(browser);
  const client = await onboardedClientWithDog(
    browser,
    trainer.page,
    {
      firstName: 'Pia',
      lastName: 'Phone',
      email: phoneClient.email,
      phone: '941-555-0191',
      password: phoneClient.password,
    },
    { name: `Sprout${tag}`, breed: 'Beagle', birthDate: '2022-06-01', sex: 'female' },
  );
  phoneClient.dogId = client.dogId;
  phoneClient.dog = client.dogName;
  await client.context.close();
  const inTwoDays = new Date(Date.now() + 2 * 24 * 60 * 60_000);
  inTwoDays.setUTCHours(15, 0, 0, 0);
  const session = await trainer.page.request.post('/api/sessions', {
    headers: trainer.headers,
    data: {
      clientId: client.clientId,
      dogId: client.dogId,
      scheduledAt: inTwoDays.toISOString(),
      durationMinutes: 60,
      sessionType: 'training',
    },
  });
  expect(session.status(), await session.text()).toBe(201);
  const message = await trainer.page.request.post('/api/messages', {
    headers: trainer.headers,
    data: { recipientIds: [client.clientId], subject: 'See you Tuesday', content: 'Bring treats.' },
  });
  expect(message.status(), await message.text()).toBe(201);
  await trainer.context.close();
});

/** What scrolls sideways: the page wider than the viewport, or an element scrolling its content sideways. */
async function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const page = document.documentElement.scrollWidth - window.innerWidth;
    if (page > 1) found.push(`the page is ${page}px wider than the viewport`);
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth - el.clientWidth > 1)
        found.push(`${el.tagName.toLowerCase()}.${el.className} scrolls ${el.scrollWidth - el.clientWidth}px sideways`);
    }
    return found;
  });
}

/** An element's box lies on screen (within the viewport's width, no swipe needed). */
async function expectOnScreen(element: Locator, name: string) {
  await expect(element, name).toBeVisible();
  const box = await element.boundingBox();
  if (!box) throw new Error(`${name} has no box`);
  expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(PHONE.width);
  return box;
}

/** A control on screen and at least 24 × 24 px (WCAG 2.2 2.5.8). */
async function expectReachable(control: Locator, name: string) {
  const box = await expectOnScreen(control, name);
  expect(Math.min(box.width, box.height), `${name} is a 24 px touch target`).toBeGreaterThanOrEqual(24);
}

/** The visible text fields of the page with their computed font size (px). */
async function fieldSizes(page: Page, screen: string): Promise<{ field: string; size: number }[]> {
  const fields = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input, textarea, select')]
      .filter((el) => !['checkbox', 'radio', 'range', 'file', 'hidden'].includes((el as HTMLInputElement).type))
      .filter((el) => el.getBoundingClientRect().width > 0)
      .map((el) => ({
        field:
          el.getAttribute('aria-label') ||
          (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent) ||
          el.getAttribute('name') ||
          el.getAttribute('placeholder') ||
          el.tagName.toLowerCase(),
        size: Number.parseFloat(getComputedStyle(el).fontSize),
      })),
  );
  return fields.map((f) => ({ ...f, field: `${screen}: ${f.field}` }));
}

test('the client’s sessions at 375 px: nothing sideways; status, Details and Confirm on screen as 24 px targets', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await signedIn(browser, phoneClient.email, phoneClient.password, { viewport: PHONE });
  await page.goto('/sessions');
  const list = page.getByRole('list', { name: 'My sessions' });
  const card = list.getByRole('listitem').filter({ hasText: phoneClient.dog });
  await expect(card).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(await sideways(page)).toEqual([]);
  await expectOnScreen(card.getByText('Scheduled'), 'Status');
  await expectReachable(card.getByRole('button', { name: /^Details of / }), 'Details');
  await expectReachable(card.getByRole('button', { name: /^Confirm / }), 'Confirm');
  // The top bar: the menu, the inbox with its unread count, the account menu.
  const banner = page.getByRole('banner');
  await expectReachable(banner.getByRole('button', { name: 'Open navigation' }), 'Open navigation');
  await expectReachable(banner.getByRole('link', { name: /^Messages, \d+ unread$/ }), 'Messages');
  await expectReachable(banner.getByRole('button', { name: /^Account menu/ }), 'Account menu');

  await card.getByRole('button', { name: /^Confirm / }).click();
  await expect(page.getByText('Session confirmed successfully!').first()).toBeVisible();
  await expect(card.getByText('Confirmed')).toBeVisible();

  for (const path of ['/sessions?view=details', '/sessions?view=calendar']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1, name: 'My Sessions' })).toBeVisible();
    expect(await sideways(page), path).toEqual([]);
  }
  await context.close();
});

/** A client the trainer created who has chosen a password but not completed onboarding. */
async function newClient(browser: Browser): Promise<{ email: string; password: string }> {
  const trainer = await signedInTrainer(browser);
  const email = `phone.new.${tag}@example.com`;
  const password = `Phone-new-${tag}`;
  await createClient(trainer.page, { firstName: 'Nia', lastName: 'New', email, phone: '941-555-0192' });
  await setPassword(email, password);
  await trainer.context.close();
  return { email, password };
}

test('every text field of the client’s screens is 16 px on a phone; the trainer’s desk keeps 14 px', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const seen: { field: string; size: number }[] = [];
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  for (const path of ['/login', '/forgot-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    seen.push(...(await fieldSizes(page, path)));
  }
  // Onboarding: personal information, then a dog.
  const fresh = await newClient(browser);
  await page.goto('/login');
  await signIn(page, fresh.email, fresh.password);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText('Step 1 of 3: Personal Information')).toBeVisible();
  seen.push(...(await fieldSizes(page, 'onboarding, step 1')));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 of 3: Your Dogs')).toBeVisible();
  seen.push(...(await fieldSizes(page, 'onboarding, step 2')));
  await context.close();

  const { context: signedInContext, page: client } = await signedIn(browser, phoneClient.email, phoneClient.password, {
    viewport: PHONE,
  });
  const screens: { path: string; ready: (p: Page) => Promise<void> }[] = [
    {
      path: '/sessions',
      ready: async (p) => {
        await p.getByRole('button', { name: 'Book a session' }).click();
        await expect(p.getByRole('heading', { name: 'Book a session', level: 2 })).toBeVisible();
      },
    },
    { path: '/messages', ready: (p) => expect(p.getByRole('link', { name: 'See you Tuesday' })).toBeVisible() },
    { path: '/payment', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
    { path: '/referrals', ready: (p) => expect(p.getByRole('button', { name: 'Copy Code' })).toBeVisible() },
    {
      path: `/dogs/${phoneClient.dogId}`,
      ready: async (p) => {
        await p.getByRole('button', { name: 'Add record' }).click();
        // The phone's own date pickers.
        for (const label of ['Date given', 'Expiry date'])
          await expect(p.getByRole('dialog').getByLabel(label)).toHaveAttribute('type', 'date');
      },
    },
    {
      path: '/dashboard/settings?tab=profile',
      ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
    },
    {
      path: '/dashboard/settings?tab=training',
      ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
    },
  ];
  for (const screen of screens) {
    await client.goto(screen.path);
    await screen.ready(client);
    await client.waitForLoadState('networkidle');
    seen.push(...(await fieldSizes(client, screen.path)));
  }
  await signedInContext.close();

  // Every screen with fields was measured (sign-in, onboarding, messages' search, payment, referrals, ...).
  expect(new Set(seen.map((f) => f.field.split(':')[0])).size).toBeGreaterThanOrEqual(8);
  expect(seen.filter((f) => f.size < 16)).toEqual([]);

  // The trainer at a desk: Cloudscape's density as before.
  const trainer = await signedInTrainer(browser);
  await trainer.page.goto('/dashboard/clients');
  const search = trainer.page.getByRole('searchbox').first();
  await expect(search).toBeVisible();
  expect(await search.evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');
  await trainer.context.close();
});
