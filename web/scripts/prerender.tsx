/**
 * Prerenders the public pages into web/dist after `vite build`:
 *   /            -> dist/index.html          /contact -> dist/contact/index.html
 *   /about ...   -> dist/<path>/index.html   (404)    -> dist/404.html (noindex)
 *   each built-in tip and story: /tips/<id>, /success-stories/<slug> -> dist/<path>/index.html
 * from the built-in content, writes dist/sitemap.xml and dist/robots.txt from the same list,
 * dist/site-routes.json (the public and portal path patterns, for the CloudFront site function), and
 * stamps dist/shell.html (the SPA shell for portal routes and unknown paths).
 *
 * Pages render with react-dom/static `prerender`; the <title>, <meta>
 * and <link> tags React 19 emits first are moved into <head>. The client hydrates these pages.
 *
 * Each page's stylesheets (the entry's and its page chunk's) are inlined, in cascade order, as one
 * <style data-href="/assets/x.css /assets/y.css"> in place of render-blocking <link rel=stylesheet>s: the
 * first paint needs only the HTML. The hashed CSS files stay in dist for the SPA shell; web/src/main.tsx
 * tells Vite's preload helper which files a page already has inline, so loading the page's chunks never
 * links them again. The scripts, which only hydrate the page, load at low priority (see lowPriorityScripts).
 *
 * SITE_URL makes canonical, social, sitemap and robots.txt URLs absolute: `npm run deploy` sets the
 * deployed site's URL; unset, it is the local runtime's (http://127.0.0.1:3000).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { register } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';

// Components import their stylesheets (Vite bundles them); in Node they load as empty modules.
register('./css-stub-loader.mjs', import.meta.url);
const { App } = await import('../src/app/app');
const { lazyPagesFor, PUBLIC_ROUTES } = await import('../src/app/routes');
const { PORTAL_PATTERNS } = await import('../src/app/portal-paths');
const { publicPages, robotsTxt, sitemapXml } = await import('../src/app/public-pages');
const { SiteProvider } = await import('../src/lib/site');

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
/** The local runtime's site URL (infra/local/runtime.ts, default ports): the build's URL unless SITE_URL is set. */
export const LOCAL_SITE_URL = 'http://127.0.0.1:3000';
const siteUrl = (process.env.SITE_URL || LOCAL_SITE_URL).replace(/\/+$/, '');
if (!/^https?:\/\/[^/]+$/.test(siteUrl)) throw new Error(`SITE_URL must be an http(s) origin, got "${siteUrl}"`);

/** The module web/src/main.tsx imports to hydrate a page: its CSS is inlined and its JS listed on every page. */
const HYDRATE_MODULE = 'src/app/hydrate.tsx';

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

