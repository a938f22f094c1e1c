import { expect, type Page, test } from '@playwright/test';
import { insertSessionRecord } from '../../shared/domain/sessions.js';
import { addDog, bearer, createClient, mailTo, PHONE, setPassword, signedIn, signedInTrainer } from './helpers';

/**
 * Sessions as people use them (issue: training sessions): the trainer schedules a session for a dog from
 * the form (times in the business time zone); it shows in the list and the month calendar; the client sees
 * it with the appointment message in their inbox and confirms it; the trainer sees it confirmed. A
 * session whose end passes shows completed after a reload; the 24-hour reminder reaches the local
 * inbox and the client's messages when its one-off schedule fires.
 */

test('the trainer schedules a session, the client gets the appointment message and confirms it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const { context: adminContext, page: admin, headers } = await signedInTrainer(browser);

  const email = `sessions.${tag}@example.com`;
  const clientId = await createClient(admin, { firstName: 'Sunny', lastName: 'Walker', email, phone: '941-555-0166' });
  const dogId = await addDog(admin, clientId, {
    name: `Rocket${tag}`,
    breed: 'Border Collie',
    birthDate: '2023-06-01',
    sex: 'male',
  });
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
  await admin.getByLabel('Date', { exact: true }).fill(`${year}-02-10`);
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
  const { context: clientContext, page: client } = await signedIn(browser, email, `Sunny-${tag}`, { viewport: PHONE });
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

/** A new client with one dog and a password of their own, created as the trainer would. */
async function clientWithDog(admin: Page, tag: string, first: string) {
  const email = `${first.toLowerCase()}.${tag}@example.com`;
  const clientId = await createClient(admin, { firstName: first, lastName: 'Walker', email, phone: '941-555-0167' });
  const dogName = `Comet${tag}`;
  const dogId = await addDog(admin, clientId, {
    name: dogName,
    breed: 'Whippet',
    birthDate: '2022-06-01',
    sex: 'female',
  });
  const password = `${first}-${tag}`;
  await setPassword(email, password);
  return { clientId, dogId, dogName, email, password, name: `${first} Walker` };
}

test('a session whose end has passed shows completed after a reload, for the trainer and the client', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const { context: adminContext, page: admin } = await signedInTrainer(browser);
  const c = await clientWithDog(admin, tag, 'Wren');

  // The form and the API refuse a start in the past, so the session is written through the domain:
  // it started 30 minutes ago less 25 seconds and lasts 30 minutes, so it ends 25 seconds from now.
  const endsAt = Date.now() + 25_000;
  await insertSessionRecord({
    clientId: c.clientId,
    dogId: c.dogId,
    scheduledAt: new Date(endsAt - 30 * 60_000).toISOString(),
    durationMinutes: 30,
    status: 'scheduled',
    clientName: c.name,
    dogName: c.dogName,
  });

  await admin.goto('/dashboard/sessions');
  await admin.getByPlaceholder(/Search by client or dog/).fill(c.dogName);
  const row = admin.getByRole('row').filter({ hasText: c.dogName });
  await expect(row).toContainText('Scheduled');

  const { context: clientContext, page: client } = await signedIn(browser, c.email, c.password, { viewport: PHONE });
  await client.goto('/sessions');
  // On a phone each session is a card of the stacked list (ADR 0050).
  const clientRow = client
    .getByRole('list', { name: 'My sessions' })
    .getByRole('listitem')
    .filter({ hasText: c.dogName });
  await expect(clientRow).toContainText('Scheduled');

  // Its end passes; a reload completes it (the same domain function as the 5-minute job).
  await client.waitForTimeout(Math.max(0, endsAt - Date.now()) + 1_000);
  await client.reload();
  await expect(clientRow).toContainText('Completed');
  await expect(clientRow).not.toContainText('Scheduled');
  await admin.reload();
  await admin.getByPlaceholder(/Search by client or dog/).fill(c.dogName);
  await expect(row).toContainText('Completed');

  await clientContext.close();
  await adminContext.close();
});

