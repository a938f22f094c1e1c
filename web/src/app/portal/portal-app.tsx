import { type ReactElement, Suspense, useEffect } from 'react';
import { BrowserRouter, type RouteObject, useRoutes } from 'react-router-dom';
import { lazyScreen, ScreenBoundary } from '../../components/portal/screen';
import { loadSignInScreens } from '../../features/auth/sign-in-screens';
import { PageLoading } from '../page-loading';
import {
  ANALYTICS_PATH,
  AUTH_PATHS,
  CLASS_PATHS,
  CLIENT_BOOK_PATHS,
  CONTACT_SUBMISSIONS_PATH,
  DASHBOARD_PATH,
  DISCOUNTS_PATH,
  isPortalPath,
  MESSAGE_PATHS,
  ONBOARDING_PATH,
  PAYMENT_PATHS,
  PAYMENTS_LIST_PATH,
  REFERRALS_PATH,
  SESSION_PATHS,
  SETTINGS_PATH,
  VACCINATION_PATHS,
  WEBSITE_CONFIG_PATH,
} from '../portal-paths';
import { AuthLayout } from './auth-layout';
import { PortalRoot } from './portal-root';
import { ScrollToTop } from './scroll-to-top';

/*
 * Sizes (ADR 0015): this chunk holds the router and the portal root (config, auth, query, toasts,
 * realtime). Sign-in and password reset (plain HTML, one chunk: auth/sign-in-screens.ts), sign-up, the
 * signed-in layout (plain HTML too) and each screen (Cloudscape) are lazy chunks of their own, each in its
 * own error boundary.
 */
const LoginPage = lazyScreen(() => loadSignInScreens().then((m) => m.LoginPage));
const ForgotPasswordPage = lazyScreen(() => loadSignInScreens().then((m) => m.ForgotPasswordPage));
const SignupPage = lazyScreen(() => import('../../features/auth/components/signup-page').then((m) => m.SignupPage));
const SignedInLayout = lazyScreen(() => import('./signed-in-layout').then((m) => m.SignedInLayout));
const AdminOnly = lazyScreen(() => import('../../features/auth/components/admin-only').then((m) => m.AdminOnly));

const AUTH_PAGES: Record<string, ReactElement> = {
  '/login': <LoginPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/signup': <SignupPage />,
};

/** Each signed-in screen is its own chunk (Portal conventions: size, resilience). */
const DashboardPage = lazyScreen(() => import('./dashboard/dashboard-page').then((m) => m.DashboardPage));
const ContactSubmissionsPage = lazyScreen(() =>
  import('../../features/contact-submissions/components/contact-submissions-page').then(
    (m) => m.ContactSubmissionsPage,
  ),
);
const ClientsPage = lazyScreen(() =>
  import('../../features/clients/components/clients-page').then((m) => m.ClientsPage),
);
const ClientCreatePage = lazyScreen(() =>
  import('../../features/clients/components/client-create-page').then((m) => m.ClientCreatePage),
);
const ClientDetailPage = lazyScreen(() => import('./client-detail-screen').then((m) => m.ClientDetailScreen));
const ClientEditPage = lazyScreen(() =>
  import('../../features/clients/components/client-edit-page').then((m) => m.ClientEditPage),
);
const DogFormPage = lazyScreen(() => import('../../features/dogs/components/dog-form-page').then((m) => m.DogFormPage));
const SettingsPage = lazyScreen(() =>
  import('../../features/settings/components/settings-page').then((m) => m.SettingsPage),
);
const OnboardingPage = lazyScreen(() =>
  import('../../features/onboarding/components/onboarding-page').then((m) => m.OnboardingPage),
);

