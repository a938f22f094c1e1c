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
   * Makes the site's router serve exactly these pages from their own HTML (the cloud republishes its
   * CloudFront Function). Absent where the server reads the folder itself (the local site server).
   */
  routePages?(pages: readonly string[]): Promise<void>;
}
