import { randomUUID } from 'node:crypto';
import { type Browser, expect, test } from '@playwright/test';
import { fillContactForm, mailTo, sesUrl, setPassword, signIn } from './helpers';

/**
 * The trainer's client book, as a person uses it (issue: client book): a visitor's request arrives
 * live, is marked contacted and converted (invitation link copied and e-mailed), the new client's
 * record shows the dog from the request, the trainer adds a second dog with a photo, writes an
 * important note, edits the client, deactivates them (they can no longer sign in or call the API)
 * and finally deletes them with all their data.
 */

// A 1x1 PNG, named .jpg: the server checks what the file is, not what it is called.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function adminPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await page.goto('/dashboard/contact-submissions');
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(page).toHaveURL(/\/dashboard\/contact-submissions/);
  return page;
}

test('the trainer turns a request into a client, looks after them, deactivates and deletes them', async ({
  browser,
  page: visitor,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 6);
  const email = `jane.${tag}@example.com`;
  const dog = `Juniper${tag}`;
  const admin = await adminPage(browser);

  // 1. A visitor asks for a free evaluation; it appears under New without a reload.
  await fillContactForm(visitor, dog, email);
  await visitor.getByRole('button', { name: 'Schedule My Free Evaluation' }).click();
  await expect(visitor.getByText(/Thank you for your message!/)).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();

  // 2. Marked contacted: it leaves the New view and shows under Contacted.
  await row.getByRole('button', { name: /Status of Jane Doe/ }).click();
  await admin.getByRole('option', { name: 'Contacted' }).click();
  await expect(admin.getByText('Status updated successfully').first()).toBeVisible();
  await admin.getByRole('button', { name: /^Contacted \(/ }).click();
  await expect(row).toBeVisible();

  // 3. Converted after confirmation: temporary password shown, invitation link copied and e-mailed.
  await row.getByRole('button', { name: /Status of Jane Doe/ }).click();
  await admin.getByRole('option', { name: 'Converted' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Convert to client' }).click();
  await expect(admin.getByText('Client account created').first()).toBeVisible();
  await admin.getByRole('button', { name: 'Copy invitation link' }).click();
  const link = await admin.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/signup\?token=[^&]+&email=/);
  expect(link).toContain(encodeURIComponent(email));
  await expect.poll(async () => (await mailTo(admin, email)).length).toBeGreaterThan(0);
  const invitation = (await mailTo(admin, email))[0];
  expect(invitation.body.text).toContain(link);
  const inbox = await browser.newPage();
  await inbox.goto(sesUrl());
  await expect(inbox.getByText(invitation.subject).first()).toBeVisible();
  await inbox.close();

  // 4. The new client record shows the dog from the request.
  await admin.goto(`/dashboard/clients?search=${encodeURIComponent(email)}`);
  // Other journeys' clients may share the name: open the row with this e-mail.
  await admin
    .getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })
    .getByRole('link', { name: 'Jane Doe', exact: true })
    .click();
  await expect(admin).toHaveURL(/\/dashboard\/clients\/[0-9a-f-]{36}$/);
  const clientUrl = admin.url();
  await expect(admin.getByText(email).first()).toBeVisible();
  await admin.getByRole('tab', { name: 'Dogs' }).click();
  await expect(admin.getByText(dog).first()).toBeVisible();

  // 5. A second dog, with a photo.
  await admin.goto(`${clientUrl}/dogs/add`);
  await admin.getByLabel('Name').fill('Pepper');
  await admin.getByLabel('Breed').fill('Beagle');
  await admin.getByRole('textbox', { name: 'Birth date' }).fill('2024/05/06');
  await admin.locator('input[type=file]').setInputFiles({ name: 'pepper.jpg', mimeType: 'image/jpeg', buffer: PNG });
  await admin.getByRole('button', { name: 'Add Dog' }).click();
  await expect(admin.getByText('Pepper has been added successfully!').first()).toBeVisible();
  await expect(admin).toHaveURL(clientUrl, { timeout: 10_000 });
  await admin.getByRole('tab', { name: 'Dogs' }).click();
  await expect(admin.getByText(dog).first()).toBeVisible();
  const photo = admin.getByRole('img', { name: /Pepper/ });
  await expect(photo).toBeVisible();
  // Shown (laid out) comes before loaded: a busy browser may still be fetching the file.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // 6. An important note.
  await admin.getByRole('tab', { name: 'Notes' }).click();
  await admin.getByRole('button', { name: 'Add note' }).first().click();
  const noteDialog = admin.getByRole('dialog');
  await noteDialog.getByLabel('Title').fill('Reactive to bikes');
  await noteDialog.getByLabel('Content').fill('Keep sessions away from the bike path for now.');
  await noteDialog.getByRole('checkbox').check();
  await noteDialog.getByRole('button', { name: 'Add note' }).click();
  await expect(admin.getByText('Reactive to bikes')).toBeVisible();
  await expect(admin.getByText('Important').first()).toBeVisible();

  // 7. Edited.
  await admin.goto(`${clientUrl}/edit`);
  await expect(admin.getByLabel('Email', { exact: true })).toBeDisabled();
  await admin.getByLabel('Phone', { exact: true }).fill('941-555-0199');
  await admin.getByRole('button', { name: /Save/ }).click();
  await expect(admin.getByText('Profile updated successfully!').first()).toBeVisible();
  await expect(admin).toHaveURL(clientUrl, { timeout: 10_000 });
  await expect(admin.getByText('941-555-0199').first()).toBeVisible();

  // The client has signed in (their first sign-in set a password) and is using the portal.
  const password = `Client-${tag}-Pass1`;
  await setPassword(email, password);
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto('/login');
  await signIn(client, email, password);
  await expect(client).toHaveURL(/\/onboarding$/);

  // 8. Deactivated: the client is signed out by the API and cannot sign in again.
  await admin.getByRole('button', { name: 'Deactivate' }).click();
  await admin
    .getByRole('dialog')
    .getByRole('button', { name: /Deactivate/ })
    .click();
  await expect(
    admin.getByText('Client has been deactivated and removed from Client Management.').first(),
  ).toBeVisible();
  await client.goto('/dashboard');
  await expect(client).toHaveURL(/\/login/);
  await signIn(client, email, password);
  await expect(client.getByText('This account has been deactivated').first()).toBeVisible();

  // 9. Deleted with all their data: the sign-in itself now fails.
  await admin.goto(clientUrl);
  await admin.getByRole('button', { name: 'Delete permanently' }).click();
  const confirm = admin.getByRole('dialog');
  await confirm.getByLabel(`Type ${email} to confirm`).fill(email);
  await confirm.getByRole('button', { name: /Delete/ }).click();
  await expect(admin.getByText('Client and all associated data have been permanently deleted.').first()).toBeVisible();
  await expect(admin).toHaveURL(/\/dashboard\/clients$/);
  await client.goto('/login');
  await signIn(client, email, password);
  await expect(client).toHaveURL(/\/login/);
  // Cognito no longer knows the user: its own refusal (cognito-local words it "User not authorized").
  await expect(
    client.getByText(/User not authorized|User does not exist|Incorrect username or password/).first(),
  ).toBeVisible();
  await expect(client.getByText('This account has been deactivated')).toHaveCount(0);
  await clientContext.close();
  await admin.context().close();
});
