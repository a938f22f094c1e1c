/**
 * Signup by invitation, as people do it (issue: client accounts): the trainer creates a client with
 * an invitation, the client opens the e-mailed link, completes the form, sees the success text, lands
 * on /login after 3 s, signs in with the new password and goes on to onboarding. The link is single
 * use: opened again, it is invalid.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const INVALID = 'Invalid or expired invitation link.';
const SUCCESS = 'Account created successfully! Please check your email to verify your account.';

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

/** The text of the e-mails sent to `address` (local SES store). */
async function mailTo(page: Page, address: string): Promise<string[]> {
  const res = await page.request.get(`${process.env.E2E_SES_URL}/store`);
  const { emails } = (await res.json()) as { emails: { destination: { to: string[] }; body: { text?: string } }[] };
  return emails.filter((m) => m.destination.to.includes(address)).map((m) => m.body.text ?? '');
}

test('an invited client signs up with the e-mailed link, once', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const email = `signup.${tag}@example.com`;
  const password = `Sunny-Days-${tag}`;

  // 1. The trainer creates the client with an invitation (admin API, the trainer's own token).
  const trainer = await browser.newPage();
  await trainer.goto('/login');
  await signIn(trainer, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(trainer).toHaveURL(/\/dashboard/);
  const created = await trainer.request.post('/api/clients', {
    headers: { authorization: `Bearer ${await idToken(trainer)}` },
    data: { firstName: 'Sam', lastName: 'Signup', email, phone: '941-555-0166', sendInvitation: true },
  });
  expect(created.status()).toBe(201);

  // 2. The invitation e-mail carries the link.
  await expect.poll(async () => (await mailTo(trainer, email)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const text = (await mailTo(trainer, email))[0];
  const link = text.match(/https?:\/\/\S+\/signup\?\S+/)?.[0];
  expect(link, text).toBeTruthy();
  const { pathname, search } = new URL(link as string);
  await trainer.close();

  // 3. The client opens it: e-mail locked, names and phone from the profile.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${pathname}${search}`);
  const emailField = page.getByLabel('Email');
  await expect(emailField).toHaveValue(email);
  await expect(emailField).not.toBeEditable();
  await expect(page.getByLabel('First name')).toHaveValue('Sam');
  await expect(page.getByLabel('Last name')).toHaveValue('Signup');
  await expect(page.getByLabel('Phone')).toHaveValue('941-555-0166');
  await page.waitForLoadState('networkidle');
  expect(await violations(page)).toEqual([]);

  // 4. Completes the form by keyboard-friendly fields.
  await page.getByLabel("Dog's name").fill('Pepper');
  await page.getByLabel('Breed').fill('Beagle');
  await page.getByLabel('Date of birth').fill('2024-05-06');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(SUCCESS)).toBeVisible();
  const shownAt = Date.now();
  await expect(page).toHaveURL(/\/signup\?/);

  // 5. /login after 3 s, then sign-in with the new password reaches the dashboard.
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2000);
  await signIn(page, email, password);
  // Signed in; the profile is completed in the onboarding wizard next.
  await expect(page).toHaveURL(/\/onboarding$/);
  await context.close();

  // 6. The link is single use.
  const againContext = await browser.newContext();
  const again = await againContext.newPage();
  await again.goto(`${pathname}${search}`);
  await expect(again.getByText(INVALID)).toBeVisible();
  await expect(again.getByLabel('Password', { exact: true })).toHaveCount(0);
  expect(await violations(again)).toEqual([]);
  await againContext.close();
});

test('without a token, the signup page asks for an invitation', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Invitation Required' })).toBeVisible();
  await page.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});
