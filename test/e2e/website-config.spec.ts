import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { builtinHeroFields } from '../../shared/content/seed';
import { idToken, axeProblems as problems, signIn } from './helpers';

interface PublicRecord {
  id: string;
  title: string;
  sort_order: number;
  fields: Record<string, string | null>;
}

const publicContent = async (page: Page, section: string) => {
  const res = await page.request.get(`/api/public/content/${section}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: PublicRecord[] }).items;
};

/** Opens a section of the editor from the sidebar. */
async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Website sections' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

const saved = (page: Page, text: string) => expect(page.getByText(text).first()).toBeVisible();

/**
 * The trainer edits the public site in /dashboard/website-config: the hero's heading and colour and a new
 * hero image (stored as WebP variants), a program saved as a draft (not public) then published (public, in
 * its sort order), an SVG with a script as a testimonial's photo (stored sanitized, served with the media
 * CSP), and that testimonial deleted. The public result is read through the public content API.
 */
test('the trainer edits the hero, publishes a program, uploads images and deletes a testimonial', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const dir = mkdtempSync(join(tmpdir(), 'cms-e2e-'));
  const heroPng = join(dir, 'hero.png');
  writeFileSync(
    heroPng,
    await sharp({ create: { width: 1800, height: 900, channels: 3, background: '#1e3a8a' } })
      .png()
      .toBuffer(),
  );
  const svgPath = join(dir, 'badge.svg');
  writeFileSync(
    svgPath,
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(1)"><script>alert(2)</script>' +
      '<circle cx="20" cy="20" r="18" fill="#10b981"/></svg>',
  );

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/login');
  await signIn(page, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(page).toHaveURL(/\/dashboard/);
  const token = await idToken(page);
  const hero = (await publicContent(page, 'hero'))[0];

  try {
    await page.goto('/dashboard/website-config');
    await expect(page.getByRole('heading', { name: 'Website Configuration', level: 1 })).toBeVisible();

    // The hero: one record, edited in place; a new image held until Save Content.
    await openSection(page, 'Hero');
    const heading = `Calm dogs, happy homes ${tag}`;
    await page.getByRole('textbox', { name: 'Heading', exact: true }).fill(heading);
    await page.getByRole('textbox', { name: 'Heading colour', exact: true }).fill('#fde047');
    await page.getByLabel('Choose Background image').setInputFiles(heroPng);
    await expect(page.getByText('hero.png: uploaded when you save.')).toBeVisible();
    // The preview draws the draft as the home page's hero: the new heading in its colour.
    await page.getByRole('button', { name: 'Preview' }).click();
    const previewHeading = page.locator('.public-preview').getByRole('heading', { name: heading, level: 1 });
    await expect(previewHeading).toBeVisible();
    await expect(previewHeading).toHaveCSS('color', 'rgb(253, 224, 71)');
    // With the chosen image, before it is uploaded.
    await expect(page.locator('.public-preview .hero__image')).toHaveAttribute('src', /^blob:/);
    expect(await problems(page, 'website editor')).toEqual([]);
    await page.getByRole('radio', { name: /Published/ }).check();
    await page.getByRole('button', { name: 'Save Content' }).click();
    await saved(page, 'Content published');
    const live = (await publicContent(page, 'hero'))[0];
    expect(live.fields).toMatchObject({ heading, heading_color: '#fde047' });
    const image = live.fields.background_image ?? '';
    expect(image).toMatch(/^\/media\/website\/hero\/background_image-\d{13}\.webp$/);
    for (const path of [image, image.replace(/\.webp$/, '-960w.webp'), image.replace(/\.webp$/, '-480w.webp')]) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type']).toBe('image/webp');
    }

    // A program: a draft is not public; published, it is, in its sort order.
    await openSection(page, 'Programs');
    await page.getByRole('button', { name: 'Add Content' }).click();
    const title = `Recall Bootcamp ${tag}`;
    await page.getByRole('textbox', { name: 'Program title', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Come when called, **every time**.');
    await page
      .getByRole('textbox', { name: 'Features (one per line)', exact: true })
      .fill('  Long-line practice \n\n Park proofing ');
    await page.getByRole('spinbutton', { name: 'Sort order' }).fill('0');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
    await page.getByRole('button', { name: 'Save Content' }).click();
    await saved(page, 'Draft saved');
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('draft');
    expect((await publicContent(page, 'programs')).map((p) => p.title)).not.toContain(title);

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('radio', { name: /Published/ }).check();
    await page.getByRole('button', { name: 'Save Content' }).click();
    await saved(page, 'Content published');
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('published');
    const programs = await publicContent(page, 'programs');
    expect(programs[0].title).toBe(title);
    expect(programs[0].fields.features).toBe('["Long-line practice","Park proofing"]');

    // A testimonial with an SVG photo carrying a script: stored sanitized, then deleted.
    await openSection(page, 'Testimonials');
    await page.getByRole('button', { name: 'Add Content' }).click();
    const client = `Maya ${tag}`;
    await page.getByRole('textbox', { name: 'Client name', exact: true }).fill(client);
    await page
      .getByRole('textbox', { name: 'Testimonial', exact: true })
      .fill('Our rescue finally walks calmly past other dogs.');
    await page.getByLabel('Choose Photo').setInputFiles(svgPath);
    await page.getByRole('radio', { name: /Published/ }).check();
    await page.getByRole('button', { name: 'Save Content' }).click();
    await expect(page.getByRole('row', { name: new RegExp(client) })).toContainText('published');
    const quote = (await publicContent(page, 'testimonials')).find((t) => t.fields.client_name === client);
    const photo = quote?.fields.photo ?? '';
    expect(photo).toMatch(/^\/media\/website\/testimonials\/photo-\d{13}\.svg$/);
    const svg = await page.request.get(photo);
    expect(svg.headers()['content-security-policy']).toContain('sandbox');
    const body = await svg.text();
    expect(body).toContain('<circle');
    expect(body).not.toMatch(/script|onload/i);
    // Opened on its own (goto waits for its load event), the SVG runs nothing.
    await page.goto(photo);
    expect(dialogs).toEqual([]);

    await page.goto('/dashboard/website-config?section=testimonials');
    await page.getByRole('button', { name: `Delete ${client}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await saved(page, 'Content deleted');
    await expect(page.getByRole('row', { name: new RegExp(client) })).toHaveCount(0);
    expect((await publicContent(page, 'testimonials')).map((t) => t.fields.client_name)).not.toContain(client);

    // The program leaves again (the other journeys see the built-in programs).
    await openSection(page, 'Programs');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  } finally {
    // The built-in hero back, for the public-site journeys.
    const current = await page.request.get('/api/website/sections/hero/content', {
      headers: { authorization: `Bearer ${token}` },
    });
    const record = ((await current.json()) as { items: { id: string; version: number }[] }).items[0];
    const values = Object.fromEntries(Object.entries(builtinHeroFields()).map(([k, f]) => [k, f.value]));
    const restored = await page.request.put(`/api/website/content/${record.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 'published', sortOrder: hero.sort_order, version: record.version, fields: values },
    });
    expect(restored.status()).toBe(200);
    await context.close();
  }
});
