import type { SiteStore } from '../../shared/adapters/site.js';
import { type PageState, SITE_ROUTES_FILE } from '../../shared/adapters/site-router-code.js';
import {
  NOT_FOUND_ROUTE,
  PAGE_INDEX_FILE,
  RENDER_KIT_FILE,
  type RenderKit,
  STYLES_PLACEHOLDER,
} from '../../web/src/app/render-page.js';
import { PUBLIC_ROUTES } from '../../web/src/app/routes.js';

/**
 * Tests only: a site as the build leaves it, without building (a template with the placeholders the
 * build's index.html has, no stylesheets or scripts), kept in memory.
 */
export function testRenderKit(siteUrl = 'http://127.0.0.1:3000'): RenderKit {
  const assets = { styleFiles: [], css: '', modules: [] };
  return {
    siteUrl,
    template: `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><!--app-head-->${STYLES_PLACEHOLDER}</head><body><div id="root"><!--app-html--></div></body></html>`,
    routes: Object.fromEntries([...PUBLIC_ROUTES.map((r) => r.path), NOT_FOUND_ROUTE].map((r) => [r, assets])),
  };
}

export interface MemorySite extends SiteStore {
  files: Map<string, string>;
  /** Keys written, in order, since the last `clearLog()`. */
  writes: string[];
  /** The router's store: what the render recorded of each article page (kept across `clearLog()`). */
  routed: Map<string, PageState>;
  clearLog(): void;
}

/** A site store in memory holding the render kit (and optionally a page index). */
export function memorySite(kit: RenderKit | null = testRenderKit()): MemorySite {
  const files = new Map<string, string>();
  if (kit) files.set(RENDER_KIT_FILE, JSON.stringify(kit));
  const writes: string[] = [];
  const routed = new Map<string, PageState>();
  // The build's routes, as the prerender writes them: the router's store learns of article pages only.
  files.set(SITE_ROUTES_FILE, JSON.stringify({ public: PUBLIC_ROUTES.map((r) => r.path), portal: [] }));
  return {
    files,
    writes,
    routed,
    clearLog: () => {
      writes.length = 0;
    },
    read: async (key) => files.get(key),
    write: async (key, body) => {
      files.set(key, body);
      writes.push(key);
    },
    remove: async (key) => {
      files.delete(key);
    },
    routes: {
      update: async (pages) => {
        for (const [key, state] of pages) routed.set(key, state);
      },
    },
  };
}

export { PAGE_INDEX_FILE };
