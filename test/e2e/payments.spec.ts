import { expect, test } from '@playwright/test';
import { idToken, axeProblems as problems, setPassword, signIn } from './helpers';

/**
 * Payments as people use them: the trainer creates a discount code with a limit; a client opens a payment
 * link for a package with the code, pays on the local Checkout stand-in, returns and sees the payment
 * paid; the trainer's list shows the code used once. Two more checkouts with the code's last use are cancelled
 * on the checkout page: each gives the held use back. Each screen passes axe (the payment screens at 375 px).
 */
test('a client pays with a discount code on the local checkout, and the trainer sees the use', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).toUpperCase();
  const code = `PKG${tag}`;

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await signIn(admin, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(admin).toHaveURL(/\/dashboard/);

  await admin.goto('/dashboard/discounts');
  await expect(admin.getByRole('heading', { name: 'Discount Code Management' })).toBeVisible();
  await admin.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await admin.getByLabel('Discount value').fill('15');
  await admin.getByLabel('Usage limit').fill('2');
  await admin.getByRole('button', { name: 'Create Code' }).click();
  await expect(admin.getByText('Discount code created successfully!')).toBeVisible();
  const row = admin.getByRole('row', { name: new RegExp(code) });
  await expect(row.getByText('0 / 2')).toBeVisible();
  const found = await problems(admin, 'discounts');

  const email = `payer.${tag.toLowerCase()}@example.com`;
  const created = await admin.request.post('/api/clients', {
    headers: { authorization: `Bearer ${await idToken(admin)}` },
    data: { firstName: 'Penny', lastName: 'Payer', email, phone: '941-555-0177' },
  });
  expect(created.status()).toBe(201);
  await setPassword(email, `Penny-${tag}`);

  const clientContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const client = await clientContext.newPage();
  await client.goto('/login');
  await signIn(client, email, `Penny-${tag}`);
  await expect(client).toHaveURL(/\/(onboarding|dashboard)/);
  await client.goto(`/payment?service=package_4&discount=${code}`);
  await expect(client.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
  await expect(client.getByText(`Discount (${code})`)).toBeVisible();
  found.push(...(await problems(client, 'payment')));
  await client.getByRole('button', { name: 'Pay $297.50' }).click();

  // The hosted checkout (locally the stand-in), then back to the stored payment.
  await expect(client.getByRole('heading', { name: 'Local checkout' })).toBeVisible();
  await client.getByRole('button', { name: 'Pay $297.50' }).click();
  await expect(client).toHaveURL(/\/payment\/success\?payment=/);
  await expect(client.getByText('Thank you! Your payment was received.')).toBeVisible();
  await expect(client.getByText('Paid', { exact: true })).toBeVisible();
  found.push(...(await problems(client, 'payment success')));
  expect(found, found.join('\n')).toEqual([]);

  // A second checkout holds the code's last use; Cancel on the checkout gives it back and returns to the
  // payment screen with the selection kept, so the code still pays (a use still held would refuse it).
  for (const attempt of ['cancel', 'again']) {
    await client.goto(`/payment?service=package_4&discount=${code}`);
    await expect(client.getByText(`Discount (${code})`)).toBeVisible();
    await client.getByRole('button', { name: 'Pay $297.50' }).click();
    await expect(client.getByRole('heading', { name: 'Local checkout' })).toBeVisible();
    await client.getByRole('button', { name: 'Cancel' }).click();
    await expect(client).toHaveURL(/\/payment\?service=package_4&discount=/);
    await expect(client.getByText(`Discount (${code})`), attempt).toBeVisible();
    await expect(client.getByRole('button', { name: 'Pay $297.50' })).toBeEnabled();
  }

  await admin.reload();
  await expect(admin.getByRole('row', { name: new RegExp(code) }).getByText('1 / 2')).toBeVisible();
  await adminContext.close();
  await clientContext.close();
});
