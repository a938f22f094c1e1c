import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { BUILTIN_HERO } from '../../shared/content/builtin';
import { holdHydration, open } from './helpers';
import { ownContent, settled } from './publish';

/*
 * Public pages are documents of their own (plain links between prerendered pages); the portal is one
 * client-routed app. These check the ways between them and the Back buttons that depend on it.
 */

const content = ownContent();
test.afterEach(() => content.removeAll());

test('Back returns to the previous page of the site, and from another site goes home', async ({ page }) => {
  await open(page, '/about');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Training Built on Trust');

  // Opened directly (no page of this site before it): Back goes home.
  await open(page, '/success-stories');
  await page.getByRole('button', { name: /back/i }).first().click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BUILTIN_HERO.heading);
});

test('the site leads to the portal and the portal back to the site', async ({ page }) => {
  await open(page, '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Back to the website' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BUILTIN_HERO.heading);

  await open(page, '/login');
  await page.getByLabel('Email').fill(process.env.E2E_ADMIN_EMAIL as string);
  await page.getByLabel('Password').fill(process.env.E2E_ADMIN_PASSWORD as string);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Dashboard|Welcome back/ }).first()).toBeVisible();

  // Inside the portal, links route without loading a new document...
  await page.evaluate(() => {
    (window as unknown as { __portal?: boolean }).__portal = true;
  });
  await page.getByRole('link', { name: 'Contact Submissions' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/contact-submissions$/);
  expect(await page.evaluate(() => (window as unknown as { __portal?: boolean }).__portal)).toBe(true);

  // ...and the site's pages load as pages of their own.
  await page
    .getByRole('button', { name: 'Website' })
    .or(page.getByRole('link', { name: 'Website' }))
    .first()
    .click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BUILTIN_HERO.heading);
  expect(await page.evaluate(() => (window as unknown as { __portal?: boolean }).__portal)).toBeUndefined();

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/contact-submissions$/);
  await expect(page.getByRole('heading', { name: /Contact Submissions/ }).first()).toBeVisible();
});

test("the home page's blocks below the fold are in its HTML with the published content, and load no code", async ({
  page,
}) => {
  const name = `Quinn Scrollwell ${randomUUID().slice(0, 6)}`;
  await content.publish('testimonials', 'Scroll test', {
    client_name: name,
    location: 'Bradenton, FL',
    testimonial_text: 'Came in late.',
  });
  await settled();
  await page.setViewportSize({ width: 375, height: 812 });
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await open(page, '/');
  // Nothing asks for content: the published testimonial is in the page's HTML already.
  const block = page.locator('section').filter({ has: page.getByRole('heading', { name: 'What Our Clients Say' }) });
  await expect(block.getByText(name)).toBeAttached();

  await block.scrollIntoViewIfNeeded();
  await expect(block.getByText(name)).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Static markup all the way down: scrolling to the blocks loads no code for them, and no React.
  expect(
    requests.filter((p) => /\/assets\/(home-blocks|react|stories-grid|testimonials-block)-[^/]+\.js$/.test(p)),
  ).toEqual([]);
  expect(requests.filter((p) => p.startsWith('/api/public/content'))).toEqual([]);
});

test('a button tapped before the page hydrates does its job once it has', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // Hold the hydration script: the page is its prerendered HTML only.
  const { release } = await holdHydration(page);
  await page.goto('/about');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  release();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  // Replayed once: one more tap closes it.
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});
