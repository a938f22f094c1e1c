import { lazy, Suspense } from 'react';
import { PageLoading } from './page-loading';
import { isPortalPath } from './portal-paths';
import { PublicLayout } from './public-layout';
import { publicPageFor } from './routes';

/**
 * The portal (React Router, auth, dashboard, Cloudscape, Amplify) is one lazy chunk: public pages never
 * load it.
 */
const PortalApp = lazy(async () => ({ default: (await import('../features/portal/portal-entry')).PortalApp }));

/**
 * The page at `pathname`: a public page in the site's frame, or the portal. Public pages are separate
 * documents (plain links between them), so the path never changes under a rendered public page.
 */
export function App({ pathname }: { pathname: string }) {
  if (isPortalPath(pathname)) {
    return (
      <Suspense fallback={<PageLoading />}>
        <PortalApp />
      </Suspense>
    );
  }
  const { page: Page, params } = publicPageFor(pathname);
  return (
    <PublicLayout pathname={pathname}>
      <Page {...params} />
    </PublicLayout>
  );
}
