import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../functions/events/render-public-pages.js';
import { lambdaContext } from '../../infra/local/handlers.js';
import { setInvalidationTransport } from '../../shared/adapters/cdn.js';
import { setSiteStore } from '../../shared/adapters/site.js';
import { store } from '../../shared/db/service.js';
import { createContent } from '../../shared/domain/website-content.js';
import { getRenderStatus } from '../../shared/domain/website-render.js';
import type { RenderedPage } from '../../web/src/app/render-page.js';
import { type MemorySite, memorySite, PAGE_INDEX_FILE } from '../support/site-kit.js';

/**
 * The render on publish (functions/events/render-public-pages.ts): WebsiteContentChanged re-renders the
 * pages that show the section with the table's published content, into the site (here a store in memory
 * holding a build's render kit), and invalidates exactly the files it changed.
 */
const invalidated: string[][] = [];
let site: MemorySite;

const publish = (section: string) =>
  handler(
    { id: randomUUID(), 'detail-type': 'WebsiteContentChanged', source: 'test', detail: { section } },
    lambdaContext('events/render-public-pages'),
  );
const page = (file: string) => site.files.get(file) ?? '';
const index = () => JSON.parse(page(PAGE_INDEX_FILE)) as RenderedPage[];
const created: string[] = [];

beforeAll(async () => {
  setInvalidationTransport(async (paths) => {
    invalidated.push([...paths]);
  });
  site = memorySite();
  setSiteStore(site);
  // The build: every page once, from the table as it is.
  await publish('programs');
  await publish('hero');
  await publish('tips');
  await publish('success_stories');
  await publish('testimonials');
  await publish('about_us');
});
beforeEach(() => {
  site.clearLog();
  invalidated.length = 0;
});
afterAll(async () => {
  setSiteStore(undefined);
  setInvalidationTransport(undefined);
  for (const id of created) await store().entities.websiteContent.delete({ id }).go();
});

async function addContent(sectionKey: string, title: string, fields: Record<string, string>, sortOrder = 0) {
  const entries = Object.entries(fields).map(([k, value]) => [k, { type: 'text' as const, value }]);
  const c = await createContent({
    sectionKey,
    title,
    status: 'published',
    sortOrder,
    fields: Object.fromEntries(entries),
  });
  created.push(c.id);
  return c;
}

