import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from '@playwright/test';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The portal routes `npm run bench` measures and test/e2e/portal-budgets.spec.ts holds to the budgets
 * (ARCHITECTURE, portal conventions): the gzip JS + CSS a route loads in a fresh browser until the network
 * is idle, `/login` signed out and the others signed in as the trainer.
 */
export const LOGIN_BUDGET_GZIP = 150 * 1024;
export const PORTAL_SCREEN_BUDGET_GZIP = 300 * 1024;
/** A list screen (Cloudscape's `Table` with its filter and pagination) may load up to 320 KB (ADR 0015). */
export const LIST_SCREEN_BUDGET_GZIP = 320 * 1024;
const LIST_SCREENS = new Set([
  '/dashboard/sessions',
  '/sessions',
  '/dashboard/contact-submissions',
  '/dashboard/clients',
  '/dashboard/messages',
  '/admin/templates',
  '/messages',
  '/dashboard/website-config',
]);

/** A route's budget: `/login`, a list screen or any other screen. */
export function screenBudgetGzip(path: string): number {
  if (path === '/login') return LOGIN_BUDGET_GZIP;
  return LIST_SCREENS.has(path) ? LIST_SCREEN_BUDGET_GZIP : PORTAL_SCREEN_BUDGET_GZIP;
}
export const PORTAL_SCREENS = [
  '/dashboard',
  '/dashboard/sessions',
  '/dashboard/sessions/create',
  '/dashboard/classes',
  '/dashboard/classes/create',
  '/sessions',
  '/dashboard/contact-submissions',
  '/dashboard/clients',
  '/dashboard/clients/create',
  '/dashboard/messages',
  '/dashboard/messages/compose',
  '/admin/templates',
  '/messages',
  '/dashboard/settings',
  // The Business tab loads its own forms (the availability form's date pickers and checks).
  '/dashboard/settings?tab=business',
  '/dashboard/website-config',
];

/**
 * What a route loads in a fresh browser context (nothing cached) at 1280 px until the network is idle:
 * each JS and CSS file with its gzip size (level 9), largest first, and the path the page ended on.
 */
export async function loadedJsCss(browser: Browser, url: string, storageState?: StorageState) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState });
  const page = await context.newPage();
  const files: { file: string; gzipBytes: number }[] = [];
  const reads: Promise<void>[] = [];
  page.on('response', (res) => {
    const file = new URL(res.url()).pathname;
    if (!/\.(js|css)$/.test(file)) return;
    reads.push(
      res
        .body()
        .then((body) => {
          files.push({ file, gzipBytes: gzipSync(body, { level: 9 }).length });
        })
        .catch(() => undefined),
    );
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await Promise.all(reads);
  const path = new URL(page.url()).pathname;
  await context.close();
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { path, gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0), files };
}
