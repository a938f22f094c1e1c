/**
 * Renders one public page to its final HTML with given published content: the code the build's prerender
 * (web/scripts/prerender.tsx) and the render on publish (functions/events/render-public-pages.ts) share, so a
 * page published later is the same document the build writes. What the build knew (the page template,
 * each page's stylesheets and scripts) is the render kit the build writes next to the pages.
 *
 * Server only (react-dom/static): never imported by the app's own modules.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { type PageSection, type PublishedContent, PublishedContentProvider } from '../lib/content/published';
import { SiteProvider } from '../lib/site';
import { App } from './app';
import { matchPath } from './paths';
import { PUBLIC_ROUTES } from './routes';

/** Where the build writes the render kit and the page index in the site (not pages: never linked). */
export const RENDER_DIR = '_render';
export const RENDER_KIT_FILE = `${RENDER_DIR}/kit.json`;
export const PAGE_INDEX_FILE = `${RENDER_DIR}/pages.json`;

/** What a page of one route loads besides the template's entry: its inlined CSS and its module scripts. */
export interface RouteAssets {
  /** The stylesheet files inlined (for `data-href`, main.tsx). */
  styleFiles: string[];
  /** Their rules in cascade order. */
  css: string;
  /** The module scripts the page's entry imports at once (`/assets/x.js`), modulepreloaded with the page. */
  modules: string[];
}

export interface RenderKit {
  siteUrl: string;
  /** The built index.html with the styles placeholder in place of the entry's stylesheet links. */
  template: string;
  /** By route pattern (`/tips/:id`), and `404` for the not-found page. */
  routes: Record<string, RouteAssets>;
}

/** A page the site holds, and the content sections it shows (what it read while rendering). */
export interface RenderedPage {
  path: string;
  file: string;
  lastmod?: string;
  sections: PageSection[];
}

export const NOT_FOUND_ROUTE = '404';

/** The route pattern of a public path (`/tips/abc` -> `/tips/:id`), or the not-found route. */
export function routeOf(location: string): string {
  return PUBLIC_ROUTES.find((r) => matchPath(r.path, location))?.path ?? NOT_FOUND_ROUTE;
}

/** Where the page's <style> goes: where Vite linked the entry stylesheet. */
export const STYLES_PLACEHOLDER = '<!--page-styles-->';

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Splits React's output into the hoisted head tags it writes first and the body markup. */
export function splitHead(html: string): { head: string; body: string } {
  const tag = /^\s*(<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/;
  let rest = html;
  const head: string[] = [];
  for (let m = tag.exec(rest); m; m = tag.exec(rest)) {
    head.push(m[1]);
    rest = rest.slice(m[0].length);
  }
  return { head: head.join('\n    '), body: rest };
}

/**
 * The page's module scripts and modulepreloads, fetched at low priority: the prerendered HTML is the whole
 * page, the JS only binds its behaviour, so on a slow network the hero image and the font go first (at the default
 * high priority the scripts share the bandwidth with them and Lighthouse counts them as render-blocking).
 */
export function lowPriorityScripts(html: string): string {
  return html.replace(/<(script|link)\b([^>]*?)(\s*\/)?>/g, (tag, name: string, attrs: string, end = '') => {
    const js = name === 'script' ? /\btype="module"/.test(attrs) : /\brel="modulepreload"/.test(attrs);
    return js && !/\bfetchpriority=/i.test(attrs) ? `<${name}${attrs} fetchpriority="low"${end}>` : tag;
  });
}

/**
 * The page's one <style>: its stylesheets' rules in cascade order (the entry's, then its page chunk's, the
 * order Vite's preload helper appends them in when the chunks load). `data-href` lists the files for
 * main.tsx.
 */
const inlineStyle = (assets: RouteAssets) =>
  `<style data-href="${assets.styleFiles.map((f) => `/${f}`).join(' ')}">${assets.css}</style>`;

/**
 * The page's head tags go where the template says (<!--app-head-->, before Vite's entry tags); its one
 * <style> (and the modulepreloads of its behaviour) where Vite linked the entry stylesheet.
 */
function fillTemplate(kit: RenderKit, page: string, head: string, assets: RouteAssets, body: string) {
  const { template, siteUrl } = kit;
  if (!template.includes('<!--app-head-->') || !template.includes('<div id="root"><!--app-html--></div>')) {
    throw new Error('the page template lacks the <!--app-head--> / <!--app-html--> placeholders');
  }
  if (!template.includes(STYLES_PLACEHOLDER)) throw new Error('the page template lacks its styles placeholder');
  const { modules } = assets;
  return template
    .replace('<!--app-head-->', () => head)
    .replace(
      STYLES_PLACEHOLDER,
      () =>
        inlineStyle(assets) +
        modules.map((m) => `\n    <link rel="modulepreload" crossorigin href="${escapeAttr(m)}">`).join(''),
    )
    .replace(
      '<div id="root"><!--app-html--></div>',
      // A function, so `$` sequences in the markup are never read as replacement patterns.
      () => `<div id="root" data-page="${escapeAttr(page)}" data-site-url="${escapeAttr(siteUrl)}">${body}</div>`,
    );
}

/**
 * The HTML of the page at `location` (`page`: its `data-page`, the path or `404`) with `content`, and the
 * content sections it shows.
 */
export async function renderPage(
  kit: RenderKit,
  location: string,
  page: string,
  content: PublishedContent,
): Promise<{ html: string; sections: PageSection[] }> {
  const used = new Set<PageSection>();
  const { prelude } = await prerender(
    <StrictMode>
      <SiteProvider siteUrl={kit.siteUrl}>
        <PublishedContentProvider content={content} used={used}>
          <App pathname={location} />
        </PublishedContentProvider>
      </SiteProvider>
    </StrictMode>,
    // Never outline large Suspense boundaries into late segments: the static HTML stays plain markup.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const { head, body } = splitHead(await new Response(prelude).text());
  if (!head.includes('<title>')) throw new Error(`${location}: no <title> was rendered`);
  const route = page === NOT_FOUND_ROUTE ? NOT_FOUND_ROUTE : routeOf(location);
  const assets = kit.routes[route];
  if (!assets) throw new Error(`${location}: the render kit has no assets for ${route}`);
  const html = lowPriorityScripts(fillTemplate(kit, page, head, assets, body));
  if (/<link\b[^>]*\brel="stylesheet"/.test(html)) throw new Error(`${location}: a stylesheet link is left`);
  return { html, sections: [...used].sort() };
}
