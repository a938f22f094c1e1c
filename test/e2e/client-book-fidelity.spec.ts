import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { idToken, setPassword, signIn } from './helpers';

/**
 * The client list with each client's dogs, a new signup invitation from a client's profile (sent, and
 * refused for a client who chose a password already), the sent messages' search finding a word deep in
 * a long homework message, and a deleted client's open session. Screenshots go to test-results/.
 */

const shot = (name: string) => ({ path: `test-results/client-book-fidelity-${name}.png`, fullPage: true });

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await page.goto('/dashboard/clients');
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(page).toHaveURL(/\/dashboard\/clients/);
  return page;
}

/** The trainer's API calls, with the signed-in trainer's token. */
function asTrainer(page: Page) {
  return async (method: 'POST' | 'DELETE', path: string, data?: unknown) => {
    const res = await page.request.fetch(path, {
      method,
      headers: { authorization: `Bearer ${await idToken(page)}` },
      ...(data ? { data } : {}),
    });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.status() === 204 ? undefined : ((await res.json()) as Record<string, never>);
  };
}

async function newClient(call: ReturnType<typeof asTrainer>, firstName: string) {
  const email = `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const created = (await call('POST', '/api/clients', {
    firstName,
    lastName: 'Fidelity',
    email,
    sendInvitation: false,
  })) as unknown as { client: { id: string } };
  return { id: created.client.id, email };
}

test('dogs in the client list, a new invitation, and a deep word of a long homework message found', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await adminPage(browser);
  const call = asTrainer(admin);

  // A client with five dogs: the list shows two names and how many more.
  const rosa = await newClient(call, 'Rosa');
  for (const name of ['Rex', 'Bella', 'Max', 'Luna', 'Milo']) {
    await call('POST', `/api/clients/${rosa.id}/dogs`, { name, breed: 'Mixed', birthDate: '2021-05-06' });
  }
  await admin.reload();
  await admin.getByRole('searchbox', { name: 'Search clients' }).fill(rosa.email);
  const row = admin.getByRole('row').filter({ hasText: rosa.email });
  await expect(row.getByText('Rex, Bella +3')).toBeVisible();
  await expect(admin.getByRole('columnheader', { name: 'Dogs' })).toBeVisible();
  await admin.screenshot(shot('client-list-dogs'));

  // Rosa has not chosen a password: a new invitation, its link copied.
  await row.getByRole('link', { name: 'Rosa Fidelity', exact: true }).click();
  await admin.getByRole('button', { name: 'Send signup invitation' }).click();
  await expect(admin.getByText('Invitation link copied to clipboard - send this to Rosa Fidelity.')).toBeVisible();
  const link = new URL(await admin.evaluate(() => navigator.clipboard.readText()));
  expect(link.pathname).toBe('/signup');
  expect(link.searchParams.get('email')).toBe(rosa.email);
  await admin.screenshot(shot('invitation-sent'));

  // Sam chose a password already: the invitation is refused, and the trainer is told.
  const sam = await newClient(call, 'Sam');
  await setPassword(sam.email, `Fidelity-${randomUUID().slice(0, 8)}!`);
  await admin.goto(`/dashboard/clients/${sam.id}`);
  await admin.getByRole('button', { name: 'Send signup invitation' }).click();
  await expect(admin.getByText(/^Failed to create signup invitation\. Please try again\./)).toBeVisible();
  await admin.screenshot(shot('invitation-failed'));

  // A homework message whose searched word comes after 300 others.
  const deep = `zeal${randomUUID().slice(0, 6)}`;
  const filler = Array.from({ length: 300 }, (_, i) => `drill${i.toString(36)}`).join(' ');
  await call('POST', '/api/messages', {
    recipientIds: [rosa.id],
    subject: 'Week 4 homework',
    content: `${filler}\n\nLast: practise the ${deep} recall twice a day.`,
    messageType: 'homework',
  });
  await admin.goto('/dashboard/messages');
  await admin.getByRole('searchbox', { name: 'Search messages' }).fill(deep);
  await expect(admin.getByRole('row').filter({ hasText: 'Week 4 homework' })).toBeVisible();
  await expect(admin.locator('[id^=text-filter-search-results]')).toHaveText('1 matches');
  await admin.screenshot(shot('message-search-deep-word'));
});

test("a deleted client's open session says no profile can be found for it", async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await adminPage(browser);
  const call = asTrainer(admin);
  const tia = await newClient(call, 'Tia');
  const password = `Fidelity-${randomUUID().slice(0, 8)}!`;
  await setPassword(tia.email, password);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const client = await context.newPage();
  await client.goto('/login');
  await signIn(client, tia.email, password);
  await expect(client).toHaveURL(/\/onboarding/);

  await call('DELETE', `/api/clients/${tia.id}`);
  await client.goto('/dashboard');
  await expect(client.getByText('No user or converted contact submission found with email')).toBeVisible();
  await expect(client.getByText('Your profile could not be loaded')).toBeVisible();
  await client.screenshot(shot('deleted-client-session'));
});
