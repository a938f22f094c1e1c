import { expect, test } from '@playwright/test';
import { idToken, axeProblems as problems, setPassword, signIn } from './helpers';

/** The business month (`YYYY-MM`, America/New_York, the local runtime's zone) of now. */
const businessMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .slice(0, 7);

const dollars = (text: string) => Number(/\$([\d,]+\.\d\d)/.exec(text)?.[1].replace(/,/g, '') ?? Number.NaN);

/**
 * The trainer watches payments arrive: a client pays on the local checkout while the trainer has the
 * payments list open; the payment appears there live with a toast, and the month's total grows by its
 * amount. The client's return page, open while the payment is processing, turns paid without a reload.
 */
test('a client pays; the trainer sees it appear live and the month total change', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const month = businessMonth();

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await signIn(admin, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(admin).toHaveURL(/\/dashboard/);

  const email = `ledger.${tag}@example.com`;
  const created = await admin.request.post('/api/clients', {
    headers: { authorization: `Bearer ${await idToken(admin)}` },
    data: { firstName: 'Lena', lastName: `Ledger${tag}`, email, phone: '941-555-0178' },
  });
  expect(created.status()).toBe(201);
  await setPassword(email, `Lena-${tag}-pass`);

  await admin.getByRole('link', { name: 'Payments', exact: true }).first().click();
  await expect(admin).toHaveURL(/\/dashboard\/payments$/);
  await expect(admin.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  const total = admin.locator(`[data-month="${month}"]`);
  await expect(total).toBeVisible();
  const before = dollars(await total.innerText());

  const clientContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const client = await clientContext.newPage();
  await client.goto('/login');
  await signIn(client, email, `Lena-${tag}-pass`);
  await expect(client).toHaveURL(/\/(onboarding|dashboard)/);
  await client.goto('/payment?service=single_session');
  const clientToken = await idToken(client);
  await client.getByRole('button', { name: 'Pay $100.00' }).click();
  await expect(client.getByRole('heading', { name: 'Local checkout' })).toBeVisible();

  // The return page, opened while the payment is still processing.
  const mine = await client.request.get('/api/me/payments?limit=1', {
    headers: { authorization: `Bearer ${clientToken}` },
  });
  const paymentId = (await mine.json()).items[0].id as string;
  const waiting = await clientContext.newPage();
  await waiting.goto(`/payment/success?payment=${paymentId}`);
  await expect(waiting.getByText('Processing')).toBeVisible();
  await expect(admin.getByRole('row', { name: new RegExp(`Ledger${tag}`) })).toHaveCount(0);

  await client.getByRole('button', { name: 'Pay $100.00' }).click();
  await expect(client).toHaveURL(/\/payment\/success\?payment=/);

  // Live, well within the 15 s fallback poll: no reload on either side.
  await expect(waiting.getByText('Thank you! Your payment was received.')).toBeVisible({ timeout: 10_000 });
  await expect(waiting.getByText('Paid', { exact: true })).toBeVisible();
  await expect(
    admin.getByText(`Payment received: $100.00 for Single Training Session from Lena Ledger${tag}`),
  ).toBeVisible({
    timeout: 10_000,
  });
  const row = admin.getByRole('row', { name: new RegExp(`Ledger${tag}`) });
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect.poll(async () => dollars(await total.innerText()), { timeout: 10_000 }).toBeCloseTo(before + 100, 2);
  const found = await problems(admin, 'payments list');
  await admin.setViewportSize({ width: 375, height: 812 });
  found.push(...(await problems(admin, 'payments list at 375 px')));
  expect(found, found.join('\n')).toEqual([]);

  await adminContext.close();
  await clientContext.close();
});
