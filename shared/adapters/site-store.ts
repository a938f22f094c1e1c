import type { SiteRouteStore } from './site-router-code.js';

/**
 * Where the public pages live, for the render on publish (functions/events/render-public-pages.ts): the
 * site bucket in the cloud, the local site folder locally. Keys are the site's file paths
 * (`programs/index.html`, `sitemap.xml`, `_render/pages.json`).
 */
export interface SiteStore {
  /** The object's text, or undefined when there is none. */
  read(key: string): Promise<string | undefined>;
  write(key: string, body: string, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * The store the site's router reads (shared/adapters/site-router-code.ts): the render records the article
   * pages it published or took down, so the router serves them (a CloudFront KeyValueStore in the cloud, a
   * file the local site server reads locally).
   */
  routes?: SiteRouteStore;
}
