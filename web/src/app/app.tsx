import { LazyPortal } from './portal-lazy';
import { isPortalPath } from './portal-paths';
import { PublicLayout } from './public-layout';
import { publicPageFor } from './routes';

/**
 * The page at `pathname`: a public page in the site's frame, or the portal. Public pages are separate
 * documents (plain links between them), so the path never changes under a rendered public page.
 * (A portal path in the SPA shell starts from app/shell-start.ts, without this module and the public
 * pages it brings.)
 */
export function App({ pathname }: { pathname: string }) {
  if (isPortalPath(pathname)) return <LazyPortal />;
  const { page: Page, params } = publicPageFor(pathname);
  return (
    <PublicLayout pathname={pathname}>
      <Page {...params} />
    </PublicLayout>
  );
}
