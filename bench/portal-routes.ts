/**
 * The portal routes `npm run bench` measures and test/e2e/portal-budgets.spec.ts holds to the budgets
 * (ARCHITECTURE, portal conventions): the gzip JS + CSS a route loads in a fresh browser until the network
 * is idle, `/login` signed out and the others signed in as the trainer.
 */
export const LOGIN_BUDGET_GZIP = 150 * 1024;
export const PORTAL_SCREEN_BUDGET_GZIP = 300 * 1024;
export const PORTAL_SCREENS = [
  '/dashboard',
  '/dashboard/sessions',
  '/dashboard/sessions/create',
  '/sessions',
  '/dashboard/contact-submissions',
  '/dashboard/clients',
  '/dashboard/clients/create',
  '/dashboard/messages',
  '/dashboard/messages/compose',
  '/admin/templates',
  '/messages',
  '/dashboard/settings',
];
