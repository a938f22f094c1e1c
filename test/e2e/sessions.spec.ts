import { expect, type Page, test } from '@playwright/test';
import { idToken, setPassword, signIn } from './helpers';

/**
 * Sessions as people use them (issue: training sessions): the trainer schedules a session for a dog from
 * the form (times in the business time zone); it shows in the list and the month calendar; the client sees
 * it with the appointment message in their inbox and confirms it; the trainer sees it confirmed.
 */

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
  await setPassword(email, `Sunny-${tag}`);

  const homework = await admin.request.post('/api/messages', {
    headers,
    data: {
      recipientIds: [clientId],
      subject: `Recall games ${tag}`,
      content: 'Practise recall.',
      messageType: 'homework',
    },
  });
  expect(homework.status()).toBe(201);

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
  await admin.getByRole('button', { name: /^Relevant Homework/ }).click();
  await admin.getByRole('option', { name: new RegExp(`Recall games ${tag}`) }).click();
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

  // The client's month calendar shows it on its day (February next year).
  await client.goto('/sessions?view=calendar');
  const thisMonth = new Date();
  const months = (year - thisMonth.getFullYear()) * 12 + (1 - thisMonth.getMonth());
  for (let i = 0; i < months; i++) await client.getByRole('button', { name: 'Next month' }).click();
  await expect(client.getByLabel(/, February 10: 1 session/)).toBeVisible();

  // The private feed from settings is a calendar with the session at 19:30 UTC (2:30 PM Eastern in winter).
  await client.goto('/dashboard/settings?tab=general');
  const feedUrl = await client.getByRole('textbox', { name: 'Feed link' }).inputValue();
  expect(feedUrl).not.toContain(clientId);
  const feed = await client.request.get(new URL(feedUrl).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const ics = await feed.text();
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`DTSTART:${year}0210T193000Z`);

  await clientContext.close();
  await adminContext.close();
});
