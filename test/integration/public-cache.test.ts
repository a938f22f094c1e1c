import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLIC_CACHE_CONTROL } from '../../functions/lib/viewer.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { api, busIdle, createTestUser, type TestUser } from '../support/api.js';

/**
 * The public content GETs are cacheable at the edge (short TTL, stale-while-revalidate) and a change made
 * through the product invalidates exactly what it changed (ADR 0018), through the PublicPathsChanged event
 * raised in the change's transaction (events/invalidate-cdn). Locally the invalidation adapter only records
 * the paths; the runtime lists them at /__local/cdn-invalidations.
 */
let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser('admin');
});
afterAll(async () => {
  await resetBusinessSettings();
});

const invalidations = async () => {
  const res = await fetch(`${inject('urls').site}/__local/cdn-invalidations`);
  return ((await res.json()) as { items: { at: string; paths: string[] }[] }).items;
};

describe('public content served from the edge', () => {
  it('answers GET /api/public/content/{section} and GET /api/public/business with a short, revalidated Cache-Control', async () => {
    for (const path of ['/api/public/content/programs', '/api/public/business']) {
      const res = await api('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe(PUBLIC_CACHE_CONTROL);
    }
    expect(PUBLIC_CACHE_CONTROL).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
  });

  it('never lets an error or a signed-in answer be cached', async () => {
    const bad = await api('GET', '/api/public/content/not-a-section');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('cache-control')).toBe('no-store');
    const me = await api('GET', '/api/me', { token: admin.idToken });
    expect(me.headers.get('cache-control')).toBe('no-store');
  });

  it('invalidates /api/public/business when the business settings are saved, and nothing when the save is refused', async () => {
    await busIdle();
    const before = (await invalidations()).length;
    const refused = await api('PUT', '/api/settings/business', { token: admin.idToken, body: { businessName: '' } });
    expect(refused.status).toBe(400);
    await busIdle();
    expect(await invalidations()).toHaveLength(before);

    const saved = await api('PUT', '/api/settings/business', {
      token: admin.idToken,
      body: {
        businessName: 'Edge Cache Training',
        businessPhone: '(813) 555-0142',
        businessEmail: 'desk@edge-cache.test',
        defaultSessionDuration: 60,
        hourlyRate: 70,
        timeZone: 'America/New_York',
      },
    });
    expect(saved.status).toBe(200);
    // Invalidated by the event the save raised (delivered once the outbox and the bus are idle).
    await busIdle();
    const after = await invalidations();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.paths).toEqual(['/api/public/business']);
    // The next read has the change (the local site server caches nothing).
    expect((await api('GET', '/api/public/business')).body).toMatchObject({ name: 'Edge Cache Training' });
  });
});
