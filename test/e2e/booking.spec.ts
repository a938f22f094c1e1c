import { type Browser, expect, type Page, test } from '@playwright/test';
import { store } from '../../shared/db/service.js';
import { idToken, setPassword, signIn } from './helpers';

/**
 * Online booking as people use it (docs/decisions/0034-online-booking.md): the trainer sets hours in
 * Settings → Business; two clients with credits pick the same open time at the same moment: one gets it,
 * the other "That time was just taken"; the trainer, on the sessions page, sees the request arrive live
 * and approves it; the client sees it approved and scheduled, with the credit held.
 */

async function client(browser: Browser, admin: Page, tag: string, firstName: string) {
  const headers = { authorization: `Bearer ${await idToken(admin)}` };
  const email = `booking.${firstName.toLowerCase()}.${tag}@example.com`;
  const created = await admin.request.post('/api/clients', {
    headers,
    data: { firstName, lastName: 'Booker', email, phone: '941-555-0177' },
  });
  expect(created.status()).toBe(201);
  const clientId = (await created.json()).client.id as string;
  const dog = await admin.request.post(`/api/clients/${clientId}/dogs`, {
    headers,
    data: { name: `${firstName}Dog${tag}`, breed: 'Labrador', birthDate: '2022-05-01', sex: 'female' },
  });
  expect(dog.status()).toBe(201);
  await store().entities.sessionCredits.update({ profileId: clientId }).add({ balance: 1 }).go();
  const password = `${firstName}-${tag}-pw`;
  await setPassword(email, password);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/(onboarding|dashboard)/);
  const done = await page.request.post('/api/me/onboarding/complete', {
    headers: { authorization: `Bearer ${await idToken(page)}` },
    data: {
      data: {
        personalInfo: {
          firstName,
          lastName: 'Booker',
          email,
          phone: '941-555-0177',
          address: '1 Main St',
          emergencyContact: 'Someone Booker',
          emergencyPhone: '941-555-0178',
        },
        dogInfo: { dogs: [] },
        trainingInfo: { previousTraining: '', trainingGoals: '', specificIssues: '', howHeardAboutUs: '' },
      },
    },
  });
  expect(done.status(), await done.text()).toBe(200);
  return { context, page, name: `${firstName} Booker` };
}

test('the trainer sets hours, one of two clients gets a time, the trainer approves it live', async ({ browser }) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await signIn(admin, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(admin).toHaveURL(/\/dashboard/);

  // Settings → Business → Availability: every day 09:00-17:00, training bookable for 60 minutes.
  await admin.goto('/dashboard/settings?tab=business');
  const form = admin.getByRole('form', { name: 'Availability' });
  for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
    const start = form.getByRole('textbox', { name: `${day} range 1 start` });
    if ((await start.count()) === 0) await form.getByRole('button', { name: `Add hours on ${day}` }).click();
    await start.fill('09:00');
    await form.getByRole('textbox', { name: `${day} range 1 end` }).fill('17:00');
  }
  await form.getByRole('button', { name: /Training duration/ }).click();
  await admin.getByRole('option', { name: '60 minutes' }).click();
  await form.getByRole('button', { name: 'Save availability' }).click();
  await expect(admin.getByText('Availability saved successfully!')).toBeVisible();
  await admin.screenshot({ path: 'test-results/booking-availability.png', fullPage: true });

  const ann = await client(browser, admin, tag, 'Ann');
  const ben = await client(browser, admin, tag, 'Ben');
  await admin.goto('/dashboard/sessions');
  await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();

  // Both open Book a session and choose the same first open time of the third day.
  for (const p of [ann.page, ben.page]) {
    await p.goto('/sessions');
    await p.getByRole('button', { name: 'Book a session' }).click();
    await expect(p.getByText('1 credit left')).toBeVisible();
  }
  const day = ann.page.getByRole('region', { name: 'Open times' }).getByRole('region').nth(2);
  const dayName = (await day.getAttribute('aria-label')) as string;
  const time = (await day.getByRole('button').first().textContent()) as string;
  for (const p of [ann.page, ben.page]) {
    await p.getByRole('region', { name: dayName }).getByRole('button', { name: time, exact: true }).click();
  }
  await ann.page.screenshot({ path: 'test-results/booking-client.png', fullPage: true });
  await Promise.all([
    ann.page.getByRole('button', { name: 'Request this time' }).click(),
    ben.page.getByRole('button', { name: 'Request this time' }).click(),
  ]);
  const annWon = ann.page.getByText('Your request was sent. The trainer will confirm it.');
  const benWon = ben.page.getByText('Your request was sent. The trainer will confirm it.');
  await expect
    .poll(async () => (await annWon.isVisible()) || (await benWon.isVisible()), { timeout: 15_000 })
    .toBe(true);
  const [winner, loser] = (await annWon.isVisible()) ? [ann, ben] : [ben, ann];
  await expect(loser.page.getByText('That time was just taken')).toBeVisible();
  await expect(winner.page.getByText('Awaiting approval')).toBeVisible();
  await expect(winner.page.getByText('0 credits left')).toHaveCount(0);
  await expect(winner.page.getByText('(1 held by your bookings)')).toBeVisible();

  // The trainer sees it without a reload and approves it.
  const requests = admin.getByRole('heading', { name: /Booking requests/ });
  await expect(requests).toBeVisible();
  await admin.screenshot({ path: 'test-results/booking-trainer.png', fullPage: true });
  await admin.getByRole('button', { name: new RegExp(`^Approve ${winner.name}`) }).click();
  await admin.getByRole('dialog').getByRole('textbox').fill('See you there');
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Request approved')).toBeVisible();

  // The client sees it approved and scheduled live, the credit still held.
  await expect(winner.page.getByText('Approved', { exact: true })).toBeVisible();
  await expect(winner.page.getByRole('row').filter({ hasText: 'Scheduled' }).first()).toBeVisible();
  await expect(winner.page.getByText('(1 held by your bookings)')).toBeVisible();

  await ann.context.close();
  await ben.context.close();
  await adminContext.close();
});