async function renderPath(location: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <SiteProvider siteUrl={siteUrl}>
        <App pathname={location} />
      </SiteProvider>
    </StrictMode>,
    // Never outline large Suspense boundaries into late segments: the static HTML stays plain markup.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

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

interface ManifestChunk {
  file: string;
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

/**
 * The page's one <style>: its stylesheets' rules in cascade order (the entry's, then its page chunk's, the
 * order Vite's preload helper appends them in when the chunks load). `data-href` lists the files for
 * main.tsx.
 */
const inlineStyle = (files: string[], css: string[]) =>
  `<style data-href="${files.map((f) => `/${f}`).join(' ')}">${css.join('\n')}</style>`;

/** Where the page's <style> goes: where Vite linked the entry stylesheet. */
const STYLES_PLACEHOLDER = '<!--page-styles-->';

/**
 * The page's module scripts and modulepreloads, fetched at low priority: the prerendered HTML is the whole
 * page, the JS only hydrates it, so on a slow network the hero image and the font go first (at the default
 * high priority the scripts share the bandwidth with them and Lighthouse counts them as render-blocking).
 */
export function lowPriorityScripts(html: string): string {
  return html.replace(/<(script|link)\b([^>]*?)(\s*\/)?>/g, (tag, name: string, attrs: string, end = '') => {
    const js = name === 'script' ? /\btype="module"/.test(attrs) : /\brel="modulepreload"/.test(attrs);
    return js && !/\bfetchpriority=/i.test(attrs) ? `<${name}${attrs} fetchpriority="low"${end}>` : tag;
  });
}

/** The entry stylesheet links Vite wrote into index.html: `[whole tag, file]`. */
export function templateStylesheets(template: string): [string, string][] {
  return [...template.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/(assets\/[^"]+\.css)"[^>]*>/g)].map(
    (m) => [m[0], m[1]],
  );
}

/**
 * The page's head tags go where the template says (<!--app-head-->, before Vite's entry tags); its one
 * <style> (entry and page chunk stylesheets) where Vite linked the entry stylesheet.
 */
function fillTemplate(
  template: string,
  page: string,
  head: string,
  style: string,
  modules: string[],
  body: string,
): string {
  if (!template.includes('<!--app-head-->') || !template.includes('<div id="root"><!--app-html--></div>')) {
    throw new Error('dist/index.html lacks the <!--app-head--> / <!--app-html--> placeholders');
  }
  if (!template.includes(STYLES_PLACEHOLDER)) throw new Error('the page template lacks its styles placeholder');
  return template
    .replace('<!--app-head-->', () => head)
    .replace(STYLES_PLACEHOLDER, () => style)
    .replace(
      '<div id="root"><!--app-html--></div>',
      // A function, so `$` sequences in the markup are never read as replacement patterns.
      () =>
        `<div id="root" data-page="${escapeAttr(page)}" data-site-url="${escapeAttr(siteUrl)}"${
          modules.length ? ` data-modules="${escapeAttr(modules.join(' '))}"` : ''
        }>${body}</div>`,
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
  const pages: { location: string; page: string; file: string }[] = [
    ...publicPages().map((p) => ({ location: p.path, page: p.path, file: p.file })),
    { location: '/__not-found__', page: '404', file: '404.html' },
  ];
  for (const p of pages) {
    const { head, body } = splitHead(await renderPath(p.location));
    if (!head.includes('<title>')) throw new Error(`${p.location}: no <title> was rendered`);
    // The hydration module (web/src/main.tsx loads it after the page) and the page's own chunk.
    const { css, js } = pageAssets(
      manifest,
      [HYDRATE_MODULE, ...lazyPagesFor(p.location).map((page) => page.module)],
      loaded,
    );
    const styleFiles = [...entryCss.map(([, file]) => file), ...css];
    const style = inlineStyle(styleFiles, await Promise.all(styleFiles.map(readCss)));
    const modules = js.map((f) => `/${f}`);
    const html = lowPriorityScripts(fillTemplate(pageTemplate, p.page, head, style, modules, body));
    if (/<link\b[^>]*\brel="stylesheet"/.test(html)) throw new Error(`${p.file}: a stylesheet link is left`);
    await write(p.file, html);
  }

  const shell = await readFile(join(dist, 'shell.html'), 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error('dist/shell.html lacks <div id="root"></div>');
  await write(
    'shell.html',
    shell.replace('<div id="root"></div>', () => `<div id="root" data-site-url="${escapeAttr(siteUrl)}"></div>`),
  );

  await write('sitemap.xml', sitemapXml(siteUrl));
  await write('robots.txt', robotsTxt(siteUrl));
  // The paths the app routes, for the CloudFront site function (infra/cloud/site-router.ts): any other path
  // is answered with 404.html and status 404.
  await write(
    'site-routes.json',
    `${JSON.stringify({ public: PUBLIC_ROUTES.map((r) => r.path), portal: PORTAL_PATTERNS }, null, 2)}\n`,
  );

  // The manifest only served the prerender: not part of the site.
  await rm(join(dist, '.vite'), { recursive: true, force: true });
  console.log(
    `prerendered ${pages.length} pages + shell.html, sitemap.xml and robots.txt in ${Date.now() - started} ms`,
  );
}

await main();
