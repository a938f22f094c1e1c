import { type ReactElement, Suspense, useEffect } from 'react';
import { BrowserRouter, type RouteObject, useRoutes } from 'react-router-dom';
import { PageLoading } from '../../app/page-loading';
import {
  ADMIN_PLACEHOLDERS,
  AUTH_PATHS,
  CONTACT_SUBMISSIONS_PATH,
  DASHBOARD_PATH,
  isPortalPath,
  SIGNED_IN_PLACEHOLDERS,
} from '../../app/portal-paths';
import { AdminOnly } from '../auth/components/admin-only';
import { ForgotPasswordPage } from '../auth/components/forgot-password-page';
import { LoginPage } from '../auth/components/login-page';
import { SignupPage } from '../auth/components/signup-page';
import { ContactSubmissionsPage } from '../contact-submissions/components/contact-submissions-page';
import { DashboardPage } from '../dashboard/components/dashboard-page';
import { AuthLayout } from './components/auth-layout';
import { PortalPlaceholderPage } from './components/portal-placeholder-page';
import { PortalRoot } from './components/portal-root';
import { SignedInLayout } from './components/signed-in-layout';

const AUTH_PAGES: Record<string, ReactElement> = {
  '/login': <LoginPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/signup': <SignupPage />,
};

/**
 * A path outside the portal (a public page, or the not-found view) is its own document: load it. The
 * router has already put its URL in the address bar.
 */
function LeavePortal() {
  useEffect(() => {
    if (!isPortalPath(window.location.pathname)) window.location.reload();
  }, []);
  return <PageLoading />;
}

/** The portal's routes (app/portal-paths.ts lists the same paths for the rest of the app). */
export const portalRoutes: RouteObject[] = [
  {
    element: <PortalRoot />,
    children: [
      { element: <AuthLayout />, children: AUTH_PATHS.map((path) => ({ path, element: AUTH_PAGES[path] })) },
      {
        element: <SignedInLayout />,
        children: [
          { path: DASHBOARD_PATH, element: <DashboardPage /> },
          ...SIGNED_IN_PLACEHOLDERS.map((path) => ({ path, element: <PortalPlaceholderPage /> })),
          {
            element: <AdminOnly />,
            children: [
              { path: CONTACT_SUBMISSIONS_PATH, element: <ContactSubmissionsPage /> },
              ...ADMIN_PLACEHOLDERS.map((path) => ({ path, element: <PortalPlaceholderPage /> })),
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <LeavePortal /> },
];

function PortalRoutes() {
  return useRoutes(portalRoutes);
}

/** The portal: its own router over the portal's paths. */
export function PortalApp() {
  return (
    <BrowserRouter>
      <Suspense fallback={<PageLoading />}>
        <PortalRoutes />
      </Suspense>
    </BrowserRouter>
  );
}
