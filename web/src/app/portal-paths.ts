import { matchPath } from './paths';

/*
 * The portal's paths, as data: app/app.tsx sends them to the portal chunk (React Router, Cloudscape,
 * Amplify), which routes them (app/portal/portal-app.tsx); robots.txt closes their first segments.
 */

/** Sign-in, sign-up and password reset. */
export const AUTH_PATHS = ['/login', '/forgot-password', '/signup'];

/** A client's referral program. */
export const REFERRALS_PATH = '/referrals';

/** A client's payment and the page the hosted checkout returns to. */
export const PAYMENT_PATHS = { pay: '/payment', success: '/payment/success' } as const;

/** Training sessions: the client's own list and the trainer's management and form. */
export const SESSION_PATHS = {
  mine: '/sessions',
  manage: '/dashboard/sessions',
  create: '/dashboard/sessions/create',
  edit: '/dashboard/sessions/:id/edit',
} as const;

/** Group classes: the list (the trainer's or the client's, by role), the trainer's form and roster. */
export const CLASS_PATHS = {
  list: '/dashboard/classes',
  create: '/dashboard/classes/create',
  edit: '/dashboard/classes/:id/edit',
  roster: '/dashboard/classes/:id/roster',
} as const;

/** Messages: the client inbox, the trainer's sent list and compose, message templates. */
export const MESSAGE_PATHS = {
  inbox: '/messages',
  sent: '/dashboard/messages',
  compose: '/dashboard/messages/compose',
  templates: '/admin/templates',
} as const;

/** The trainer's client book. */
export const CLIENT_BOOK_PATHS = {
  clients: '/dashboard/clients',
  createClient: '/dashboard/clients/create',
  client: '/dashboard/clients/:id',
  editClient: '/dashboard/clients/:id/edit',
  addDog: '/dashboard/clients/:clientId/dogs/add',
  editDog: '/dashboard/clients/:id/dogs/:dogId/edit',
} as const;

/** Vaccinations: a dog's records (its owner and the trainer) and the trainer's list of dogs due. */
export const VACCINATION_PATHS = { dog: '/dogs/:dogId', due: '/dashboard/vaccinations' } as const;

/** The website editor (the public site's content). */
export const WEBSITE_CONFIG_PATH = '/dashboard/website-config';

/** The trainer's website analytics. */
export const ANALYTICS_PATH = '/dashboard/analytics';

/** The trainer's discount codes. */
export const DISCOUNTS_PATH = '/dashboard/discounts';
/** The trainer's payments (every payment, totals by month). */
export const PAYMENTS_LIST_PATH = '/dashboard/payments';

export const DASHBOARD_PATH = '/dashboard';
/** Settings of every signed-in user (tabs by role, `?tab=`). */
export const SETTINGS_PATH = '/dashboard/settings';
/** The client's onboarding wizard (its own frame: it also answers signed-out visitors). */
export const ONBOARDING_PATH = '/onboarding';
export const CONTACT_SUBMISSIONS_PATH = '/dashboard/contact-submissions';

export const PORTAL_PATTERNS = [
  ...AUTH_PATHS,
  DASHBOARD_PATH,
  SETTINGS_PATH,
  ONBOARDING_PATH,
  REFERRALS_PATH,
  ...Object.values(PAYMENT_PATHS),
  ...Object.values(MESSAGE_PATHS),
  ...Object.values(SESSION_PATHS),
  ...Object.values(CLASS_PATHS),
  CONTACT_SUBMISSIONS_PATH,
  DISCOUNTS_PATH,
  PAYMENTS_LIST_PATH,
  WEBSITE_CONFIG_PATH,
  ANALYTICS_PATH,
  ...Object.values(CLIENT_BOOK_PATHS),
  ...Object.values(VACCINATION_PATHS),
];

/** Whether the portal renders `pathname` (anything else is a public page or the not-found view). */
export function isPortalPath(pathname: string): boolean {
  return PORTAL_PATTERNS.some((p) => matchPath(p, pathname));
}

/** First path segments of the portal: closed to crawlers in robots.txt. */
export const PORTAL_PATH_PREFIXES: string[] = [...new Set(PORTAL_PATTERNS.map((p) => `/${p.split('/')[1]}`))].sort();
