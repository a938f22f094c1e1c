import { act, cleanup, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteProvider } from '../lib/site';
import { Seo } from './seo';

const SITE = 'https://www.example-dogs.test';

const page = (siteUrl: string) => (
  <SiteProvider siteUrl={siteUrl}>
    <Seo title="Programs" description="Training programs" path="/programs" />
    <p>Programs page</p>
  </SiteProvider>
);

async function staticHtml(siteUrl: string): Promise<string> {
  const html = await new Response((await prerender(page(siteUrl))).prelude).text();
  // Restores the renderer's context slots before a client render in this same realm.
  await new Response((await prerender(<div />)).prelude).text();
  return html;
}

const headHref = (selector: string, attr: string) => document.head.querySelector(selector)?.getAttribute(attr);

afterEach(() => {
  cleanup();
  for (const el of document.head.querySelectorAll('title, meta, link')) el.remove();
});

describe('Seo canonical and og:url', () => {
  it('are absolute in the prerendered HTML, from the configured site URL (trailing slash dropped)', async () => {
    const html = await staticHtml(`${SITE}/`);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/programs"/>`);
    expect(html).toContain(`<meta property="og:url" content="${SITE}/programs"/>`);
    expect(html).toContain(`<meta property="og:image" content="${SITE}/og-image.jpg"/>`);
  });

  it('keep the configured site URL in the browser, also when it differs from the page origin', () => {
    render(page(SITE));
    expect(headHref('link[rel="canonical"]', 'href')).toBe(`${SITE}/programs`);
    expect(headHref('meta[property="og:url"]', 'content')).toBe(`${SITE}/programs`);
  });

  it('use the page origin in the browser when no site URL was configured', () => {
    render(page(''));
    expect(headHref('link[rel="canonical"]', 'href')).toBe(`${window.location.origin}/programs`);
    expect(window.location.origin).toMatch(/^https?:\/\//);
  });

  it.each([
    ['configured', SITE, SITE],
    ['not configured (origin after hydration)', '', window.location.origin],
  ])('hydrate without a mismatch when the site URL is %s', async (_label, siteUrl, expected) => {
    const html = await staticHtml(siteUrl);
    const container = document.createElement('div');
    // The prerender moves the hoisted head tags into <head>.
    const head = html.match(/^(\s*(<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>))+/)?.[0] ?? '';
    document.head.insertAdjacentHTML('beforeend', head);
    container.innerHTML = html.slice(head.length);
    document.body.appendChild(container);
    const errors: unknown[] = [];
    const SAME_REALM = 'Detected multiple renderers concurrently rendering the same context provider';
    vi.spyOn(console, 'error').mockImplementation((...args) => {
      if (!String(args[0]).startsWith(SAME_REALM)) errors.push(args);
    });
    const recoverable = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, page(siteUrl), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
    const canonicals = [...document.head.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href'));
    expect(canonicals).toEqual([`${expected}/programs`]);
    act(() => root?.unmount());
    container.remove();
  });
});
