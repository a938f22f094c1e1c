import { expect, test } from '@playwright/test';
import { fillContactForm, holdHydration } from './helpers';

const SUCCESS = "Thank you for your message! We'll be in touch soon to schedule your free evaluation 🐶";

test('visitor submits the form, the e-mail reaches the inbox, the admin sees it arrive live', async ({
  page,
  browser,
  request,
  context,
}) => {
  // Nothing the product loads may come from another host: fonts, images and scripts are its own.
  const foreign: string[] = [];
  const watch = (url: string) => {
    const { hostname, protocol } = new URL(url);
    if (!['data:', 'blob:'].includes(protocol) && hostname !== '127.0.0.1') foreign.push(url);
  };
  context.on('request', (r) => watch(r.url()));

  // 1. A visitor asks for a free evaluation.
  await fillContactForm(page, 'Biscuit');
  await page.getByRole('button', { name: 'Schedule My Free Evaluation' }).click();
  await expect(page.getByText(SUCCESS)).toBeVisible();
  await expect(page.getByLabel("Dog's Name")).toHaveValue('');

  // 2. The business e-mail appears in the local inbox.
  const sesUrl = process.env.E2E_SES_URL as string;
  await expect
    .poll(async () => JSON.stringify(await (await request.get(`${sesUrl}/store`)).json()))
    .toContain('Biscuit');
  const inbox = await browser.newPage();
  await inbox.goto(sesUrl);
  await expect(inbox.getByText(/Biscuit/).first()).toBeVisible();
  await inbox.close();

  // 3. The trainer signs in and sees the submission under New.
  const admin = await browser.newPage();
  admin.on('request', (r) => watch(r.url()));
  await admin.goto('/dashboard/contact-submissions');
  await expect(admin).toHaveURL(/\/login/);
  await admin.getByLabel('Email').fill(process.env.E2E_ADMIN_EMAIL as string);
  await admin.getByLabel('Password').fill(process.env.E2E_ADMIN_PASSWORD as string);
  await admin.getByRole('button', { name: /sign in/i }).click();
  await expect(admin).toHaveURL(/\/dashboard\/contact-submissions/);
  await expect(admin.getByText('Biscuit').first()).toBeVisible();

  // 4. Another visitor submits while the trainer watches: it appears without a reload.
  await admin.evaluate(() => {
    (window as unknown as { __marker: boolean }).__marker = true;
  });
  await fillContactForm(page, 'Nala');
  await page.getByRole('button', { name: 'Schedule My Free Evaluation' }).click();
  await expect(page.getByText(SUCCESS)).toBeVisible();
  await expect(admin.getByText('Nala').first()).toBeVisible();
  expect(await admin.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(true);
  expect(foreign).toEqual([]);
});

test('a failed submission keeps the form filled and shows the e-mail fallback', async ({ page }) => {
  await page.route('**/api/public/contact', (route) => route.fulfill({ status: 500, body: '{}' }));
  await fillContactForm(page, 'Rex');
  await page.getByRole('button', { name: 'Schedule My Free Evaluation' }).click();
  await expect(
    page.getByText(`Sorry, please try again or email us at ${process.env.E2E_BUSINESS_EMAIL} 🐕`),
  ).toBeVisible();
  await expect(page.getByLabel("Dog's Name")).toHaveValue('Rex');
});

test('what a visitor types before the page hydrates is kept, and only the hydrated form sends', async ({ page }) => {
  // Hold the page's hydration script until the form is filled in.
  const { release } = await holdHydration(page);
  let posted: unknown;
  await page.route('**/api/public/contact', async (route) => {
    posted = route.request().postDataJSON();
    await route.fulfill({ status: 201, contentType: 'application/json', body: '{"success":true}' });
  });

  await fillContactForm(page, 'Pepper');
  const submit = page.getByRole('button', { name: 'Schedule My Free Evaluation' });
  await expect(submit).toBeDisabled();

  release();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText(SUCCESS)).toBeVisible();
  expect(posted).toMatchObject({ firstName: 'Jane', dogName: 'Pepper', program: 'puppyFoundations', dogSex: 'female' });
});
