/**
 * axe-core (WCAG 2.0/2.1 A + AA and best practices) on every client-book screen of the portal, loaded
 * with data, at 1280 and 375 px (Portal conventions: accessibility and small screens).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`,
  );
}

/** The signed-in admin's ID token, as Amplify keeps it. */
const idToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });

let clientId = '';
let dogId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/login');
  await signIn(page, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(page).toHaveURL(/\/dashboard/);
  const headers = { authorization: `Bearer ${await idToken(page)}` };
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
  await page.close();
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
];

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`axe on the client book screens at ${viewport.width} px`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
    await expect(page).toHaveURL(/\/dashboard/);
    const found: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(screen.path());
      await page.waitForLoadState('networkidle');
      if (screen.tab) {
        await page.getByRole('tab', { name: screen.tab }).click();
        await page.waitForLoadState('networkidle');
      }
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // No screen may be wider than the viewport (usable at 375 px without sideways page scrolling).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 1) found.push(`${screen.name}: the page is ${overflow}px wider than the viewport`);
      for (const v of await violations(page)) found.push(`${screen.name}: ${v}`);
    }
    expect(found, found.join('\n')).toEqual([]);
    await context.close();
  });
}
