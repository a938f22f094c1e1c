/**
 * The public URLs the quality bars are measured on: Lighthouse (bench/lighthouse.ts), and the
 * Playwright checks in test/e2e/public-site.spec.ts and test/e2e/a11y.spec.ts.
 *
 * The two detail pages use the first built-in tip and success story (shared/content/builtin-*.ts):
 * they exist whatever the content store holds (tips fall back to built-in content, SPEC 4; a story
 * id "may be a slug or numeric id of a built-in story", SPEC 2), and the seed writes them into the
 * store under the same ids.
 */
import { BUILTIN_STORIES } from '../shared/content/builtin-stories.js';
import { BUILTIN_TIPS } from '../shared/content/builtin-tips.js';

export const TIP_ID = BUILTIN_TIPS[0].id;
export const STORY_SLUG = BUILTIN_STORIES[0].slug;

export const PUBLIC_PAGE_NAMES = [
  '/',
  '/about',
  '/programs',
  '/tips',
  '/tips/{id}',
  '/success-stories',
  '/success-stories/{id}',
  '/contact',
  '/classes',
] as const;
export type PublicPageName = (typeof PUBLIC_PAGE_NAMES)[number];

export interface PublicPage {
  /** Stable label (`/tips/{id}` rather than the id), used as the test title. */
  name: PublicPageName;
  path: string;
}

export const PUBLIC_PAGES: PublicPage[] = PUBLIC_PAGE_NAMES.map((name) => ({
  name,
  path: name
    .replace('/tips/{id}', `/tips/${encodeURIComponent(TIP_ID)}`)
    .replace('/success-stories/{id}', `/success-stories/${encodeURIComponent(STORY_SLUG)}`),
}));

/** Path of a public page by its name. */
export const pathOf = (name: PublicPageName): string => PUBLIC_PAGES.find((p) => p.name === name)?.path ?? name;
