/**
 * The prerendered HTML of every public page hydrates without a mismatch: each page is rendered the way
 * web/scripts/prerender.tsx does (react-dom/static), then hydrated the way app/hydrate.tsx
 * does (page chunk preloaded first), with React's development checks watching.
 */
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { setContent } from '../lib/content/test-support';
import { SiteProvider } from '../lib/site';
import { App } from './app';
import { publicPages } from './public-pages';
import { lazyPagesFor } from './routes';

async function staticHtml(location: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <SiteProvider siteUrl="">
        <App pathname={location} />
      </SiteProvider>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  // The browser build of the static renderer shares React's context slots with the client renderer
  // in this one test realm: a second, empty render restores them before the client hydrates.
  await new Response((await prerender(<div />)).prelude).text();
  // React writes the hoisted head tags first; the prerender moves them to <head>.
  return html.replace(/^(\s*(<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>))+/, '');
}

describe('hydration of the prerendered public pages', () => {
  it.each([...publicPages().map((p) => p.path), '/no/such/page'])('%s hydrates without warnings', async (path) => {
    setContent({
      hero: 'none',
      about_us: 'none',
      programs: 'none',
      tips: 'none',
      testimonials: 'none',
      success_stories: 'none',
    });
    const html = await staticHtml(path);
    window.history.replaceState(null, '', path);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    await Promise.all(lazyPagesFor(path).map((p) => p.preload()));

    const errors: unknown[] = [];
    // Only in this test realm (server and client renderer side by side), never in a browser.
    const SAME_REALM = 'Detected multiple renderers concurrently rendering the same context provider';
    const error = vi.spyOn(console, 'error').mockImplementation((...args) => {
      if (!String(args[0]).startsWith(SAME_REALM)) errors.push(args);
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args) => {
      if (!String(args[0]).startsWith('[content]')) errors.push(args);
    });
    const recoverable = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <SiteProvider siteUrl="">
            <App pathname={path} />
          </SiteProvider>
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
      // Home's below-the-fold blocks hydrate once their chunks load.
      await new Promise((r) => setTimeout(r, 300));
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).not.toBeNull();
    act(() => root?.unmount());
    container.remove();
    error.mockRestore();
    warn.mockRestore();
  });
});
