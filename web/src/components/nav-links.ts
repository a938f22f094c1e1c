/** Top navigation (SPEC 2): logo to /, then these links. */
export const MAIN_NAV_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/programs', label: 'Programs' },
  { to: '/tips', label: 'Tips' },
  { to: '/contact', label: 'Contact' },
  { to: '/dashboard', label: 'Dashboard' },
] as const;

/** Public links of the mobile menu. */
export const MOBILE_NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/programs', label: 'Programs' },
  { to: '/tips', label: 'Tips' },
  { to: '/success-stories', label: 'Success Stories' },
  { to: '/contact', label: 'Contact' },
] as const;
