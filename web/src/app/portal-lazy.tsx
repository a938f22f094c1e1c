import { lazy, Suspense } from 'react';
import { PageLoading } from './page-loading';

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
 * load it. Inside, the portal has its own error boundaries (components/portal/screen.tsx).
 */
const PortalApp = lazy(() =>
  import('./portal/portal-entry').then(
    (m) => ({ default: m.PortalApp }),
    (error: unknown) => {
      console.error('The portal chunk failed to load', error);
      return { default: PortalLoadFailed };
    },
  ),
);

/** The portal, with a loading state while its chunk downloads. */
export function LazyPortal() {
  return (
    <Suspense fallback={<PageLoading />}>
      <PortalApp />
    </Suspense>
  );
}
