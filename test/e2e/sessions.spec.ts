import { AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Sessions as people use them (issue: training sessions): the trainer schedules a session for a dog from
 * the form (times in the business time zone); it shows in the list and the month calendar; the client sees
 * it with the appointment message in their inbox and confirms it; the trainer sees it confirmed.
 */

const idToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });

test('the trainer schedules a session, the client gets the appointment message and confirms it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await signIn(admin, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(admin).toHaveURL(/\/dashboard/);

  const headers = { authorization: `Bearer ${await idToken(admin)}` };
  const email = `sessions.${tag}@example.com`;
  const created = await admin.request.post('/api/clients', {
    headers,
    data: { firstName: 'Sunny', lastName: 'Walker', email, phone: '941-555-0166' },
  });
  expect(created.status()).toBe(201);
  const clientId = (await created.json()).client.id as string;
  const dog = await admin.request.post(`/api/clients/${clientId}/dogs`, {
    headers,
    data: { name: `Rocket${tag}`, breed: 'Border Collie', birthDate: '2023-06-01', sex: 'male' },
  });
  expect(dog.status()).toBe(201);
  const dogId = (await dog.json()).dog.id as string;
  const cognito = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: process.env.E2E_COGNITO_ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: process.env.E2E_USER_POOL_ID,
        Username: email,
        Password: `Sunny-${tag}`,
        Permanent: true,
      }),
    );
  } finally {
    cognito.destroy();
  }

  // The form, opened for the dog: client and dog preselected. A date next year, 2:30 PM Eastern.
  const year = new Date().getFullYear() + 1;
  await admin.goto(`/dashboard/sessions/create?dog=${dogId}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Schedule Session' })).toBeVisible();
  await expect(admin.getByText('Sunny Walker').first()).toBeVisible();
  await admin.getByRole('button', { name: 'Schedule Session' }).click();
  await expect(admin.getByText('Please fill in all required fields').first()).toBeVisible();
  await admin.getByRole('textbox', { name: 'Date' }).fill(`${year}/02/10`);
  await admin.getByRole('textbox', { name: 'Time' }).fill('14:30');
  await admin.getByLabel('Session Notes').fill('Bring a long line.');
  await admin.getByRole('button', { name: 'Schedule Session' }).click();
  await expect(admin.getByText('Session scheduled successfully!')).toBeVisible();
  await expect(admin).toHaveURL(/\/dashboard\/sessions$/, { timeout: 10_000 });

  await admin.getByPlaceholder(/Search by client or dog/).fill(`Rocket${tag}`);
  const row = admin.getByRole('row').filter({ hasText: `Rocket${tag}` });
  await expect(row).toContainText('2:30 PM');
  await expect(row).toContainText('Scheduled');

  // The client: the appointment message, then the session, confirmed.
  const clientContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const client = await clientContext.newPage();
  await client.goto('/login');
  await signIn(client, email, `Sunny-${tag}`);
  await expect(client).toHaveURL(/\/(onboarding|dashboard)/);
  await client.goto('/messages');
  await client.getByRole('link', { name: `Training Session Scheduled - Rocket${tag}` }).click();
  const message = client.getByRole('dialog');
  await expect(message.getByText('2:30 PM ET')).toBeVisible();
  await expect(message.getByText('Bring a long line.')).toBeVisible();
  await message.getByRole('button', { name: 'Close', exact: true }).click();

  await client.goto('/sessions');
  await expect(client.getByRole('heading', { level: 1 })).toBeVisible();
  await client
    .getByRole('button', { name: /^Confirm/ })
    .first()
    .click();
  await expect(client.getByText('Session confirmed successfully!')).toBeVisible();

  // The trainer's list follows.
  await expect(row).toContainText('Confirmed');

  await clientContext.close();
  await adminContext.close();
});
