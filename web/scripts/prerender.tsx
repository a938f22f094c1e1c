/**
 * Prerenders the public pages into web/dist after `vite build`:
 *   /            -> dist/index.html          /contact -> dist/contact/index.html
 *   /about ...   -> dist/<path>/index.html   (404)    -> dist/404.html (noindex)
 *   each built-in tip and story: /tips/<id>, /success-stories/<slug> -> dist/<path>/index.html
 * from the built-in content, writes dist/sitemap.xml and dist/robots.txt from the same list,
 * dist/site-routes.json (the public and portal path patterns, for the CloudFront site function), and
 * stamps dist/shell.html (the SPA shell for portal routes and unknown paths).
 *
 * Pages render with the code the render on publish uses (web/src/app/render-page.tsx: react-dom/static
 * `prerender`; the <title>, <meta> and <link> tags React 19 emits first are moved into <head>), here with
 * the built-in content. No page hydrates as a whole (lib/static-page binds its behaviour; the contact
 * form is an island). What a later render needs from this build (the
 * page template, each route's inlined CSS and scripts) goes to dist/_render/kit.json, and the pages with
 * the content sections each shows to dist/_render/pages.json (docs/decisions: render on publish).
 *
 * Each page's stylesheets (the entry's and its page chunk's) are inlined, in cascade order, as one
 * <style data-href="/assets/x.css /assets/y.css"> in place of render-blocking <link rel=stylesheet>s: the
 * first paint needs only the HTML. The hashed CSS files stay in dist for the SPA shell; web/src/main.tsx
 * tells Vite's preload helper which files a page already has inline, so loading the page's chunks never
 * links them again. The scripts, which only bind the page's behaviour, load at low priority (see
 * lowPriorityScripts).
 *
 * SITE_URL makes canonical, social, sitemap and robots.txt URLs absolute: `npm run deploy` sets the
 * deployed site's URL; unset, it is the local runtime's (http://127.0.0.1:3000).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { register } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { articleSections, sectionNotFoundPage } from '#shared/adapters/site-router-code';
import type { RenderedPage, RenderKit } from '../src/app/render-page';
import { writeAppManifest } from './app-manifest';

/** The id a section's not-found page is rendered for: one no record has. */
const SECTION_NOT_FOUND_ID = '__not-found__';

// Components import their stylesheets (Vite bundles them); in Node they load as empty modules.
register('./css-stub-loader.mjs', import.meta.url);
const { lazyPagesFor, PUBLIC_ROUTES } = await import('../src/app/routes');
const { PORTAL_PATTERNS } = await import('../src/app/portal-paths');
const { pageAliases, publicPages, robotsTxt, sitemapXml } = await import('../src/app/public-pages');
const { MEDIA_URL } = await import('../src/lib/content/published');
const { NOT_FOUND_ROUTE, PAGE_INDEX_FILE, RENDER_KIT_FILE, renderPage, routeOf, STYLES_PLACEHOLDER } = await import(
  '../src/app/render-page'
);

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
/** The local runtime's site URL (infra/local/runtime.ts, default ports): the build's URL unless SITE_URL is set. */
export const LOCAL_SITE_URL = 'http://127.0.0.1:3000';
const siteUrl = (process.env.SITE_URL || LOCAL_SITE_URL).replace(/\/+$/, '');
if (!/^https?:\/\/[^/]+$/.test(siteUrl)) throw new Error(`SITE_URL must be an http(s) origin, got "${siteUrl}"`);

/**
 * The module that renders a public page in the SPA shell: its CSS (header, footer, layout) is what every
 * prerendered page shows, inlined with the page chunk's.
 */
const PUBLIC_SHELL_MODULE = 'src/app/public-shell.tsx';
/** The static page's behaviour (web/src/main.tsx imports it on every prerendered page): modulepreloaded. */
const STATIC_PAGE_MODULE = 'src/app/islands.ts';
const STATIC_PAGE_CHUNK = 'static-page';

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

