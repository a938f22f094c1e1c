import { lazy, Suspense } from 'react';
import { PageLoading } from './page-loading';
import { isPortalPath } from './portal-paths';
import { PublicLayout } from './public-layout';
import { publicPageFor } from './routes';

/** Shown when the portal's own chunk did not download (offline, or a deploy replaced it). */
function PortalLoadFailed() {
  return (
    <div className="page-loading" role="alert">
      <p>
        The portal could not be loaded.{' '}
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </p>
    </div>
  );
}

/**
 * The portal (React Router, auth, Amplify, and its lazy screens) is a lazy chunk: public pages never
 * load it. Inside, the portal has its own error boundaries (features/portal/components/screen.tsx).
 */
const PortalApp = lazy(() =>
  import('../features/portal/portal-entry').then(
    (m) => ({ default: m.PortalApp }),
    (error: unknown) => {
      console.error('The portal chunk failed to load', error);
      return { default: PortalLoadFailed };
    },
  ),
);

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
