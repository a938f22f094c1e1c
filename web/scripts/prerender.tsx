/**
 * Prerenders the public pages into web/dist after `vite build`:
 *   /            -> dist/index.html          /contact -> dist/contact/index.html
 *   /about ...   -> dist/<path>/index.html   (404)    -> dist/404.html (noindex)
 *   each built-in tip and story: /tips/<id>, /success-stories/<slug> -> dist/<path>/index.html
 * from the built-in content, writes dist/sitemap.xml and dist/robots.txt from the same list, and
 * stamps dist/shell.html (the SPA shell for portal routes and unknown paths).
 *
 * Pages render with react-dom/static `prerender` + React Router's StaticRouter; the <title>, <meta>
 * and <link> tags React 19 emits first are moved into <head>. The client hydrates these pages.
 * SITE_URL (optional) makes canonical and social URLs absolute.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { register } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';

// Components import their stylesheets (Vite bundles them); in Node they load as empty modules.
register('./css-stub-loader.mjs', import.meta.url);
const { App } = await import('../src/app/app');
const { lazyPagesFor } = await import('../src/app/routes');
const { publicPages, robotsTxt, sitemapXml } = await import('../src/app/public-pages');
const { SiteProvider } = await import('../src/lib/site');

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const siteUrl = (process.env.SITE_URL ?? '').replace(/\/+$/, '');

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

async function renderPath(location: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <SiteProvider siteUrl={siteUrl}>
        <StaticRouter location={location}>
          <App />
        </StaticRouter>
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
 * <link>s for a lazy page chunk: its CSS and JS (plus their static imports) outside the entry. The entry
 * is what index.html already loads (Vite's manifest does not always flag the HTML entries' chunks).
 */
function pageAssetLinks(manifest: Manifest, modules: string[], loaded: Set<string>): string[] {
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
    for (const c of chunk.css ?? []) if (!entryFiles.has(c)) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const m of modules) {
    if (!manifest[m]) throw new Error(`${m} is not in Vite's manifest`);
    visit(m);
  }
  return [
    ...[...css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...[...js].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ];
}

/**
 * The page's head tags go where the template says (<!--app-head-->, before Vite's entry tags); its own
 * chunk's stylesheet and modulepreload links go last in <head>, after the entry stylesheet, the same
 * order Vite uses when it loads a page chunk on client-side navigation (so page styles win equally).
 */
function fillTemplate(template: string, page: string, head: string, assets: string[], body: string): string {
  if (!template.includes('<!--app-head-->') || !template.includes('<div id="root"><!--app-html--></div>')) {
    throw new Error('dist/index.html lacks the <!--app-head--> / <!--app-html--> placeholders');
  }
  if (!template.includes('</head>')) throw new Error('dist/index.html has no </head>');
  return template
    .replace('<!--app-head-->', () => head)
    .replace('</head>', () => `${assets.map((a) => `  ${a}\n  `).join('')}</head>`)
    .replace(
      '<div id="root"><!--app-html--></div>',
      // A function, so `$` sequences in the markup are never read as replacement patterns.
      () => `<div id="root" data-page="${escapeAttr(page)}" data-site-url="${escapeAttr(siteUrl)}">${body}</div>`,
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
  const pages: { location: string; page: string; file: string }[] = [
    ...publicPages().map((p) => ({ location: p.path, page: p.path, file: p.file })),
    { location: '/__not-found__', page: '404', file: '404.html' },
  ];
  for (const p of pages) {
    const { head, body } = splitHead(await renderPath(p.location));
    if (!head.includes('<title>')) throw new Error(`${p.location}: no <title> was rendered`);
    const assets = pageAssetLinks(
      manifest,
      lazyPagesFor(p.location).map((page) => page.module),
      loaded,
    );
    await write(p.file, fillTemplate(template, p.page, head, assets, body));
  }

  const shell = await readFile(join(dist, 'shell.html'), 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error('dist/shell.html lacks <div id="root"></div>');
  await write(
    'shell.html',
    shell.replace('<div id="root"></div>', () => `<div id="root" data-site-url="${escapeAttr(siteUrl)}"></div>`),
  );

  await write('sitemap.xml', sitemapXml(siteUrl));
  await write('robots.txt', robotsTxt(siteUrl));

  // The manifest only served the prerender: not part of the site.
  await rm(join(dist, '.vite'), { recursive: true, force: true });
  console.log(
    `prerendered ${pages.length} pages + shell.html, sitemap.xml and robots.txt in ${Date.now() - started} ms`,
  );
}

await main();