interface ManifestChunk {
  file: string;
  name?: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The asset files the built index.html already loads (the entry's scripts and stylesheet). */
export function templateAssets(template: string): Set<string> {
  return new Set([...template.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));
}

/**
 * A lazy page chunk's files outside the entry (what index.html already loads; Vite's manifest does not
 * always flag the HTML entries' chunks): its JS with its static imports, and their CSS in the order Vite's
 * preload helper appends it when a chunk loads (a chunk's imports' CSS before its own), so the
 * cascade is the same either way.
 */
export function pageAssets(
  manifest: Manifest,
  modules: string[],
  loaded: Set<string>,
): { css: string[]; js: string[] } {
  const entryFiles = new Set([
    ...loaded,
    ...Object.values(manifest)
      .filter((c) => c.isEntry)
      .map((c) => c.file),
  ]);
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || entryFiles.has(chunk.file) || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
    for (const c of chunk.css ?? []) if (!entryFiles.has(c)) css.add(c);
  };
  for (const m of modules) {
    if (!manifest[m]) throw new Error(`${m} is not in Vite's manifest`);
    visit(m);
  }
  return { css: [...css], js: [...js] };
}

/** Reads a built stylesheet (`assets/x.css`) for a <style> element, once. */
function cssReader() {
  const cache = new Map<string, Promise<string>>();
  return (file: string) => {
    let text = cache.get(file);
    if (!text) {
      text = readFile(join(dist, file), 'utf8').then((css) => {
        // Inline in pages at other paths: a relative url() would resolve against the page, not /assets/.
        const relative = /url\(\s*(?!['"]?(?:[a-z][\w+.-]*:|\/|#))/i.exec(css);
        if (relative)
          throw new Error(
            `${file}: relative url() cannot be inlined (${css.slice(relative.index, relative.index + 60)})`,
          );
        if (/<\/style/i.test(css)) throw new Error(`${file} contains "</style"`);
        return css.trim();
      });
      cache.set(file, text);
    }
    return text;
  };
}

/** The entry stylesheet links Vite wrote into index.html: `[whole tag, file]`. */
export function templateStylesheets(template: string): [string, string][] {
  return [...template.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/(assets\/[^"]+\.css)"[^>]*>/g)].map(
    (m) => [m[0], m[1]],
  );
}

async function write(file: string, html: string) {
  const target = join(dist, file);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, html);
}

async function main() {
  const started = Date.now();
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  const manifestPath = join(dist, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  const loaded = templateAssets(template);
  const readCss = cssReader();
  // The entry's stylesheet links give way to the page's <style> (at the first one's place).
  const entryCss = templateStylesheets(template);
  if (entryCss.length === 0) throw new Error('dist/index.html links no stylesheet: nothing to inline');
  let pageTemplate = template;
  for (const [i, [tag]] of entryCss.entries()) {
    pageTemplate = pageTemplate.replace(tag, () => (i === 0 ? STYLES_PLACEHOLDER : ''));
  }
  // Each route's assets: the stylesheets of the public pages' frame and of the page's own chunk (the entry's
  // first), and the static page's behaviour. No page loads React up front: an island loads it when needed.
  const kit: RenderKit = { siteUrl, template: pageTemplate, routes: {} };
  // Its chunk is a manual one (web/vite.config.ts): the manifest lists it by chunk name, not source.
  const behaviourKey = Object.keys(manifest).find(
    (k) => k === STATIC_PAGE_MODULE || manifest[k].name === STATIC_PAGE_CHUNK,
  );
  if (!behaviourKey) throw new Error(`${STATIC_PAGE_MODULE} is not in Vite's manifest`);
  const behaviour = pageAssets(manifest, [behaviourKey], loaded);
  if (behaviour.css.length) throw new Error(`${STATIC_PAGE_MODULE} brings stylesheets: ${behaviour.css.join(', ')}`);
  const react = behaviour.js.filter((f) => /^assets\/react-[^/]+\.js$/.test(f));
  if (react.length) throw new Error(`${STATIC_PAGE_MODULE} imports React (${behaviour.js.join(', ')})`);
  for (const route of [...PUBLIC_ROUTES.map((r) => r.path), NOT_FOUND_ROUTE]) {
    const location = route === NOT_FOUND_ROUTE ? '/__not-found__' : route;
    const { css } = pageAssets(
      manifest,
      [PUBLIC_SHELL_MODULE, ...lazyPagesFor(location).map((page) => page.module)],
      loaded,
    );
    const styleFiles = [...entryCss.map(([, file]) => file), ...css];
    kit.routes[route] = {
      styleFiles,
      css: (await Promise.all(styleFiles.map(readCss))).join('\n'),
      modules: behaviour.js.map((f) => `/${f}`),
    };
  }
  // The built-in content: no section has records of its own.
  const content = { sections: {}, mediaUrl: MEDIA_URL };
  const sitePages = publicPages().map((p) => ({ location: p.path, page: p.path, file: p.file, lastmod: p.lastmod }));
  // Not-found pages, no pages of the site (not in the page index): the generic one, and each article
  // section's (its spec view, "Article Not Found"...), which the site router answers with 404 for an id
  // the section does not have (shared/adapters/site-router-code.ts).
  const notFound = [
    { location: '/__not-found__', page: NOT_FOUND_ROUTE, file: '404.html', lastmod: undefined },
    ...articleSections(PUBLIC_ROUTES.map((r) => r.path)).map((section) => ({
      location: `/${section}/${SECTION_NOT_FOUND_ID}`,
      page: `/${section}/${SECTION_NOT_FOUND_ID}`,
      file: sectionNotFoundPage(section).slice(1),
      lastmod: undefined,
    })),
  ];
  const pages = [...sitePages, ...notFound];
  const notFoundPages = new Set(notFound.map((p) => p.file));
  const index: RenderedPage[] = [];
  for (const p of pages) {
    if (p.page !== NOT_FOUND_ROUTE && routeOf(p.location) === NOT_FOUND_ROUTE)
      throw new Error(`${p.location}: no route`);
    const { html, sections } = await renderPage(kit, p.location, p.page, content);
    await write(p.file, html);
    if (!notFoundPages.has(p.file)) index.push({ path: p.location, file: p.file, lastmod: p.lastmod, sections });
  }
  await write(RENDER_KIT_FILE, JSON.stringify(kit));
  await write(PAGE_INDEX_FILE, `${JSON.stringify(index, null, 2)}\n`);

  const shell = await readFile(join(dist, 'shell.html'), 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error('dist/shell.html lacks <div id="root"></div>');
  await write(
    'shell.html',
    shell.replace('<div id="root"></div>', () => `<div id="root" data-site-url="${escapeAttr(siteUrl)}"></div>`),
  );

  await write('sitemap.xml', sitemapXml(siteUrl));
  await write('robots.txt', robotsTxt(siteUrl));
  await writeAppManifest(dist);
  // The paths the app routes, for the CloudFront site function (infra/cloud/site-router.ts): any other path
  // is answered with 404.html and status 404.
  await write(
    'site-routes.json',
    `${JSON.stringify({ public: PUBLIC_ROUTES.map((r) => r.path), portal: PORTAL_PATTERNS, aliases: pageAliases() }, null, 2)}\n`,
  );

  // The manifest only served the prerender: not part of the site.
  await rm(join(dist, '.vite'), { recursive: true, force: true });
  console.log(
    `prerendered ${pages.length} pages + shell.html, sitemap.xml, robots.txt and the app manifest in ${Date.now() - started} ms`,
  );
}

await main();
