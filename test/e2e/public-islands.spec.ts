/**
 * Public pages as islands, in Chromium against the production build: a static public page loads no
 * React (its behaviour is the small `static-page` chunk), `/` stays within 30 KB gzip of JS + CSS, the
 * page view is still beaconed, and the contact form (the one island) loads React only once it comes near
 * the viewport or is touched. What the pages show and do: public-site.spec.ts, contact-journey.spec.ts.
 */
import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { PUBLIC_PAGE_NAMES, pathOf } from '../../bench/public-pages.js';

const REACT = /\/assets\/react-[^/]+\.js$/;
const ISLAND = /\/assets\/contact-island-[^/]+\.js$/;
/** The budget for what `/` loads without interaction (it was 88 KB with the page hydrated). */
const HOME_BUDGET_GZIP = 30 * 1024;

/** Records the page's requests (paths) and the gzip size of each JS / CSS response. */
function record(page: Page) {
  const requests: string[] = [];
  const sizes = new Map<string, number>();
  const reads: Promise<void>[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (!/\.(js|css)$/.test(path)) return;
    reads.push(
      res
        .body()
        .then((body) => void sizes.set(path, gzipSync(body, { level: 9 }).length))
        .catch(() => undefined),
    );
  });
  return { requests, sizes, settled: () => Promise.all(reads) };
}

test.describe('a static public page loads no React', () => {
  const names = [...PUBLIC_PAGE_NAMES.filter((n) => n !== '/contact'), '404'] as const;
  for (const name of names) {
    test(name, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      const { requests, sizes, settled } = record(page);
      const path = name === '404' ? '/no-such-page-islands' : pathOf(name);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true');
      await page.waitForLoadState('networkidle');
      await settled();
      if (name === '/') {
        const inlineCss = await page.evaluate(() =>
          [...document.querySelectorAll('style[data-href]')].map((s) => s.textContent ?? '').join('\n'),
        );
        const files = [...sizes].map(([file, gzip]) => `${file} ${gzip}`).join(', ');
        const total = [...sizes.values()].reduce((n, b) => n + b, 0) + gzipSync(inlineCss, { level: 9 }).length;
        expect(total, `JS + CSS of / without interaction (${files}, inline CSS)`).toBeLessThanOrEqual(HOME_BUDGET_GZIP);
      }
      // Through to the bottom: nothing below the fold brings React either.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y <= height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForLoadState('networkidle');
      expect(requests.filter((p) => REACT.test(p) || ISLAND.test(p))).toEqual([]);
      // Its behaviour is there (the header, hidden by the scroll down, comes back on the way up; the menu
      // opens) and the page view went out, as on every public page.
      if (name !== '404') expect(requests).toContain('/api/public/events');
      await expect(page.getByRole('banner')).toHaveClass(/site-header--hidden/);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.getByRole('banner')).not.toHaveClass(/site-header--hidden/);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    });
  }
});

test.describe('the contact form is an island', () => {
  // A screen that shows only the top of the page: the form starts more than the island's 200 px margin
  // below it.
  const SHORT = { width: 375, height: 120 };

  async function openFar(page: Page) {
    await page.setViewportSize(SHORT);
    const rec = record(page);
    await page.goto('/contact');
    await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true');
    await page.waitForLoadState('networkidle');
    const top = await page.locator('[data-island="contact-form"]').evaluate((el) => el.getBoundingClientRect().top);
    expect(top, 'the form is far below this screen').toBeGreaterThan(SHORT.height + 200);
    expect(rec.requests.filter((p) => REACT.test(p) || ISLAND.test(p))).toEqual([]);
    await expect(page.getByRole('button', { name: 'Schedule My Free Evaluation' })).toBeEnabled();
    return rec;
  }

  test('it loads React when it comes near the viewport, then works', async ({ page }) => {
    const { requests } = await openFar(page);
    await page.locator('[data-island="contact-form"]').scrollIntoViewIfNeeded();
    await expect(page.locator('[data-island="contact-form"]')).toHaveAttribute('data-hydrated', 'true');
    expect(requests.filter((p) => REACT.test(p))).toHaveLength(1);
    expect(requests.filter((p) => ISLAND.test(p))).toHaveLength(1);
    await expect(page.getByRole('button', { name: 'Schedule My Free Evaluation' })).toBeEnabled();
  });

  test('on screen when the page loads, it waits for the visitor to start on it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const { requests } = record(page);
    await page.goto('/contact');
    await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true');
    await expect(page.getByLabel('First Name')).toBeInViewport();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((p) => REACT.test(p) || ISLAND.test(p))).toEqual([]);
    await page.getByLabel('First Name').fill('Jane');
    await expect(page.locator('[data-island="contact-form"]')).toHaveAttribute('data-hydrated', 'true');
    expect(requests.filter((p) => REACT.test(p))).toHaveLength(1);
    await expect(page.getByLabel('First Name')).toHaveValue('Jane');
    await expect(page.getByRole('button', { name: 'Schedule My Free Evaluation' })).toBeEnabled();
  });

  test('it loads React when touched, before it is near', async ({ page }) => {
    const { requests } = await openFar(page);
    await page.locator('[data-island="contact-form"]').dispatchEvent('pointerdown');
    await expect(page.locator('[data-island="contact-form"]')).toHaveAttribute('data-hydrated', 'true');
    expect(requests.filter((p) => REACT.test(p))).toHaveLength(1);
  });
});
