import { type ReactNode, Suspense } from 'react';
import { PathnameProvider } from '../components/nav-link';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { PageLoading } from './page-loading';

/** Shared frame of the public site: skip link, fixed header, page, footer. */
export function PublicLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <PathnameProvider pathname={pathname}>
      <div className="site">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="site-main" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </main>
        <SiteFooter />
      </div>
    </PathnameProvider>
  );
}
