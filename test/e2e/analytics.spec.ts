import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { axeProblems, fillContactForm, idToken, setPassword, signIn } from './helpers';

/** Every request a context makes must stay on the product's origin (no third-party tag, font or beacon). */
function watchOrigin(context: BrowserContext, foreign: string[]) {
  context.on('request', (r) => {
    const { hostname, protocol } = new URL(r.url());
    if (!['data:', 'blob:'].includes(protocol) && hostname !== '127.0.0.1') foreign.push(r.url());
  });
}

/** A visitor of their own: a browser with a user agent nobody else has (the visitor hash uses it). */
async function visitor(browser: Browser, name: string, foreign: string[]) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) Chrome/141 analytics-journey-${name}`,
  });
  watchOrigin(context, foreign);
  return { context, page: await context.newPage() };
}

const numberIn = (text: string) =>
  Number(
    text
      .split('\n')
      .find((l) => /^[\d,]+$/.test(l.trim()))
      ?.replace(/,/g, ''),
  );

/** The screen's figures after a reload (the range is the last 7 days). */
async function figures(admin: Page) {
  await admin.reload();
  await admin.getByRole('button', { name: 'Last 7 days' }).click();
  const views = admin.locator('[data-figure="views"]');
  await expect(views).toBeVisible();
  const read = async (selector: string) => numberIn(await admin.locator(selector).innerText());
  return {
    views: await read('[data-figure="views"]'),
    visitors: await read('[data-figure="visitors"]'),
    inquiries: await read('[data-step="inquiries"]'),
    clients: await read('[data-step="clients"]'),
    paid: await read('[data-step="paid"]'),
  };
}

test('the analytics dashboard counts what visitors and clients do, live for visitors on the site', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const foreign: string[] = [];

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  watchOrigin(adminContext, foreign);
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await signIn(admin, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(admin).toHaveURL(/\/dashboard/);
  await admin.getByRole('link', { name: 'Analytics', exact: true }).first().click();
  await expect(admin.getByRole('heading', { name: 'Analytics Dashboard', level: 1 })).toBeVisible();
  const start = await figures(admin);
  // SPEC 9: the chart shows the last 7 days (of the business's calendar), whatever the range.
  await admin.getByRole('button', { name: 'Last 30 days' }).click();
  const dayTicks = async () =>
    (
      await admin
        .locator('svg[aria-label="Page views per day"] text')
        .evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''))
    ).filter((t) => /^[A-Z][a-z]{2} \d{1,2}$/.test(t));
  await expect.poll(async () => (await dayTicks()).length).toBe(7);

  // A visitor opens /programs twice: two page views, one visitor.
  const one = await visitor(browser, `one-${tag}`, foreign);
  await one.page.goto('/programs');
  await one.page.goto('/programs');
  await expect
    .poll(async () => {
      const now = await figures(admin);
      return [now.views - start.views, now.visitors - start.visitors];
    })
    .toEqual([2, 1]);

  // They ask for a free evaluation: one more inquiry.
  const email = `analytics.${tag}@example.com`;
  await fillContactForm(one.page, `Scout${tag}`, email);
  await one.page.getByRole('button', { name: 'Schedule My Free Evaluation' }).click();
  await expect(one.page.getByText(/Thank you for your message!/)).toBeVisible();
  await expect.poll(async () => (await figures(admin)).inquiries - start.inquiries).toBe(1);

  // The trainer converts it: one more client.
  const auth = { authorization: `Bearer ${await idToken(admin)}` };
  const list = await admin.request.get('/api/contact-submissions?status=new&limit=100', { headers: auth });
  const submission = ((await list.json()).items as { id: string; email: string }[]).find((s) => s.email === email);
  expect(submission).toBeDefined();
  const converted = await admin.request.post(`/api/contact-submissions/${submission?.id}/convert`, { headers: auth });
  expect(converted.status()).toBe(201);
  await expect.poll(async () => (await figures(admin)).clients - start.clients).toBe(1);

  // The new client pays for a session: one more paid client.
  await setPassword(email, `Scout-${tag}-pass`);
  const payer = await visitor(browser, `payer-${tag}`, foreign);
  await payer.page.goto('/login');
  await signIn(payer.page, email, `Scout-${tag}-pass`);
  await expect(payer.page).toHaveURL(/\/(onboarding|dashboard)/);
  await payer.page.goto('/payment?service=single_session');
  await payer.page.getByRole('button', { name: 'Pay $100.00' }).click();
  await expect(payer.page.getByRole('heading', { name: 'Local checkout' })).toBeVisible();
  await payer.page.getByRole('button', { name: 'Pay $100.00' }).click();
  await expect(payer.page).toHaveURL(/\/payment\/success\?payment=/);
  await expect.poll(async () => (await figures(admin)).paid - start.paid).toBe(1);

  // A second browser on the home page shows among the active visitors within 10 s, without a reload.
  const active = admin.locator('[data-figure="active"]');
  await expect.poll(async () => Number.isFinite(numberIn(await active.innerText()))).toBe(true);
  const before = numberIn(await active.innerText());
  const two = await visitor(browser, `two-${tag}`, foreign);
  await two.page.goto('/');
  await expect.poll(async () => numberIn(await active.innerText()), { timeout: 10_000 }).toBe(before + 1);

  await admin.screenshot({ path: 'test-results/analytics-dashboard.png', fullPage: true });
  const found = await axeProblems(admin, 'analytics dashboard');
  await admin.setViewportSize({ width: 375, height: 812 });
  found.push(...(await axeProblems(admin, 'analytics dashboard at 375 px')));
  expect(found, found.join('\n')).toEqual([]);
  expect(foreign).toEqual([]);

  for (const c of [adminContext, one.context, payer.context, two.context]) await c.close();
});
