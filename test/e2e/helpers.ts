import type { Page } from '@playwright/test';

/** Loads a page and lets its content requests and state transitions settle. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // networkidle: no request for 500 ms after the content fetches, which also covers the about page's
  // 100 ms content delay and 200 ms transition (SPEC 2).
  await page.waitForLoadState('networkidle');
}

/**
 * Holds back the page's hydration script (web/src/app/hydrate.tsx): until `release()` the page is its
 * prerendered HTML only.
 */
export async function holdHydration(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/hydrate-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}
