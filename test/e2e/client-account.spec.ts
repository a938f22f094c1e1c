import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { fillContactForm, mailTo, sesUrl, signIn } from './helpers';

/**
 * A new client's account, as a person goes through it (issue: client accounts): the trainer
 * converts a request; the client opens the invitation link from the local inbox, creates the
 * account, signs in, completes onboarding with two dogs (the first prefilled from the request),
 * lands on the dashboard with both dogs, changes settings that are still there after a reload and
 * in another browser, downloads their data, deletes the account and can no longer sign in.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function expectNoAxeViolations(page: Page, state: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = violations.map((v) => `${state}: ${v.id} (${v.impact}): ${v.help} ${v.nodes.map((n) => n.target)}`);
  expect(found, found.join('\n')).toEqual([]);
}

/** The trainer converts the request from `email` on the contact submissions screen. */
async function trainerConverts(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await context.newPage();
  await admin.goto('/dashboard/contact-submissions');
  await signIn(admin, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Status of Jane Doe/ }).click();
  await admin.getByRole('option', { name: 'Converted' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Convert to client' }).click();
  await expect(admin.getByText('Client account created').first()).toBeVisible();
  await context.close();
}

test('a new client signs up by invitation, onboards two dogs, keeps settings, exports and deletes the account', async ({
  browser,
  page: visitor,
}) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 6);
  const email = `jane.${tag}@example.com`;
  const firstDog = `Maple${tag}`;
  const password = `Maple-walks-${tag}`;

  // 1. A visitor asks for a free evaluation; the trainer converts the request.
  await fillContactForm(visitor, firstDog, email);
  await visitor.getByRole('button', { name: 'Schedule My Free Evaluation' }).click();
  await expect(visitor.getByText(/Thank you for your message!/)).toBeVisible();
  await trainerConverts(browser, email);

  // 2. The invitation is in the local inbox; its link opens the signup, prefilled from the request.
  await expect.poll(async () => (await mailTo(visitor, email)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const invitation = (await mailTo(visitor, email))[0];
  const inbox = await browser.newPage();
  await inbox.goto(sesUrl());
  await expect(inbox.getByText(invitation.subject).first()).toBeVisible();
  await inbox.close();
  const link = invitation.body.text?.match(/https?:\/\/\S+\/signup\?\S+/)?.[0];
  expect(link, invitation.body.text).toBeTruthy();
  const { pathname, search } = new URL(link as string);

  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${pathname}${search}`);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel("Dog's name")).toHaveValue(firstDog);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  // 3. Signed in, the incomplete profile goes to onboarding: step 1 is prefilled.
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText('Step 1 of 3: Personal Information')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Jane');
  await expectNoAxeViolations(page, 'onboarding step 1');
  await page.getByLabel('Address').fill('12 Lakewood Ranch Blvd');
  await page.getByRole('button', { name: 'Next' }).click();

  // 4. Step 2: the first dog comes from the request; a second dog is added.
  await expect(page.getByText('Step 2 of 3: Your Dogs')).toBeVisible();
  await expect(page.getByLabel('Name').first()).toHaveValue(firstDog);
  await page.getByRole('button', { name: 'Add another dog' }).click();
  await page.getByLabel('Name').nth(1).fill('Clover');
  await page.getByLabel('Breed').nth(1).fill('Poodle');
  await page.getByLabel('Birth date').nth(1).fill('2023-08-09');
  await page.getByRole('button', { name: 'Sex' }).nth(1).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await expectNoAxeViolations(page, 'onboarding step 2');
  await page.getByRole('button', { name: 'Next' }).click();

  // 5. Review, then complete: the dashboard shows both dogs.
  await expect(page.getByText('Step 3 of 3: Review')).toBeVisible();
  await expect(page.getByText('Clover').first()).toBeVisible();
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(
    page.getByText('Profile completed successfully! Welcome to your training portal.').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 2, name: 'My Dogs' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: firstDog })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Clover' })).toBeVisible();
  await expect(page.getByText('No messages yet.')).toBeVisible();

  // 6. Settings persist on the server: after a reload and in another browser.
  await page.goto('/dashboard/settings?tab=training');
  await page.getByLabel('Training goals').fill('Calm greetings at the door');
  await page.getByRole('button', { name: 'Preferred session time' }).click();
  await page.getByRole('option', { name: /Evening/ }).click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Settings saved successfully!').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Training goals')).toHaveValue('Calm greetings at the door');
  await expectNoAxeViolations(page, 'settings, training preferences');

  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto('/dashboard/settings?tab=training');
  await signIn(elsewhere, email, password);
  await expect(elsewhere.getByLabel('Training goals')).toHaveValue('Calm greetings at the door');
  await expect(elsewhere.getByRole('button', { name: 'Preferred session time' })).toContainText(/Evening/);
  await other.close();

  // The dark theme: its Cloudscape tokens are fetched when it is chosen (ADR 0015), so headings turn light.
  await page.goto('/dashboard/settings?tab=general');
  const heading = page.getByRole('heading', { name: 'Appearance' });
  const brightness = () =>
    heading.evaluate((el) => {
      const [r, g, b] = (getComputedStyle(el).color.match(/\d+/g) ?? []).map(Number);
      return ((r ?? 0) + (g ?? 0) + (b ?? 0)) / 3;
    });
  expect(await brightness()).toBeLessThan(100);
  await page.getByRole('radio', { name: 'Dark' }).click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.locator('body')).toHaveClass(/awsui-dark-mode/);
  await expect.poll(brightness).toBeGreaterThan(180);
  await page.getByRole('radio', { name: 'Light' }).click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.locator('body')).not.toHaveClass(/awsui-dark-mode/);

  // 7. Download my data: a JSON file with the profile and both dogs, no trainer notes.
  await page.goto('/dashboard/settings?tab=profile');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pawsitive-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
  expect(exported.profile.email).toBe(email);
  expect(exported.dogs.map((d: { name: string }) => d.name).sort()).toEqual(['Clover', firstDog].sort());
  expect(exported.settings.trainingGoals).toBe('Calm greetings at the door');
  expect(JSON.stringify(exported)).not.toMatch(/"notes"/);
  await expect(page.getByText('Your data has been downloaded.').first()).toBeVisible();

  // 8. Delete my account: typed e-mail, signed out, and the sign-in is refused from then on.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  await dialog.getByLabel(`Type ${email} to confirm`).fill(email);
  await expectNoAxeViolations(page, 'delete account dialog');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account and all its data have been deleted.').first()).toBeVisible();
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});