const InboxPage = lazyScreen(() => import('../../features/messages/components/inbox-page').then((m) => m.InboxPage));
const SentMessagesPage = lazyScreen(() =>
  import('../../features/messages/components/sent-messages-page').then((m) => m.SentMessagesPage),
);
const ComposePage = lazyScreen(() =>
  import('../../features/messages/components/compose-page').then((m) => m.ComposePage),
);
const MySessionsPage = lazyScreen(() =>
  import('../../features/sessions/components/my-sessions-page').then((m) => m.MySessionsPage),
);
const SessionsPage = lazyScreen(() =>
  import('../../features/sessions/components/sessions-page').then((m) => m.SessionsPage),
);
const SessionFormPage = lazyScreen(() =>
  import('../../features/sessions/components/session-form-page').then((m) => m.SessionFormPage),
);
const ClassesPage = lazyScreen(() =>
  import('../../features/classes/components/classes-page').then((m) => m.ClassesPage),
);
const ClassFormPage = lazyScreen(() =>
  import('../../features/classes/components/class-form-page').then((m) => m.ClassFormPage),
);
const ClassRosterPage = lazyScreen(() =>
  import('../../features/classes/components/class-roster-page').then((m) => m.ClassRosterPage),
);
const TemplatesPage = lazyScreen(() =>
  import('../../features/templates/components/templates-page').then((m) => m.TemplatesPage),
);
const DiscountsPage = lazyScreen(() =>
  import('../../features/discounts/components/discounts-page').then((m) => m.DiscountsPage),
);
const PaymentsListPage = lazyScreen(() =>
  import('../../features/payments/components/payments-list-page').then((m) => m.PaymentsListPage),
);
const PaymentPage = lazyScreen(() =>
  import('../../features/payments/components/payment-page').then((m) => m.PaymentPage),
);
const ReferralsPage = lazyScreen(() =>
  import('../../features/referrals/components/referrals-page').then((m) => m.ReferralsPage),
);
const WebsiteConfigScreen = lazyScreen(() => import('./website-config-screen').then((m) => m.WebsiteConfigScreen));
const DogVaccinationsPage = lazyScreen(() =>
  import('../../features/vaccinations/components/dog-vaccinations-page').then((m) => m.DogVaccinationsPage),
);
const VaccinationsDuePage = lazyScreen(() =>
  import('../../features/vaccinations/components/vaccinations-due-page').then((m) => m.VaccinationsDuePage),
);
const AnalyticsPage = lazyScreen(() =>
  import('../../features/analytics/components/analytics-page').then((m) => m.AnalyticsPage),
);
const PaymentSuccessPage = lazyScreen(() =>
  import('../../features/payments/components/payment-success-page').then((m) => m.PaymentSuccessPage),
);

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
      // Its own frame, outside the signed-in layout: signed out, it asks to log in (SPEC 2).
      { path: ONBOARDING_PATH, element: <OnboardingPage /> },
      {
        element: <SignedInLayout />,
        children: [
          { path: DASHBOARD_PATH, element: <DashboardPage /> },
          { path: SETTINGS_PATH, element: <SettingsPage /> },
          { path: MESSAGE_PATHS.inbox, element: <InboxPage /> },
          { path: SESSION_PATHS.mine, element: <MySessionsPage /> },
          { path: PAYMENT_PATHS.pay, element: <PaymentPage /> },
          { path: PAYMENT_PATHS.success, element: <PaymentSuccessPage /> },
          { path: REFERRALS_PATH, element: <ReferralsPage /> },
          { path: VACCINATION_PATHS.dog, element: <DogVaccinationsPage /> },
          // The trainer's list or the client's cards, by role (the form and roster are the trainer's).
          { path: CLASS_PATHS.list, element: <ClassesPage /> },
          {
            element: <AdminOnly />,
            children: [
              { path: CONTACT_SUBMISSIONS_PATH, element: <ContactSubmissionsPage /> },
              { path: CLIENT_BOOK_PATHS.clients, element: <ClientsPage /> },
              { path: CLIENT_BOOK_PATHS.createClient, element: <ClientCreatePage /> },
              { path: CLIENT_BOOK_PATHS.client, element: <ClientDetailPage /> },
              { path: CLIENT_BOOK_PATHS.editClient, element: <ClientEditPage /> },
              { path: CLIENT_BOOK_PATHS.addDog, element: <DogFormPage /> },
              { path: CLIENT_BOOK_PATHS.editDog, element: <DogFormPage /> },
              { path: MESSAGE_PATHS.sent, element: <SentMessagesPage /> },
              { path: MESSAGE_PATHS.compose, element: <ComposePage /> },
              { path: MESSAGE_PATHS.templates, element: <TemplatesPage /> },
              { path: DISCOUNTS_PATH, element: <DiscountsPage /> },
              { path: VACCINATION_PATHS.due, element: <VaccinationsDuePage /> },
              { path: PAYMENTS_LIST_PATH, element: <PaymentsListPage /> },
              { path: WEBSITE_CONFIG_PATH, element: <WebsiteConfigScreen /> },
              { path: ANALYTICS_PATH, element: <AnalyticsPage /> },
              { path: SESSION_PATHS.manage, element: <SessionsPage /> },
              { path: SESSION_PATHS.create, element: <SessionFormPage /> },
              { path: SESSION_PATHS.edit, element: <SessionFormPage /> },
              { path: CLASS_PATHS.create, element: <ClassFormPage /> },
              { path: CLASS_PATHS.edit, element: <ClassFormPage /> },
              { path: CLASS_PATHS.roster, element: <ClassRosterPage /> },
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

/** The portal: its own router over the portal's paths, in the portal's error boundary. */
export function PortalApp() {
  return (
    <ScreenBoundary>
      <BrowserRouter>
        <ScrollToTop />
        <Suspense fallback={<PageLoading />}>
          <PortalRoutes />
        </Suspense>
      </BrowserRouter>
    </ScreenBoundary>
  );
}
