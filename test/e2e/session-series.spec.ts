import { TZDate } from '@date-fns/tz';
import { expect, test } from '@playwright/test';
import { addDog, createClient, sesUrl, signedInTrainer } from './helpers';

/**
 * Recurring sessions (issue 38; docs/decisions/0060-session-series.md): from a client's profile the
 * trainer schedules an 8-week series in five interactions (Schedule session, date, time, Every week,
 * Schedule Session); the week that overlaps another session is named and "Schedule anyway" schedules it;
 * the client gets one e-mail listing the eight dates with one invite holding eight events. Then the fifth
 * week and the following ones move to another time in one edit, with one e-mail listing them, and the
 * second week's session is dragged to the next day in the week view, with an updated invite.
 */

interface Mail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string };
  attachments?: { filename: string; content: string }[];
}

test('the trainer schedules an 8-week series from the client profile; a clash is named; one e-mail lists the dates', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const { context, page: admin, headers } = await signedInTrainer(browser);
  const email = `series.${tag}@example.com`;
  const clientId = await createClient(admin, { firstName: 'Sage', lastName: 'Rivers', email, phone: '941-555-0168' });
  const dogName = `Juniper${tag}`;
  await addDog(admin, clientId, { name: dogName, breed: 'Vizsla', birthDate: '2022-03-01', sex: 'female' });
  const otherId = await createClient(admin, {
    firstName: 'Otto',
    lastName: 'Stone',
    email: `otto.${tag}@example.com`,
    phone: '941-555-0169',
  });
  const otherDog = await addDog(admin, otherId, {
    name: `Pebble${tag}`,
    breed: 'Pug',
    birthDate: '2021-01-01',
    sex: 'male',
  });

  // A date about 14 months ahead (no other journey schedules there), at 06:45 in the business's zone;
  // another session already sits in the series' third week at that time.
  const zone = ((await (await admin.request.get('/api/public/business')).json()) as { timeZone: string }).timeZone;
  const start = new Date(Date.now() + 420 * 86_400_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(start);
  const [y, m, d] = date.split('-').map(Number);
  const third = new TZDate(y, m - 1, d + 14, 6, 45, zone);
  const clash = await admin.request.post('/api/sessions', {
    headers,
    data: {
      clientId: otherId,
      dogId: otherDog,
      scheduledAt: new Date(third.getTime()).toISOString(),
      allowOverlap: true,
    },
  });
  expect(clash.status()).toBe(201);

  await admin.goto(`/dashboard/clients/${clientId}`);
  await admin.getByRole('link', { name: 'Schedule session' }).click(); // 1
  await expect(admin.getByRole('button', { name: /^Dog/ })).toContainText(dogName);
  await admin.getByLabel('Date', { exact: true }).fill(date); // 2
  await admin.getByRole('textbox', { name: 'Time' }).fill('06:45'); // 3
  await admin.getByRole('button', { name: 'Every week' }).click(); // 4
  await expect(admin.getByRole('spinbutton', { name: 'Sessions' })).toHaveValue('8');
  await admin.screenshot({ path: test.info().outputPath('series-form.png'), fullPage: true });
  await admin.getByRole('button', { name: 'Schedule Session' }).click(); // 5

  // The third week clashes: the refusal names it (with the other dog), and nothing is written until asked.
  const refusal = admin.getByText(new RegExp(`This time overlaps another session: .* at 6:45 AM .* with Pebble${tag}`));
  await expect(refusal).toBeVisible();
  await admin.getByRole('button', { name: 'Schedule anyway' }).click();
  await expect(admin.getByText('8 sessions scheduled successfully!')).toBeVisible();

  // Eight sessions in the trainer's list, each at 6:45 AM.
  await expect(admin).toHaveURL(/\/dashboard\/sessions$/, { timeout: 10_000 });
  await admin.getByPlaceholder(/Search by client or dog/).fill(dogName);
  const rows = admin.getByRole('row').filter({ hasText: dogName });
  await expect(rows).toHaveCount(8);
  for (const row of await rows.all()) await expect(row).toContainText('6:45 AM');

  // One appointment e-mail for the series (the invitation to the portal came before), listing the eight dates, with an invite of eight events.
  const mails = async () =>
    ((await (await admin.request.get(`${sesUrl()}/store`)).json()) as { emails: Mail[] }).emails.filter(
      (e) => e.destination.to.includes(email) && e.subject.includes('Training Session'),
    );
  await expect.poll(async () => (await mails()).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await mails();
  expect(mail.subject).toContain(`Training Sessions Scheduled - ${dogName}`);
  expect(mail.body.text).toContain('Your sessions:');
  expect(mail.body.text?.match(/^- .* at 6:45 AM /gm)).toHaveLength(8);
  const invite = Buffer.from(mail.attachments?.find((a) => a.filename === 'invite.ics')?.content ?? '', 'base64');
  expect(invite.toString('utf8').match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(8);

  // From the fifth week on the sessions move to 7:30 (ADR 0067): one edit, one e-mail listing the four.
  const listed = (await (
    await admin.request.get(`/api/sessions?search=${dogName}&from=${start.toISOString().slice(0, 10)}T00:00:00Z`, {
      headers,
    })
  ).json()) as { items: { id: string; scheduledAt: string }[] };
  const fifth = listed.items.sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt))[4];
  await admin.goto(`/dashboard/sessions/${fifth.id}/edit`);
  await expect(admin.getByRole('textbox', { name: 'Time' })).toHaveValue('06:45');
  await admin.getByRole('textbox', { name: 'Time' }).fill('07:30');
  await admin.getByRole('checkbox', { name: 'Also change the later sessions of this series' }).check();
  await admin.screenshot({ path: test.info().outputPath('series-edit.png'), fullPage: true });
  await admin.getByRole('button', { name: 'Update Session' }).click();
  await expect(admin.getByText('4 sessions updated successfully!')).toBeVisible();
  await expect(admin).toHaveURL(/\/dashboard\/sessions$/, { timeout: 10_000 });
  await admin.getByPlaceholder(/Search by client or dog/).fill(dogName);
  await expect(rows.filter({ hasText: '7:30 AM' })).toHaveCount(4);
  await expect(rows.filter({ hasText: '6:45 AM' })).toHaveCount(4);
  await expect
    .poll(async () => (await mails()).filter((x) => x.subject.includes('Training Sessions Updated')).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const updated = (await mails()).find((x) => x.subject.includes('Training Sessions Updated'));
  expect(updated?.body.text?.match(/^- .* at 7:30 AM /gm)).toHaveLength(4);

  // In the week view the second week's session is dragged to the next day; after confirming, it moves
  // there at the same time and the client gets an updated invite for that one event (ADR 0069).
  const second = listed.items[1];
  const dayOf = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(iso));
  const from = dayOf(second.scheduledAt);
  const [fy, fm, fd] = from.split('-').map(Number);
  const next = dayOf(new TZDate(fy, fm - 1, fd + 1, 12, 0, zone).toISOString());
  await admin.goto(`/dashboard/sessions?view=calendar&scope=week&day=${next}`);
  const card = admin.locator(`section[data-day="${from}"] li`, { hasText: dogName });
  await expect(card).toContainText('6:45 AM');
  await card.dragTo(admin.locator(`section[data-day="${next}"]`));
  const dialog = admin.getByRole('dialog', { name: 'Move session?' });
  await expect(dialog.getByLabel('New date')).toHaveValue(next);
  await admin.screenshot({ path: test.info().outputPath('week-move.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Move session' }).click();
  await expect(admin.getByText('Session moved')).toBeVisible();
  await expect(admin.locator(`section[data-day="${next}"] li`, { hasText: dogName })).toContainText('6:45 AM');
  await expect(admin.locator(`section[data-day="${from}"] li`, { hasText: dogName })).toHaveCount(0);
  const movedMail = async () =>
    (await mails()).find((x) => x.subject.includes(`Training Session Updated - ${dogName}`));
  await expect.poll(async () => !!(await movedMail()), { timeout: 15_000 }).toBe(true);
  const ics = Buffer.from(
    (await movedMail())?.attachments?.find((a) => a.filename === 'invite.ics')?.content ?? '',
    'base64',
  ).toString('utf8');
  expect(ics).toContain(`UID:session-${second.id}@`);
  expect(ics).toMatch(/^SEQUENCE:1\r$/m);
  await context.close();
});