test('the 24-hour reminder arrives in the inbox and as a portal message when its time comes', async ({ browser }) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const { context: adminContext, page: admin, headers } = await signedInTrainer(browser);
  const c = await clientWithDog(admin, tag, 'Juno');

  // A session starting 24 hours and 20 seconds from now: its reminder is due in 20 seconds, and the
  // local one-off queue (EventBridge Scheduler's stand-in) fires it then.
  const scheduled = await admin.request.post('/api/sessions', {
    headers,
    data: {
      clientId: c.clientId,
      dogId: c.dogId,
      scheduledAt: new Date(Date.now() + 24 * 60 * 60_000 + 20_000).toISOString(),
      allowOverlap: true,
      durationMinutes: 45,
    },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  const subject = `Reminder: Training Session Tomorrow - ${c.dogName}`;
  expect((await mailTo(admin, c.email)).filter((m) => m.subject.includes(subject))).toHaveLength(0);

  await expect
    .poll(async () => (await mailTo(admin, c.email)).filter((m) => m.subject.includes(subject)).length, {
      timeout: 90_000,
      intervals: [2_000],
    })
    .toBe(1);

  // The client's inbox holds it as a message of type reminder.
  const { context: clientContext, page: client } = await signedIn(browser, c.email, c.password);
  const inbox = await client.request.get('/api/me/messages', { headers: await bearer(client) });
  const reminders = ((await inbox.json()).items as { subject: string; messageType: string }[]).filter(
    (m) => m.subject === subject,
  );
  expect(reminders.map((m) => m.messageType)).toEqual(['reminder']);
  await client.goto('/messages');
  await client.getByRole('link', { name: subject }).click();
  await expect(
    client.getByRole('dialog').getByText('This is a reminder of your training session tomorrow.'),
  ).toBeVisible();

  await clientContext.close();
  await adminContext.close();
});

test("the trainer's day: schedule from the client's profile, see it on the dashboard agenda, message the client from it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const { context, page: admin } = await signedInTrainer(browser);
  const { clientId, dogName, name } = await clientWithDog(admin, tag, 'Dayna');

  // Tomorrow in the business time zone (the one the portal reads), at 10:00; or at 13:00 when the
  // reminder test's session (24 hours from its start, 45 minutes) may sit at 10:00: the trainer's
  // calendar is shared, and an overlap would ask to confirm.
  const zone = ((await (await admin.request.get('/api/public/business')).json()) as { timeZone: string }).timeZone;
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(Date.now() + 24 * 3600_000);
  const [hour, minute] = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(Date.now())
    .split(':')
    .map(Number);
  const nowMinutes = hour * 60 + minute;
  const [time, shown] = nowMinutes > 8 * 60 && nowMinutes < 11 * 60 + 30 ? ['13:00', '1:00 PM'] : ['10:00', '10:00 AM'];

  // The profile's quick action: client and their only dog are preselected; date and time remain.
  await admin.goto(`/dashboard/clients/${clientId}`);
  await admin.getByRole('link', { name: 'Schedule session' }).click();
  await expect(admin).toHaveURL(new RegExp(`/dashboard/sessions/create\\?client=${clientId}$`));
  await expect(admin.getByRole('button', { name: /^Dog/ })).toContainText(dogName);
  await admin.getByLabel('Date', { exact: true }).fill(tomorrow);
  await admin.getByRole('textbox', { name: 'Time' }).fill(time);
  await admin.getByRole('button', { name: 'Schedule Session' }).click();
  await expect(admin.getByText('Session scheduled successfully!')).toBeVisible();

  // The dashboard opens on the agenda: tomorrow's row with the owner's phone and its state.
  await admin.goto('/dashboard');
  const day = admin.getByRole('region', { name: /^Tomorrow, / });
  const row = day.getByRole('row').filter({ hasText: dogName });
  await expect(row).toContainText(shown);
  await expect(row).toContainText('941-555-0167');
  await expect(row).toContainText('Scheduled');
  await row.getByRole('link', { name: `Message ${name}` }).click();
  await expect(admin).toHaveURL(/\/dashboard\/messages\/compose\?recipient=/);
  await expect(admin.getByText(name).first()).toBeVisible();
  await context.close();
});
