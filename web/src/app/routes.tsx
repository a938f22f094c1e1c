import { type ComponentType, lazy, Suspense } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { HomePage } from '../features/home/components/home-page';
import { lazyPage, type PreloadablePage } from './lazy-page';
import { PageLoading } from './page-loading';
import { PublicLayout } from './public-layout';

/*
 * Public pages: home ships with the entry; every other page (not-found included) is its own small chunk
 * (with its CSS), preloaded before hydration and linked from the prerendered HTML.
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
const NotFoundPage = lazyPage('src/features/not-found/components/not-found-page.tsx', async () => {
  return (await import('../features/not-found/components/not-found-page')).NotFoundPage;
});
const ContactPage = lazyPage('src/features/contact/components/contact-page.tsx', async () => {
  return (await import('../features/contact/components/contact-page')).ContactPage;
});

/** A public route whose page may be a lazy chunk (`handle.page`). */
const publicPage = (path: string, Page: PreloadablePage): RouteObject => ({
  path,
  element: <Page />,
  handle: { page: Page },
});

/**
 * The portal (auth, dashboard, Cloudscape, Amplify) is one lazy chunk: public pages never load it.
 * Every portal element below resolves from the same dynamic import.
 */
const loadPortal = () => import('../features/portal/portal-entry');
type PortalModule = Awaited<ReturnType<typeof loadPortal>>;
const fromPortal = <K extends keyof PortalModule>(name: K) =>
  lazy(async () => ({ default: (await loadPortal())[name] as ComponentType }));

const PortalRoot = fromPortal('PortalRoot');
const AuthLayout = fromPortal('AuthLayout');
const SignedInLayout = fromPortal('SignedInLayout');
const AdminOnly = fromPortal('AdminOnly');
const LoginPage = fromPortal('LoginPage');
const ForgotPasswordPage = fromPortal('ForgotPasswordPage');
const SignupPage = fromPortal('SignupPage');
const DashboardPage = fromPortal('DashboardPage');
const ContactSubmissionsPage = fromPortal('ContactSubmissionsPage');
const PortalPlaceholderPage = fromPortal('PortalPlaceholderPage');

/** Public paths prerendered to static HTML (path -> file under web/dist). */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/about', file: 'about/index.html' },
  { path: '/programs', file: 'programs/index.html' },
  { path: '/tips', file: 'tips/index.html' },
  { path: '/success-stories', file: 'success-stories/index.html' },
  { path: '/contact', file: 'contact/index.html' },
] as const;

/** Signed-in pages of later issues: routed now so the dashboard cards lead somewhere sensible. */
const ADMIN_PLACEHOLDERS = [
  'dashboard/clients',
  'dashboard/clients/*',
  'dashboard/messages',
  'dashboard/messages/*',
  'admin/templates',
  'dashboard/sessions',
  'dashboard/sessions/*',
  'dashboard/analytics',
  'dashboard/discounts',
  'dashboard/website-config',
];
const SIGNED_IN_PLACEHOLDERS = ['dashboard/settings', 'messages', 'sessions', 'referrals', 'onboarding', 'payment'];

export const NOT_FOUND_ROUTE_ID = 'not-found';

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <HomePage /> },
      publicPage('about', AboutPage),
      publicPage('programs', ProgramsPage),
      publicPage('tips', TipsPage),
      publicPage('tips/:id', TipArticlePage),
      publicPage('success-stories', SuccessStoriesPage),
      publicPage('success-stories/:id', SuccessStoryPage),
      publicPage('contact', ContactPage),
      { id: NOT_FOUND_ROUTE_ID, path: '*', element: <NotFoundPage />, handle: { page: NotFoundPage } },
    ],
  },
  {
    element: (
      <Suspense fallback={<PageLoading />}>
        <PortalRoot />
      </Suspense>
    ),
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'signup', element: <SignupPage /> },
        ],
      },
      {
        element: <SignedInLayout />,
        children: [
          { path: 'dashboard', element: <DashboardPage /> },
          ...SIGNED_IN_PLACEHOLDERS.map((path) => ({ path, element: <PortalPlaceholderPage /> })),
          {
            element: <AdminOnly />,
            children: [
              { path: 'dashboard/contact-submissions', element: <ContactSubmissionsPage /> },
              ...ADMIN_PLACEHOLDERS.map((path) => ({ path, element: <PortalPlaceholderPage /> })),
            ],
          },
        ],
      },
    ],
  },
];

/** Whether a path shows the not-found view. */
export function isNotFoundPath(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  return !matches || matches[matches.length - 1]?.route.id === NOT_FOUND_ROUTE_ID;
}

/** The lazy page chunks the route at `pathname` renders (to preload before hydrating). */
export function lazyPagesFor(pathname: string): PreloadablePage[] {
  return (matchRoutes(routes, pathname) ?? [])
    .map((m) => (m.route.handle as { page?: PreloadablePage } | undefined)?.page)
    .filter((p): p is PreloadablePage => Boolean(p));
}
