import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { idToken, setPassword, signIn } from './helpers';

/**
 * Messages as people use them (issue: messages): the trainer writes a template, composes from it to a
 * client whose portal is open; the message arrives there live with an unread badge and by e-mail; the
 * client opens it (Markdown rendered, HTML inert), the trainer's list shows the read receipt live, and
 * the trainer exports it as a PDF. A message scheduled for later is listed apart and can be deleted.
 */

const sesUrl = () => process.env.E2E_SES_URL as string;

async function signedInAdmin(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(page).toHaveURL(/\/dashboard/);
  return page;
}

/** A client the trainer created, who has chosen a password. */
async function newClient(admin: Page, tag: string) {
  const email = `msg.client.${tag}@example.com`;
  const password = `Msg-client-${tag}`;
  const created = await admin.request.post('/api/clients', {
    headers: { authorization: `Bearer ${await idToken(admin)}` },
    data: { firstName: 'Mona', lastName: 'Reader', email, phone: '941-555-0177' },
  });
  expect(created.status()).toBe(201);
  await setPassword(email, password);
  return { id: (await created.json()).client.id as string, email, password };
}

test('a template becomes a message that arrives live, is read once, and the trainer sees the receipt', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const admin = await signedInAdmin(browser);
  const client = await newClient(admin, tag);

  // The client's portal is open on the inbox before anything is sent.
  const clientContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  // Desktop notifications allowed: the browser's Notification records what the portal shows.
  await clientContext.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { __notices: string[] }).__notices = shown;
    function RecordingNotification(title: string) {
      shown.push(title);
      return { close() {}, onclick: null, addEventListener() {}, removeEventListener() {} };
    }
    RecordingNotification.permission = 'granted';
    RecordingNotification.requestPermission = async () => 'granted';
    Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true });
  });
  const inbox = await clientContext.newPage();
  await inbox.goto('/login');
  await signIn(inbox, client.email, client.password);
  await expect(inbox).toHaveURL(/\/(onboarding|dashboard)/);
  await inbox.goto('/messages');
  await expect(inbox.getByRole('heading', { level: 1, name: /Messages/ })).toBeVisible();
  await expect(inbox.getByRole('link', { name: 'Complete your profile' })).toBeVisible();

  // The trainer writes a template.
  await admin.goto('/admin/templates');
  await admin.getByRole('button', { name: 'Create Template' }).first().click();
  const form = admin.getByRole('dialog');
  await form.getByRole('button', { name: 'Create Template' }).click();
  await expect(form.getByText('Name, subject, and content are required')).toBeVisible();
  await form.getByLabel('Name').fill(`Week one ${tag}`);
  await form.getByLabel('Subject').fill('Homework for {client_name}');
  await form
    .getByLabel('Content')
    .fill('# Sit\n\nHi {full_name}, practise **sit** 5 times a day.\n\n<img src=x onerror="window.__xss=1">');
  await form.getByRole('button', { name: 'Create Template' }).click();
  await expect(admin.getByText('Template created successfully')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: `Week one ${tag}` })).toBeVisible();

  // Compose from the client's row: recipient preselected, template inserted.
  await admin.goto(`/dashboard/messages/compose?recipient=${client.id}&from=/dashboard/clients`);
  await expect(admin.getByRole('link', { name: 'Back to Client Management' })).toBeVisible();
  await expect(admin.getByText('Mona Reader').first()).toBeVisible();
  await admin.getByLabel('Insert template').click();
  await admin.getByRole('option', { name: new RegExp(`Week one ${tag}`) }).click();
  await expect(admin.getByLabel('Subject')).toHaveValue('Homework for {client_name}');
  await admin.getByRole('button', { name: 'Send Message' }).click();
  await expect(admin.getByText('Sent 1 message(s) successfully!')).toBeVisible();
  await expect(admin).toHaveURL(/\/dashboard\/clients$/, { timeout: 10_000 });

  // It arrives in the open inbox without a reload, unread, with the count in the navigation.
  const row = inbox.getByRole('link', { name: 'Homework for Mona' });
  await expect(row).toBeVisible();
  await expect(inbox.getByRole('heading', { level: 1, name: /1 unread/ })).toBeVisible();
  // (The navigation is in the closed drawer at this width: read its link's text.)
  const navMessages = inbox.locator('#portal-navigation a[href="/messages"]');
  await expect(navMessages).toContainText('1 unread');
  expect(await inbox.evaluate(() => (window as unknown as { __notices: string[] }).__notices)).toContain(
    'Homework for Mona',
  );
  await row.click();
  const detail = inbox.getByRole('dialog');
  await expect(detail.getByRole('heading', { name: 'Sit' })).toBeVisible();
  await expect(detail.getByText('Hi Mona Reader, practise')).toBeVisible();
  await expect(detail.locator('img')).toHaveCount(0);
  expect(await inbox.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await detail.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(inbox.getByRole('heading', { level: 1, name: /unread/ })).toHaveCount(0);
  await expect(navMessages).not.toContainText('unread');

  // The e-mail notice links to the message; the link opens it and leaves a clean URL.
  const mails = (await (await inbox.request.get(`${sesUrl()}/store`)).json()) as {
    emails: { subject: string; destination: { to: string[] }; body: { text?: string } }[];
  };
  const notice = mails.emails.find(
    (m) => m.destination.to.includes(client.email) && /Homework for Mona/.test(m.subject),
  );
  expect(notice?.body.text).toMatch(/\/messages\?messageId=/);
  const link = new URL((notice?.body.text ?? '').match(/http\S+messageId=\S+/)?.[0] ?? '');
  await inbox.goto(`${link.pathname}${link.search}`);
  await expect(inbox.getByRole('dialog').getByRole('heading', { name: 'Sit' })).toBeVisible();
  await expect(inbox).toHaveURL(/\/messages$/);

  // The trainer's list shows the receipt; details export a real PDF.
  await admin.goto('/dashboard/messages');
  const sent = admin.getByRole('row').filter({ hasText: 'Homework for Mona' });
  await expect(sent.getByText(/^Read/)).toBeVisible();
  await admin.getByLabel('Search', { exact: false }).first().fill('Reader');
  await expect(sent).toBeVisible();
  await sent.getByRole('button', { name: 'Homework for Mona' }).click();
  const details = admin.getByRole('dialog', { name: 'Message Details' });
  await expect(details).toBeVisible();
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    details.getByRole('button', { name: 'Export PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^message-.*\.pdf$/);
  const pdf = await readFile((await download.path()) as string);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await details.getByRole('button', { name: 'Close', exact: true }).click();

  // A message for later waits in the scheduled list and can be deleted before its time.
  await admin.goto(`/dashboard/messages/compose?recipient=${client.id}`);
  await admin.getByLabel('Subject').fill(`Later ${tag}`);
  await admin.getByLabel('Message content').fill('See you next year.');
  await admin.getByRole('checkbox', { name: /Schedule for later/ }).check();
  await admin.getByLabel('Send date', { exact: true }).fill(`${new Date().getFullYear() + 1}/01/15`);
  await admin.getByLabel('Send time (Eastern Time)').fill('09:30');
  await admin.getByRole('button', { name: 'Schedule Message' }).click();
  await expect(admin.getByText('Scheduled 1 message(s) successfully!')).toBeVisible();
  await expect(admin).toHaveURL(/\/dashboard\/messages$/, { timeout: 10_000 });
  const scheduled = admin
    .getByRole('table', { name: 'Scheduled messages' })
    .getByRole('row')
    .filter({ hasText: `Later ${tag}` });
  await expect(scheduled).toContainText('9:30 AM');
  await scheduled.getByRole('button', { name: /^Delete/ }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(scheduled).toHaveCount(0);
  // It never reached the client.
  await inbox.reload();
  await expect(inbox.getByRole('link', { name: `Later ${tag}` })).toHaveCount(0);

  // One scheduled a few seconds ahead (the screen's precision is the minute) arrives on time, live.
  const soon = await admin.request.post('/api/messages', {
    headers: { authorization: `Bearer ${await idToken(admin)}` },
    data: {
      recipientIds: [client.id],
      subject: `Soon ${tag}`,
      content: 'Right on time.',
      scheduledFor: new Date(Date.now() + 4000).toISOString(),
    },
  });
  expect(soon.status()).toBe(201);
  expect((await soon.json()).status).toBe('scheduled');
  await expect(inbox.getByRole('link', { name: `Soon ${tag}` })).toHaveCount(0);
  await expect(inbox.getByRole('link', { name: `Soon ${tag}` })).toBeVisible({ timeout: 20_000 });
  await expect(inbox.getByRole('heading', { level: 1, name: /1 unread/ })).toBeVisible();

  await clientContext.close();
  await admin.context().close();
});
