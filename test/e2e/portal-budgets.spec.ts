/**
 * The portal's size budgets (issue 12 item 10, ADR 0015) on the production build the e2e runtime serves:
 * each route in a fresh browser context (nothing cached) at 1280 px until the network is idle, the gzip
 * JS + CSS it loaded; `/login` signed out at most 150 KB, every screen signed in as the trainer at most
 * 300 KB, a list screen 320 KB. `npm run bench` reports the same figures (bench/portal-routes.ts holds the list and budgets).
 */
import { expect, test } from '@playwright/test';
import { LOGIN_BUDGET_GZIP, loadedJsCss, PORTAL_SCREENS, screenBudgetGzip } from '../../bench/portal-routes.js';
import { signIn } from './helpers';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

test('every portal route loads within its budget', async ({ browser }) => {
  test.setTimeout(180_000);
  const login = await loadedJsCss(browser, '/login');
  expect(
    login.gzipBytes,
    `/login: ${login.files.map((f) => `${f.file} ${f.gzipBytes}`).join(', ')}`,
  ).toBeLessThanOrEqual(LOGIN_BUDGET_GZIP);
  // A control: the sign-in screen really was measured (React alone is over 60 KB).
  expect(login.gzipBytes).toBeGreaterThan(60 * 1024);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(page).toHaveURL(/\/dashboard/);
  const signedIn = await context.storageState();
  await context.close();

  const over: string[] = [];
  for (const path of PORTAL_SCREENS) {
    const screen = await loadedJsCss(browser, path, signedIn);
    // Signed in, the screen itself rendered (no redirect to /login), with Cloudscape's code.
    expect(screen.path, path).not.toBe('/login');
    expect(
      screen.files.some((f) => /cloudscape/.test(f.file)),
      path,
    ).toBe(true);
    if (screen.gzipBytes > screenBudgetGzip(path))
      over.push(
        `${path} ${kb(screen.gzipBytes)} (budget ${kb(screenBudgetGzip(path))}): ${screen.files
          .slice(0, 8)
          .map((f) => `${f.file} ${f.gzipBytes}`)
          .join(', ')}`,
      );
  }
  expect(over, 'over budget').toEqual([]);
});
