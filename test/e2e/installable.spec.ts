/**
 * The portal can be installed on a phone's home screen (issue 36, ADR 0057): the build's web app manifest
 * names the business in its colours, its icons are PNGs of the logo at the sizes it lists, and Chromium
 * reports no installability error for the portal.
 */
import { expect, test } from '@playwright/test';
import { BUSINESS } from '../../shared/content/business';
import { APP_ICONS, THEME_COLOR } from '../../web/scripts/app-manifest';

/** A PNG's width and height from its IHDR chunk. */
const pngSize = (b: Buffer) => `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`;

test('the portal is installable: a manifest in the business’s name and colours, icons drawn from its logo', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);

  const { url, errors, data } = await cdp.send('Page.getAppManifest');
  expect(new URL(url).pathname).toBe('/manifest.webmanifest');
  expect(errors).toEqual([]);
  const manifest = JSON.parse(data ?? '{}');
  expect(manifest).toMatchObject({
    name: BUSINESS.name,
    short_name: BUSINESS.shortName,
    start_url: '/dashboard',
    display: 'standalone',
    theme_color: THEME_COLOR,
  });
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(THEME_COLOR);

  expect(manifest.icons).toEqual(APP_ICONS);
  for (const icon of APP_ICONS) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(pngSize(await res.body()), icon.src).toBe(icon.sizes);
  }

  // Playwright's contexts are off-the-record profiles, where Chromium never offers to install ("in-incognito");
  // any other reason (manifest, icons, start URL, display) fails the test.
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);
});

test('the public pages carry the same manifest, served as a web app manifest', async ({ page }) => {
  await page.goto('/');
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  const res = await page.request.get('/manifest.webmanifest');
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect((await res.json()).name).toBe(BUSINESS.name);
});
