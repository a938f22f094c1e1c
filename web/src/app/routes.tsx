import type { ComponentType } from 'react';
import { Home } from './home';
import { lazyPage, type PreloadablePage } from './lazy-page';
import { matchPath, type Params } from './paths';
import { isPortalPath } from './portal-paths';

/*
 * Public pages: home ships with the hydration module; every other page (not-found included) is its own
 * small chunk (with its CSS), preloaded before hydration and listed by the prerendered HTML.
 */
const AboutPage = lazyPage('src/features/about/components/about-page.tsx', async () => {
  return (await import('../features/about/components/about-page')).AboutPage;
});
const ProgramsPage = lazyPage('src/features/programs/components/programs-page.tsx', async () => {
  return (await import('../features/programs/components/programs-page')).ProgramsPage;
});
const TipsPage = lazyPage('src/features/tips/components/tips-page.tsx', async () => {
  return (await import('../features/tips/components/tips-page')).TipsPage;
});
const TipArticlePage = lazyPage('src/features/tips/components/tip-article-page.tsx', async () => {
  return (await import('../features/tips/components/tip-article-page')).TipArticlePage;
});
const SuccessStoriesPage = lazyPage('src/features/success-stories/components/success-stories-page.tsx', async () => {
  return (await import('../features/success-stories/components/success-stories-page')).SuccessStoriesPage;
});
const SuccessStoryPage = lazyPage('src/features/success-stories/components/success-story-page.tsx', async () => {
  return (await import('../features/success-stories/components/success-story-page')).SuccessStoryPage;
});
const ClassesPage = lazyPage('src/features/public-classes/components/classes-page.tsx', async () => {
  return (await import('../features/public-classes/components/classes-page')).ClassesPage;
});
const ClassPage = lazyPage('src/features/public-classes/components/class-page.tsx', async () => {
  return (await import('../features/public-classes/components/class-page')).ClassPage;
});
const NotFoundPage = lazyPage('src/features/not-found/components/not-found-page.tsx', async () => {
  return (await import('../features/not-found/components/not-found-page')).NotFoundPage;
});
const ContactPage = lazyPage('src/features/contact/components/contact-page.tsx', async () => {
  return (await import('../features/contact/components/contact-page')).ContactPage;
});

/** Public paths prerendered to static HTML (path -> file under web/dist). */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/about', file: 'about/index.html' },
  { path: '/programs', file: 'programs/index.html' },
  { path: '/tips', file: 'tips/index.html' },
  { path: '/success-stories', file: 'success-stories/index.html' },
  { path: '/contact', file: 'contact/index.html' },
  { path: '/classes', file: 'classes/index.html' },
] as const;

interface PublicRoute {
  path: string;
  /** The page; its props are the path's params (`/tips/:id` -> `{ id }`). */
  page: ComponentType<Params> | PreloadablePage;
}

export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/', page: Home },
  { path: '/about', page: AboutPage },
  { path: '/programs', page: ProgramsPage },
  { path: '/tips', page: TipsPage },
  { path: '/tips/:id', page: TipArticlePage as PreloadablePage },
  { path: '/success-stories', page: SuccessStoriesPage },
  { path: '/success-stories/:id', page: SuccessStoryPage as PreloadablePage },
  { path: '/contact', page: ContactPage },
  { path: '/classes', page: ClassesPage },
  { path: '/classes/:id', page: ClassPage as PreloadablePage },
];

/** The public page at `pathname` with its params; the not-found view for any other non-portal path. */
export function publicPageFor(pathname: string): { page: PublicRoute['page']; params: Params; notFound: boolean } {
  for (const route of PUBLIC_ROUTES) {
    const params = matchPath(route.path, pathname);
    if (params) return { page: route.page, params, notFound: false };
  }
  return { page: NotFoundPage, params: {}, notFound: true };
}

/** Whether a path shows the not-found view. */
export function isNotFoundPath(pathname: string): boolean {
  return !isPortalPath(pathname) && publicPageFor(pathname).notFound;
}

/** The lazy page chunks the page at `pathname` renders (to preload before hydrating). */
export function lazyPagesFor(pathname: string): PreloadablePage[] {
  if (isPortalPath(pathname)) return [];
  const { page } = publicPageFor(pathname);
  return 'preload' in page ? [page] : [];
}
