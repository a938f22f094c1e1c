/**
 * Sign in and password reset: a chunk of their own, so the signed-in screens never load them (ADR 0015).
 * app/portal-start.tsx starts fetching it with the portal when the page is one of them, so the sign-in
 * screen does not wait for the portal chunk before asking for its own.
 */
export const SIGN_IN_SCREEN_PATHS = ['/login', '/forgot-password'];

export const loadSignInScreens = () => import('./components/sign-in-screens');
