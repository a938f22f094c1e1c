import { rmSync } from 'node:fs';
import { type BrowserContext, chromium } from '@playwright/test';
import { startLocalRuntime } from '../infra/local/runtime.js';
import { CHROME_PATH } from './lighthouse.js';
import {
  LIST_SCREEN_BUDGET_GZIP,
  LOGIN_BUDGET_GZIP,
  loadedJsCss,
  PORTAL_SCREEN_BUDGET_GZIP,
  PORTAL_SCREENS,
} from './portal-routes.js';
import { shiftPorts } from './ports.js';
import { buildWebOnce } from './web-sizes.js';

/**
 * What each portal route loads on its own (a fresh browser context, nothing cached): `/login` signed
 * out, the others as the signed-in trainer, at 1280 px until the network is idle.
 */
export async function portalSizes() {
  buildWebOnce();
  const dataDir = '.test-local/bench-portal';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    // TEST_PORT_OFFSET shifts them, as it does the tests' (test/support/ports.ts).
    ports: shiftPorts({
      site: 3330,
      ws: 3331,
      dynamodb: 8330,
      cognito: 9559,
      s3: 4899,
      ses: 8335,
      stripe: 12335,
      push: 7235,
    }),
  });
  const browser = await chromium.launch({ executablePath: CHROME_PATH });
  const measure = async (path: string, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) => {
    const { gzipBytes, files } = await loadedJsCss(browser, `${rt.urls.site}${path}`, storageState);
    return { gzipBytes, largest: files.slice(0, 6), files };
  };
  try {
    const login = await measure('/login');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${rt.urls.site}/login`);
    await page.getByLabel('Email').fill(rt.admin?.email ?? '');
    await page.getByLabel('Password').fill(rt.admin?.password ?? '');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/\/dashboard/);
    const signedIn = await context.storageState();
    await context.close();
    const screens: ({ path: string } & Awaited<ReturnType<typeof measure>>)[] = [{ path: '/login', ...login }];
    for (const path of PORTAL_SCREENS) screens.push({ path, ...(await measure(path, signedIn)) });
    return {
      screens,
      loginBudgetGzipBytes: LOGIN_BUDGET_GZIP,
      screenBudgetGzipBytes: PORTAL_SCREEN_BUDGET_GZIP,
      listScreenBudgetGzipBytes: LIST_SCREEN_BUDGET_GZIP,
    };
  } finally {
    await browser.close();
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
