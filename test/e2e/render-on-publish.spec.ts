import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { PUBLIC_SECTIONS } from '../../shared/contracts/content.js';
import { store } from '../../shared/db/service.js';
import { ownContent, remove, settled } from './publish';

/**
 * Publishing renders the pages (docs/decisions/0031-render-on-publish.md): content written with its WebsiteContentChanged outbox event (as
 * the editor's routes write it) is in the first HTML of the public pages, with JavaScript disabled: a
 * program in its sort order on /programs, a new tip on its own page and in the sitemap (and, deleted,
 * answering 404 with Article Not Found), a deleted testimonial gone from /.
 */
const BASE_URL = process.env.E2E_BASE_URL as string;

test.use({ javaScriptEnabled: false });

const content = ownContent();
test.afterEach(() => content.removeAll());

test('published content is in the first HTML of the public pages, without JavaScript', async ({ page }) => {
  expect(PUBLIC_SECTIONS).toContain('programs');
  const tag = randomUUID().slice(0, 6);
  const { data: existing } = await store()
    .entities.websiteContent.query.bySection({ sectionKey: 'programs', status: 'published' })
    .go({ pages: 'all' });
  const first = Math.min(0, ...existing.map((p) => p.sortOrder));
  // Two programs, the second written first: the page shows them in sort order, the new first of all.
  await content.publish(
    'programs',
    `Scent Work ${tag}`,
    { program_title: `Scent Work ${tag}`, description: 'Nose games.' },
    { sortOrder: 900 },
  );
  await content.publish(
    'programs',
    `Puppy Start ${tag}`,
    { program_title: `Puppy Start ${tag}`, description: 'Basics.' },
    { sortOrder: first },
  );
  await settled();
  await page.goto('/programs');
  const titles = await page.locator('.program-grid h2').allTextContents();
  expect(titles[0]).toBe(`Puppy Start ${tag}`);
  expect(titles.at(-1)).toBe(`Scent Work ${tag}`);
  const html = await (await fetch(`${BASE_URL}/programs`)).text();
  expect(html).toContain(`Puppy Start ${tag}`);

  const tipId = await content.publish('tips', `Crate Calm ${tag}`, {
    title: `Crate Calm ${tag}`,
    content: 'A calm crate routine, one minute at a time.',
    publish_date: '2026-11-20',
  });
  await settled();
  const tip = await page.goto(`/tips/${tipId}`);
  expect(tip?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: `Crate Calm ${tag}` })).toBeVisible();
  expect(await (await fetch(`${BASE_URL}/sitemap.xml`)).text()).toContain(`/tips/${tipId}</loc>`);
  // Deleted: its address answers 404 with the section's view (SPEC 2), not a soft 404.
  await remove(tipId, 'tips');
  await settled();
  const gone = await page.goto(`/tips/${tipId}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Return to Tips/ })).toHaveAttribute('href', '/tips');

  const quoteId = await content.publish('testimonials', 'Quote', {
    client_name: `Rowan ${tag}`,
    location: 'Sarasota, FL',
    testimonial_text: 'Calmer walks every day.',
  });
  await settled();
  await page.goto('/');
  await expect(page.getByText(`Rowan ${tag}`)).toBeVisible();
  await remove(quoteId, 'testimonials');
  await settled();
  await page.goto('/');
  await expect(page.getByText(`Rowan ${tag}`)).toHaveCount(0);
  expect(await (await fetch(`${BASE_URL}/`)).text()).not.toContain(`Rowan ${tag}`);
});
