import { type Browser, expect, type Page, test } from '@playwright/test';
import { store } from '../../shared/db/service.js';
import { onboardedClientWithDog, signedInTrainer } from './helpers';

/**
 * Online booking as people use it (docs/decisions/0034-online-booking.md): the trainer sets hours in
 * Settings → Business; two clients with credits pick the same open time at the same moment: one gets it,
 * the other "That time was just taken"; the trainer, on the sessions page, sees the request arrive live
 * and approves it; the client sees it approved and scheduled, with the credit held.
 */

/** A client with one dog and one session credit, signed in and onboarded. */
async function client(browser: Browser, admin: Page, tag: string, firstName: string) {
  const c = await onboardedClientWithDog(
    browser,
    admin,
    {
      firstName,
      lastName: 'Booker',
      email: `booking.${firstName.toLowerCase()}.${tag}@example.com`,
      phone: '941-555-0177',
      password: `${firstName}-${tag}-pw`,
    },
    { name: `${firstName}Dog${tag}`, breed: 'Labrador', birthDate: '2022-05-01', sex: 'female' },
  );
  await store().entities.sessionCredits.update({ profileId: c.clientId }).add({ balance: 1 }).go();
  return c;
}

test('the trainer sets hours, one of two clients gets a time, the trainer approves it live', async ({ browser }) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const { context: adminContext, page: admin } = await signedInTrainer(browser);

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
    await p.getByRole('region', { name: dayName, exact: true }).getByRole('button', { name: time, exact: true }).click();
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