describe('render on publish', () => {
  it('renders a published program into /programs in its sort order, and only the pages that show programs', async () => {
    const tag = randomUUID().slice(0, 8);
    await addContent('programs', `Late ${tag}`, { program_title: `Late ${tag}`, description: 'Second' }, 999_998);
    await addContent(
      'programs',
      `Early ${tag}`,
      { program_title: `Early ${tag}`, description: 'First', price: '$432' },
      999_997,
    );
    await publish('programs');

    const html = page('programs/index.html');
    expect(html).toContain(`Early ${tag}`);
    expect(html.indexOf(`Early ${tag}`)).toBeLessThan(html.indexOf(`Late ${tag}`));
    // Nothing hydrates the page, so no records travel with it: the markup is all there is.
    expect(html).not.toContain('application/json');
    const showPrograms = index()
      .filter((p) => p.sections.includes('programs'))
      .map((p) => p.file);
    expect(site.writes.filter((k) => k.endsWith('.html')).sort()).toEqual(showPrograms.sort());
    // The home page's program preview and its structured data (with the price) show them too.
    expect(showPrograms).toContain('index.html');
    const home = page('index.html');
    expect(home).toContain(`Early ${tag}`);
    const ld = [...home.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
      .map((m) => m[1])
      .join('\n');
    expect(ld).toContain(`"name":"Early ${tag}"`);
    expect(ld).toContain('"price":"432"');
    expect(invalidated.map((paths) => [...paths].sort())).toEqual([showPrograms.map((f) => `/${f}`).sort()]);
    expect((await getRenderStatus('programs')).liveAt).not.toBeNull();
  });

  it('gives a new tip its own page and sitemap entry, and deletes both when the tip goes', async () => {
    const tip = await addContent('tips', 'Crate Calm', {
      title: 'Crate Calm',
      content: 'A calm crate routine.',
      publish_date: '2026-11-20',
    });
    await publish('tips');
    const file = `tips/${tip.id}/index.html`;
    expect(page(file)).toContain('Crate Calm');
    expect(page('tips/index.html')).toContain('Crate Calm');
    expect(page('sitemap.xml')).toContain(`<loc>http://127.0.0.1:3000/tips/${tip.id}</loc>`);
    expect(invalidated[0]).toEqual(expect.arrayContaining([`/${file}`, '/tips/index.html', '/sitemap.xml']));
    // The router's store: the new page is served from its own HTML.
    expect(site.routed.get(`/tips/${tip.id}`)).toBe('page');

    await store().entities.websiteContent.delete({ id: tip.id }).go();
    await publish('tips');
    expect(site.routed.get(`/tips/${tip.id}`)).toBe('gone');
    expect(site.files.has(file)).toBe(false);
    expect(page('sitemap.xml')).not.toContain(tip.id);
    expect(index().map((p) => p.path)).not.toContain(`/tips/${tip.id}`);
    expect(invalidated[0]).toEqual(expect.arrayContaining([`/${file}`, '/sitemap.xml']));
  });

  it("after a deploy put back the build's pages, renders every page again with the published content", async () => {
    const tag = randomUUID().slice(0, 8);
    const tip = await addContent('tips', `Deployed ${tag}`, {
      title: `Deployed ${tag}`,
      content: 'Written before the deploy.',
      publish_date: '2026-11-21',
    });
    await publish('tips');
    // The deploy: the build's pages and page index, without the tip (the pages deployment prunes its page).
    const build = memorySite();
    build.files.set(PAGE_INDEX_FILE, JSON.stringify(index().filter((p) => p.path !== `/tips/${tip.id}`)));
    setSiteStore(build);
    try {
      await publish('all');
    } finally {
      setSiteStore(site);
    }
    const every = index().map((p) => p.file);
    expect(build.writes.filter((k) => k.endsWith('.html')).sort()).toEqual(every.sort());
    expect(build.files.get(`tips/${tip.id}/index.html`)).toContain(`Deployed ${tag}`);
    expect(build.files.get('tips/index.html')).toContain(`Deployed ${tag}`);
    expect(build.routed.get(`/tips/${tip.id}`)).toBe('page');
    for (const section of ['hero', 'programs', 'tips', 'testimonials', 'success_stories', 'about_us'])
      expect((await getRenderStatus(section)).liveAt, section).not.toBeNull();
  });

  it('renders a deleted testimonial off the home page', async () => {
    const t = await addContent('testimonials', 'Quote', {
      client_name: 'Rowan Tester',
      location: 'Sarasota, FL',
      testimonial_text: 'Calmer walks every day.',
    });
    await publish('testimonials');
    expect(page('index.html')).toContain('Rowan Tester');
    await store().entities.websiteContent.delete({ id: t.id }).go();
    await publish('testimonials');
    expect(page('index.html')).not.toContain('Rowan Tester');
  });

  it('writes nothing and records the failure when the render fails; the previous pages stay', async () => {
    const before = page('programs/index.html');
    const broken = memorySite(null);
    broken.files.set('programs/index.html', before);
    setSiteStore(broken);
    try {
      await expect(publish('programs')).rejects.toThrow(/render kit|_render/);
    } finally {
      setSiteStore(site);
    }
    expect(broken.writes).toEqual([]);
    expect(broken.files.get('programs/index.html')).toBe(before);
    const status = await getRenderStatus('programs');
    expect(status.failedAt).not.toBeNull();
    expect(status.failure).toMatch(/_render\/kit\.json/);
    // The next render that succeeds clears the failure.
    await publish('programs');
    expect(await getRenderStatus('programs')).toMatchObject({ failedAt: null, failure: null });
  });

  it('changes no page for a section no public page shows', async () => {
    await publish('footer');
    expect(site.writes).toEqual([]);
    expect(invalidated).toEqual([]);
  });
});
