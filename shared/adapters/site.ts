/**
 * Where the public pages live, for the render on publish (functions/events/render-public-pages.ts): the
 * site bucket in the cloud, the local site folder locally (the runtime installs a store of files). Keys
 * are the site's file paths (`programs/index.html`, `sitemap.xml`, `_render/pages.json`).
 */
import { bucketSiteStore } from './site-bucket.js';
import type { SiteStore } from './site-store.js';

export type { SiteStore };

let installed: SiteStore | undefined;

/** The local runtime and tests: use `store` instead of the site bucket (undefined: back to the bucket). */
export function setSiteStore(store: SiteStore | undefined): void {
  installed = store;
}

/** The installed store, or the site bucket the cloud's render function was deployed for. */
export async function siteStore(): Promise<{ store: SiteStore; distributionId?: string }> {
  if (installed) return { store: installed };
  return bucketSiteStore();
}
