import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MEDIA_CONTENT_SECURITY_POLICY } from '../../infra/cloud/csp.js';
import { CMS_TEXTS } from '../../shared/content/cms-fields.js';
import { store } from '../../shared/db/service.js';
import { createSectionContent } from '../../shared/domain/website-content.js';
import { api, busIdle, createTestUser, siteUrl, type TestUser, waitFor } from '../support/api.js';

/**
 * The website editor's routes against the local runtime: drafts stay private, publishing and deleting
 * change the public content (and raise a render through WebsiteContentChanged), the second of two
 * saves from the same version is refused, images are checked and become WebP variants or sanitized SVG.
 */
let admin: TestUser;
const created: string[] = [];

beforeAll(async () => {
  admin = await createTestUser('admin');
});

afterAll(async () => {
  for (const id of created) {
    const res = await api('DELETE', `/api/website/content/${id}`, { token: admin.idToken });
    expect([204, 404]).toContain(res.status);
  }
});

/**
 * When the renderer last took up the programs section (WebsiteContentChanged's handler, ADR 0031): the
 * later of its last live and last failed render. Each change the public sees raises one render.
 */
const lastRender = async (section = 'programs') => {
  const res = await api('GET', `/api/admin/website/${section}/live`, { token: admin.idToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { liveAt, failedAt } = res.body as { liveAt: string | null; failedAt: string | null };
  return [liveAt, failedAt].filter(Boolean).sort().at(-1) ?? '';
};

const program = (title: string, extra: Record<string, string | null> = {}) => ({
  program_title: title,
  description: 'Loose-leash walking and **calm** greetings.',
  features: '  Weekly class \n\n Homework plan  \n',
  color: '#123456',
  price: '$250',
  duration: '4 weeks',
  ...extra,
});

const publicPrograms = async () =>
  (await api('GET', '/api/public/content/programs')).body.items as { id: string; sort_order: number }[];

describe('website content (editor)', () => {
  it('lists the sections in their order', async () => {
    const res = await api('GET', '/api/website/sections', { token: admin.idToken });
    expect(res.status).toBe(200);
    const keys = (res.body.items as { sectionKey: string }[]).map((s) => s.sectionKey);
    expect(keys).toEqual(['hero', 'programs', 'about_us', 'tips', 'testimonials', 'success_stories']);
  });

  it('keeps a draft private, publishes it in its sort order, and raises a render each time the public sees a change', async () => {
    await busIdle();
    const before = await lastRender();
    const draft = await api('POST', '/api/website/sections/programs/content', {
      token: admin.idToken,
      body: { status: 'draft', sortOrder: 0, fields: program('Draft Recall Clinic') },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    created.push(draft.body.content.id);
    expect(draft.body.content).toMatchObject({
      title: 'Draft Recall Clinic',
      status: 'draft',
      version: 1,
      createdBy: admin.profileId,
      updatedBy: admin.profileId,
    });
    // Features one per line, trimmed, empty lines dropped, stored as a JSON list (SPEC 3, 5).
    expect(draft.body.content.fields.features).toEqual({ type: 'json', value: '["Weekly class","Homework plan"]' });
    expect((await publicPrograms()).map((p) => p.id)).not.toContain(draft.body.content.id);
    await busIdle();
    expect(await lastRender()).toBe(before);

    const published = await api('PUT', `/api/website/content/${draft.body.content.id}`, {
      token: admin.idToken,
      body: { status: 'published', sortOrder: 0, version: 1, fields: program('Recall Clinic') },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.content).toMatchObject({ status: 'published', version: 2, title: 'Recall Clinic' });
    const live = await publicPrograms();
    // Sort order 0 comes before the built-in programs (1, 2, 3).
    expect(live[0].id).toBe(draft.body.content.id);
    // The render runs after the bus delivered the event: wait for it to be recorded.
    await waitFor(async () => (await lastRender()) > before);
    const afterPublish = await lastRender();

    const removed = await api('DELETE', `/api/website/content/${draft.body.content.id}?version=2`, {
      token: admin.idToken,
    });
    expect(removed.status).toBe(204);
    expect((await publicPrograms()).map((p) => p.id)).not.toContain(draft.body.content.id);
    await waitFor(async () => (await lastRender()) > afterPublish);
  });

  it('refuses the second of two saves made from the same version, and a delete from an old version', async () => {
    const res = await api('POST', '/api/website/sections/programs/content', {
      token: admin.idToken,
      body: { status: 'draft', sortOrder: 50, fields: program('Two Trainers') },
    });
    const id = res.body.content.id as string;
    created.push(id);
    const first = await api('PUT', `/api/website/content/${id}`, {
      token: admin.idToken,
      body: { status: 'draft', sortOrder: 50, version: 1, fields: program('Two Trainers (first)') },
    });
    expect(first.status).toBe(200);
    const second = await api('PUT', `/api/website/content/${id}`, {
      token: admin.idToken,
      body: { status: 'draft', sortOrder: 50, version: 1, fields: program('Two Trainers (second)') },
    });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(CMS_TEXTS.staleVersion);
    const stale = await api('DELETE', `/api/website/content/${id}?version=1`, { token: admin.idToken });
    expect(stale.status).toBe(409);
    const list = await api('GET', '/api/website/sections/programs/content', { token: admin.idToken });
    const kept = (list.body.items as { id: string; title: string; version: number }[]).find((c) => c.id === id);
    expect(kept).toMatchObject({ title: 'Two Trainers (first)', version: 2 });
  });

  it('checks the field set: required fields, colours, unknown keys; a single-record section has one record', async () => {
    const bad = await api('POST', '/api/website/sections/programs/content', {
      token: admin.idToken,
      body: { status: 'draft', sortOrder: 1, fields: program('', { color: 'red;background:url(x)', extra: 'x' }) },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['fields.color', 'fields.extra', 'fields.program_title']);
    const second = await api('POST', '/api/website/sections/hero/content', {
      token: admin.idToken,
      body: { status: 'draft', sortOrder: 0, fields: { heading: 'A second hero', subheading: 'No' } },
    });
    expect(second.status).toBe(409);
    const missing = await api('GET', '/api/website/sections/no_such_section/content', { token: admin.idToken });
    expect(missing.status).toBe(404);
  });
});

describe('a single-record section', () => {
  it('of several first saves at once, keeps one record and refuses the others', async () => {
    const section = store().entities.websiteContent;
    const { data: before } = await section.query.bySection({ sectionKey: 'hero' }).go({ pages: 'all' });
    // Drafts: nothing public changes, and the section's records are put back after.
    for (const r of before) await section.delete({ id: r.id }).go();
    try {
      // Each save's check for a record is held until all four have checked: none of them sees another.
      const query = section.query;
      const bySection = query.bySection.bind(query);
      let checked = 0;
      let release = () => {};
      const allChecked = new Promise<void>((r) => {
        release = r;
      });
      const hold = vi.spyOn(query, 'bySection').mockImplementation(((key: { sectionKey: string }) => {
        const q = bySection(key);
        const go = q.go.bind(q);
        return Object.assign(q, {
          go: async (...args: Parameters<typeof go>) => {
            const found = await go(...args);
            if (++checked === 4) release();
            await allChecked;
            return found;
          },
        });
      }) as never);
      const save = (heading: string) =>
        createSectionContent(
          'hero',
          { status: 'draft', sortOrder: 0, fields: { heading, subheading: `Hero ${heading}` } },
          admin.profileId,
        );
      const answers = await Promise.allSettled(['First', 'Second', 'Third', 'Fourth'].map(save));
      hold.mockRestore();
      expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      for (const a of answers.filter((x) => x.status === 'rejected')) {
        expect(a.reason).toMatchObject({ code: 'CONFLICT', message: 'Hero has one record: edit it instead' });
      }
      const { data: after } = await section.query.bySection({ sectionKey: 'hero' }).go({ pages: 'all' });
      expect(after).toHaveLength(1);
      for (const r of after) await section.delete({ id: r.id }).go();
    } finally {
      for (const r of before) await section.put(r).go();
    }
  });
});

async function uploadImage(fieldKey: string, section: string, body: Buffer, contentType: string) {
  const presign = await api('POST', '/api/website/uploads', {
    token: admin.idToken,
    body: { section, fieldKey, contentType, size: body.length },
  });
  expect(presign.status, JSON.stringify(presign.body)).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(presign.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(body)], { type: contentType }));
  const stored = await fetch(presign.body.url, { method: 'POST', body: form });
  expect(stored.status).toBeLessThan(300);
  return {
    key: presign.body.key as string,
    process: () => api('POST', '/api/website/images', { token: admin.idToken, body: { key: presign.body.key } }),
  };
}

describe('website images', () => {
  it('turns an uploaded PNG into WebP files (the main one and narrower variants) under media/website/{section}/', async () => {
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#3b82f6' } })
      .png()
      .toBuffer();
    const upload = await uploadImage('background_image', 'hero', png, 'image/png');
    expect(upload.key).toMatch(/^uploads\/website\/hero\/background_image-\d{13}\.png$/);
    const res = await upload.process();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.path).toMatch(/^\/media\/website\/hero\/background_image-\d{13}\.webp$/);
    expect(res.body.variants.map((v: { width: number }) => v.width)).toEqual([480, 960, 1600]);
    for (const v of res.body.variants as { width: number; path: string }[]) {
      const served = await fetch(`${siteUrl()}${v.path}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(v.width);
    }
    // The upload itself is gone; it was never public.
    expect((await upload.process()).status).toBe(400);
  });

  it('stores an SVG with a script sanitized, served with the media CSP', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">' +
        '<script>alert(2)</script><a href="javascript:alert(3)"><rect width="10" height="10" fill="#10b981"/></a>' +
        '<foreignObject><iframe src="https://example.com"></iframe></foreignObject></svg>',
    );
    const upload = await uploadImage('photo', 'testimonials', svg, 'image/svg+xml');
    const res = await upload.process();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ contentType: 'image/svg+xml', variants: [] });
    const served = await fetch(`${siteUrl()}${res.body.path}`);
    expect(served.headers.get('content-security-policy')).toBe(MEDIA_CONTENT_SECURITY_POLICY);
    const text = await served.text();
    expect(text).toContain('<rect');
    expect(text).not.toMatch(/script|onload|javascript:|foreignObject|iframe/i);
  });

  it('refuses a file that is not an image, a key it did not hand out, and a field that is not an image', async () => {
    const upload = await uploadImage('photo', 'testimonials', Buffer.from('GIF89a not really'), 'image/png');
    const res = await upload.process();
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Please select a valid image file (JPG, PNG, WebP, or SVG)');
    const foreign = await api('POST', '/api/website/images', {
      token: admin.idToken,
      body: { key: 'media/website/hero/background_image-1732612345678.png' },
    });
    expect(foreign.status).toBe(403);
    const notImage = await api('POST', '/api/website/uploads', {
      token: admin.idToken,
      body: { section: 'hero', fieldKey: 'heading', contentType: 'image/png', size: 10 },
    });
    expect(notImage.status).toBe(400);
  });
});

describe('a save that fails', () => {
  it('leaves none of the images made for it public (a stale save, a second record of a single-record section)', async () => {
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#10b981' } })
      .png()
      .toBuffer();
    const made = async (section: string, field: string) => {
      const res = await (await uploadImage(field, section, png, 'image/png')).process();
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body.variants as { path: string }[]).map((v) => v.path);
    };
    const served = async (paths: string[]) =>
      Promise.all(paths.map(async (p) => (await fetch(`${siteUrl()}${p}`)).status));

    const res = await api('POST', '/api/website/sections/testimonials/content', {
      token: admin.idToken,
      body: { status: 'draft', sortOrder: 90, fields: { client_name: 'Stale Sam', testimonial_text: 'Great.' } },
    });
    const id = res.body.content.id as string;
    created.push(id);
    const saved = await api('PUT', `/api/website/content/${id}`, {
      token: admin.idToken,
      body: { status: 'draft', sortOrder: 90, version: 1, fields: { client_name: 'Sam', testimonial_text: 'Great!' } },
    });
    expect(saved.status).toBe(200);
    const photo = await made('testimonials', 'photo');
    expect(photo.length).toBe(2);
    expect(await served(photo)).toEqual([200, 200]);
    const stale = await api('PUT', `/api/website/content/${id}`, {
      token: admin.idToken,
      body: {
        status: 'draft',
        sortOrder: 90,
        version: 1,
        fields: { client_name: 'Sam', testimonial_text: 'Great!', photo: photo[photo.length - 1] },
      },
    });
    expect(stale.status).toBe(409);
    expect(await served(photo)).toEqual([404, 404]);

    const background = await made('hero', 'background_image');
    const second = await api('POST', '/api/website/sections/hero/content', {
      token: admin.idToken,
      body: {
        status: 'draft',
        sortOrder: 0,
        fields: { heading: 'Another hero', subheading: 'No', background_image: background[background.length - 1] },
      },
    });
    expect(second.status).toBe(409);
    expect(await served(background)).toEqual(background.map(() => 404));
  });
});
