import { expect, test } from '@playwright/test';
import { fillContactForm } from './helpers';

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

test('what a visitor types before the form has loaded is kept, and a Submit clicked then is sent once it has', async ({
  page,
}) => {
  // Hold the form's island (the page's own small script runs) until the visitor has filled it in and clicked.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/contact-island-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const posted: unknown[] = [];
  await page.route('**/api/public/contact', async (route) => {
    posted.push(route.request().postDataJSON());
    await route.fulfill({ status: 201, contentType: 'application/json', body: '{"success":true}' });
  });

  await fillContactForm(page, 'Pepper');
  await page.getByRole('button', { name: 'Schedule My Free Evaluation' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  expect(posted).toEqual([]);

  release();
  await expect(page.getByText(SUCCESS)).toBeVisible();
  expect(posted).toHaveLength(1);
  expect(posted[0]).toMatchObject({
    firstName: 'Jane',
    dogName: 'Pepper',
    program: 'puppyFoundations',
    dogSex: 'female',
  });
});
