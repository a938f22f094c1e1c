import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { register } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import type { SiteStore } from '../../shared/adapters/site.js';
import type { SiteRouteStore } from '../../shared/adapters/site-router-code.js';
import { readPublicClasses } from '../../shared/domain/public-classes.js';
import { readPublishedSections } from '../../shared/domain/website-render.js';

/** The build's render kit (web/src/app/render-page.tsx RENDER_KIT_FILE): what marks a build to copy. */
export const RENDER_KIT = join('_render', 'kit.json');
const KIT = RENDER_KIT;
const STAMP = '.build-stamp';
/** The local route store's file in the data folder (see fileRouteStore). */
export const ROUTE_STORE_FILE = 'site-route-store.json';

/**
 * The local site folder the site server serves and the render on publish writes (the cloud's site bucket):
 * a copy of the web build, made again when the build changed (its render kit's time), else kept with the
 * pages rendered since. Returns whether the copy is new (then its pages show the build's content).
 */
export function prepareSiteFolder(webDist: string, siteDir: string): { fresh: boolean } {
  const kit = join(webDist, KIT);
  const stamp = existsSync(kit) ? String(statSync(kit).mtimeMs) : String(statSync(join(webDist, 'index.html')).mtimeMs);
  const stampFile = join(siteDir, STAMP);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return { fresh: false };
  rmSync(siteDir, { recursive: true, force: true });
  mkdirSync(dirname(siteDir), { recursive: true });
  cpSync(webDist, siteDir, { recursive: true });
  writeFileSync(stampFile, stamp);
  return { fresh: true };
}

/**
 * The site folder as a SiteStore: each write replaces its file at once (a visitor never reads half a page),
 * and the folder's time changes, so the site server reads its page list again (infra/local/site-server.ts).
 */
export function fileSiteStore(siteDir: string, routeStoreFile?: string): SiteStore {
  const root = resolve(siteDir);
  const fileOf = (key: string) => {
    const target = resolve(root, key);
    if (!target.startsWith(root + sep)) throw new Error(`${key} is outside the site`);
    return target;
  };
  const touch = () => utimes(root, new Date(), new Date());
  return {
    async read(key) {
      try {
        return await readFile(fileOf(key), 'utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
    async write(key, body) {
      const target = fileOf(key);
      await mkdir(dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, target);
      await touch();
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
      await touch();
    },
    ...(routeStoreFile ? { routes: fileRouteStore(routeStoreFile) } : {}),
  };
}

/**
 * The local stand-in for the site router's CloudFront KeyValueStore (shared/adapters/site-router-code.ts):
 * one JSON file of keys and values, replaced at once on each update, which the site server's copy of the
 * router reads (infra/local/site-server.ts). It lives beside the site folder, not in it: like the cloud's
 * store, a new build does not reset it.
 */
export function fileRouteStore(file: string): SiteRouteStore {
  return {
    async update(pages) {
      const current = readRouteStore(file);
      for (const [key, state] of pages) current[key] = state;
      await mkdir(dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, `${JSON.stringify(current, null, 2)}\n`);
      await rename(tmp, file);
    },
  };
}

/** The local route store's keys and values (empty when there is no file yet). */
export function readRouteStore(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

let cssStubbed = false;

/**
 * The page modules (web/src) import their stylesheets, which Vite bundles; in this process they load as
 * empty modules, as in the build's prerender (web/scripts/css-stub-loader.mjs). Needed before the render
 * handler (functions/events/render-public-pages.ts) or the page code is first imported.
 */
export function stubStylesheets(): void {
  if (cssStubbed) return;
  register('../../web/scripts/css-stub-loader.mjs', import.meta.url);
  cssStubbed = true;
}

/** Renders every page of the site with the table's published content (a new site folder). */
export async function renderWholeSite(store: SiteStore): Promise<void> {
  stubStylesheets();
  const [{ renderSite }, { MEDIA_URL }] = await Promise.all([
    import('../../web/src/app/render-site.js'),
    import('../../web/src/lib/content/published.js'),
  ]);
  const [sections, classes] = await Promise.all([readPublishedSections(), readPublicClasses()]);
  await renderSite(store, 'all', { sections, mediaUrl: MEDIA_URL, classes });
}
