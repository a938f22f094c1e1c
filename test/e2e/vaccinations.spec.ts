import { type Browser, expect, type Page, test } from '@playwright/test';
import { bearer, onboardedClientWithDog, signedInTrainer } from './helpers';

/**
 * Vaccination records as people use them: a client adds a rabies record expiring in 20 days with a PDF
 * certificate from their dog's page; the trainer's Vaccinations list shows the dog; the trainer verifies
 * the record; its 7-day reminder is in the local scheduler's queue (the 30-day one's time has passed);
 * another client can read neither the record nor the certificate.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** YYYY-MM-DD in the business's time zone, `days` from today. */
function businessDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A client of the trainer with one dog and a password, onboarded and signed in. */
async function onboardedClient(browser: Browser, admin: Page, tag: string, firstName: string) {
  return onboardedClientWithDog(
    browser,
    admin,
    {
      firstName,
      lastName: 'Vacc',
      email: `vacc.${firstName.toLowerCase()}.${tag}@example.com`,
      phone: '941-555-0177',
      password: `${firstName}-${tag}`,
    },
    { name: `${firstName}Dog${tag}`, breed: 'Boxer', birthDate: '2021-03-01', sex: 'male' },
  );
}

test('a client adds a rabies record with a certificate; the trainer sees it due, verifies it; the 7-day reminder is scheduled; no one else can read it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const { context: adminContext, page: admin } = await signedInTrainer(browser);

  // The client opens their dog's page from the dashboard and adds the record with a PDF certificate.
  const owner = await onboardedClient(browser, admin, tag, 'Vera');
  const client = owner.page;
  await client.goto('/dashboard');
  await client.getByRole('link', { name: `Vaccinations of ${owner.dogName}` }).click();
  await expect(client.getByRole('heading', { name: `${owner.dogName}'s vaccinations` })).toBeVisible();
  await expect(client.getByText('Required vaccinations missing')).toBeVisible();
  await client.getByRole('button', { name: 'Add record' }).click();
  const dialog = client.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Vaccine' }).click();
  await client.getByRole('option', { name: 'Rabies' }).click();
  await dialog.getByLabel('Date given').fill(businessDay(-345));
  await dialog.getByLabel('Expiry date').fill(businessDay(20));
  await dialog.getByLabel('Veterinary clinic').fill('Lakewood Ranch Animal Hospital');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'rabies-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await client.screenshot({ path: 'test-results/vaccination-form.png' });
  await dialog.getByRole('button', { name: 'Add record' }).click();
  await expect(client.getByText('Vaccination record added')).toBeVisible();
  const row = client.getByRole('row').filter({ hasText: 'Rabies' });
  await expect(row).toContainText('Expires soon');
  await expect(row).toContainText('Not verified');
  await expect(row.getByRole('button', { name: 'View certificate' })).toBeVisible();
  await client.screenshot({ path: 'test-results/vaccinations-client.png', fullPage: true });

  const clientHeaders = await bearer(client);
  const listed = await client.request.get(`/api/dogs/${owner.dogId}/vaccinations`, { headers: clientHeaders });
  const recordId = (await listed.json()).items[0].id as string;

  // The trainer's list shows the dog; the trainer verifies the record.
  await admin.goto('/dashboard/vaccinations');
  const due = admin.getByRole('row').filter({ hasText: owner.dogName });
  await expect(due).toContainText('Rabies: expires');
  await admin.screenshot({ path: 'test-results/vaccinations-due.png', fullPage: true });
  await due.getByRole('link', { name: owner.dogName }).click();
  await expect(admin.getByRole('heading', { name: `${owner.dogName}'s vaccinations` })).toBeVisible();
  await admin.getByRole('button', { name: 'Verify Rabies record' }).click();
  await expect(admin.getByText('Vaccination record verified')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'Rabies' })).toContainText('Verified by');

  // The 7-day reminder is in the local scheduler's queue; the 30-day one's time has already passed.
  const queue = (await (await admin.request.get('/__local/schedules')).json()).items as { name: string; at: string }[];
  const names = queue.map((s) => s.name);
  expect(names).toContain(`vaccination-reminder-${recordId}-7`);
  expect(names).not.toContain(`vaccination-reminder-${recordId}-30`);
  const at = queue.find((s) => s.name === `vaccination-reminder-${recordId}-7`)?.at ?? '';
  expect(at.slice(0, 10)).toBe(businessDay(13));

  // Another client sees nothing of the record or its certificate.
  const other = await onboardedClient(browser, admin, tag, 'Otto');
  const otherHeaders = await bearer(other.page);
  expect(
    (await other.page.request.get(`/api/dogs/${owner.dogId}/vaccinations`, { headers: otherHeaders })).status(),
  ).toBe(404);
  expect(
    (await other.page.request.get(`/api/vaccinations/${recordId}/certificate`, { headers: otherHeaders })).status(),
  ).toBe(404);
  // The owner's certificate link serves the PDF.
  const link = await client.request.get(`/api/vaccinations/${recordId}/certificate`, { headers: clientHeaders });
  const file = await client.request.get((await link.json()).url);
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await other.context.close();
  await owner.context.close();
  await adminContext.close();
});
