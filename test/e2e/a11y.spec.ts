/**
 * axe-core (WCAG 2.0/2.1 A + AA and best practices) on every public route, desktop (1280x900) and
 * mobile (375x812), against the production build with the real backend; plus the open mobile menu.
 * A failure lists every violation with its rule, impact, help and the offending nodes' targets.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { PUBLIC_PAGE_NAMES, type PublicPageName, pathOf } from '../../bench/public-pages.js';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const WIDTHS = [
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
  { label: 'mobile', viewport: { width: 375, height: 812 } },
] as const;
const ROUTES: (PublicPageName | '404')[] = [...PUBLIC_PAGE_NAMES, '404'];

/** axe on the page (or only under `include`, a CSS selector), one readable entry per rule. */
async function violations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n'),
  );
}

async function settle(page: Page, path: string) {
  await page.goto(path);
  // No request for 500 ms: content fetched and the about page's 100 + 200 ms transitions done (SPEC 2).
  await page.waitForLoadState('networkidle');
}

for (const { label, viewport } of WIDTHS) {
  test.describe(`axe, ${label} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });
    for (const route of ROUTES) {
      test(`${route}`, async ({ page }) => {
        await settle(page, route === '404' ? '/no-such-page-e2e' : pathOf(route));
        const found = await violations(page);
        expect(found.length, `axe violations on ${route} (${label}):\n${found.join('\n')}`).toBe(0);
      });
    }
  });
}

test('axe, header with the mobile menu open (375x812)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await settle(page, '/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await page.waitForTimeout(300); // the 0.2 s menu animation
  // The header only: the page under it is covered by the tests above.
  const found = await violations(page, 'header');
  expect(found.length, `axe violations with the mobile menu open:\n${found.join('\n')}`).toBe(0);
});
