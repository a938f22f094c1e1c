import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ScrollToTop } from '../components/scroll-to-top';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { PageLoading } from './page-loading';

/** Shared frame of the public site: skip link, fixed header, page, footer. */
export function PublicLayout() {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
