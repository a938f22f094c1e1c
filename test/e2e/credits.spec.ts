import { type Browser, expect, type Page, test } from '@playwright/test';
import { insertSessionRecord } from '../../shared/domain/sessions.js';
import { onboardedClientWithDog, signedInTrainer } from './helpers';

/**
 * Session credits as people use them: a client pays for the 4-session package on the local checkout and
 * sees 4 credits on their dashboard; a session of theirs is completed (its end has passed: the trainer's
 * sessions list completes it on load, as the 5-minute job does) and they see 3, as does the trainer on
 * the client's profile; a client with no credit gives the trainer a warning in the session form, which
 * still schedules.
 */

/** A client of the trainer with one dog and a password, onboarded (their dashboard opens). */
async function onboardedClient(browser: Browser, admin: Page, tag: string, firstName: string) {
  return onboardedClientWithDog(
    browser,
    admin,
    {
      firstName,
      lastName: 'Credit',
      email: `credits.${firstName.toLowerCase()}.${tag}@example.com`,
      phone: '941-555-0188',
      password: `${firstName}-${tag}`,
    },
    { name: `${firstName}Dog${tag}`, breed: 'Labrador', birthDate: '2022-05-01', sex: 'female' },
  );
}

test('a package gives credits, a completed session uses one, and no credit left warns the trainer', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const { context: adminContext, page: admin } = await signedInTrainer(browser);

  // The client pays for the 4-session package on the local checkout.
  const payer = await onboardedClient(browser, admin, tag, 'Cora');
  const client = payer.page;
  await client.goto('/dashboard');
  await expect(client.getByText('No credits left. Each completed session uses one credit.')).toBeVisible();
  await client.goto('/payment?service=package_4');
  await expect(client.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
  await client.getByRole('button', { name: 'Pay $350.00' }).click();
  await expect(client.getByRole('heading', { name: 'Local checkout' })).toBeVisible();
  await client.getByRole('button', { name: 'Pay $350.00' }).click();
  await expect(client).toHaveURL(/\/payment\/success\?payment=/);
  await expect(client.getByText('Paid', { exact: true })).toBeVisible();

  await client.goto('/dashboard');
  await expect(client.getByText('4 credits left. Each completed session uses one credit.')).toBeVisible();

  // A session of theirs that has ended: the trainer's list completes it on load and it uses one credit.
  await insertSessionRecord({
    clientId: payer.clientId,
    dogId: payer.dogId,
    scheduledAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    durationMinutes: 60,
    status: 'scheduled',
    clientName: payer.name,
    dogName: payer.dogName,
  });
  await admin.goto('/dashboard/sessions');
  await admin.getByPlaceholder(/Search by client or dog/).fill(payer.dogName);
  await expect(admin.getByRole('row').filter({ hasText: payer.dogName })).toContainText('Completed');
  await admin.goto(`/dashboard/clients/${payer.clientId}`);
  await expect(admin.getByText('3 credits left')).toBeVisible();

  await client.reload();
  await expect(client.getByText('3 credits left. Each completed session uses one credit.')).toBeVisible();

  // A client with no credit: the session form warns, and still schedules.
  const none = await onboardedClient(browser, admin, tag, 'Nell');
  await admin.goto(`/dashboard/sessions/create?dog=${none.dogId}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Schedule Session' })).toBeVisible();
  await expect(admin.getByText('This client has no session credits left.')).toBeVisible();
  const year = new Date().getFullYear() + 1;
  await admin.getByLabel('Date', { exact: true }).fill(`${year}-03-10`);
  await admin.getByRole('textbox', { name: 'Time' }).fill('10:00');
  await admin.getByRole('button', { name: 'Schedule Session' }).click();
  await expect(admin.getByText('Session scheduled successfully!')).toBeVisible();

  // The paying client never gets the warning.
  const balance = admin.waitForResponse((r) => r.url().endsWith(`/api/clients/${payer.clientId}/credits`));
  await admin.goto(`/dashboard/sessions/create?dog=${payer.dogId}`);
  expect(await (await balance).json()).toEqual({ credits: { balance: 3, held: 0 } });
  await expect(admin.getByText(payer.name).first()).toBeVisible();
  await expect(admin.getByText('This client has no session credits left.')).toHaveCount(0);

  await none.context.close();
  await payer.context.close();
  await adminContext.close();
});
