import { PublicLayout } from './public-layout';
import { publicPageFor } from './routes';

/**
 * A public page (prerendered, or rendered in the SPA shell for a path not prerendered) in the site's
 * frame. Public pages are separate documents (plain links between them), so the path never changes under
 * a rendered public page. A portal path never comes here: the SPA shell renders the portal through
 * app/shell-start.ts and app/portal-start.tsx, without this module and the public pages it brings.
 */
export function App({ pathname }: { pathname: string }) {
  const { page: Page, params } = publicPageFor(pathname);
  return (
    <PublicLayout pathname={pathname}>
      <Page {...params} />
    </PublicLayout>
  );
}
