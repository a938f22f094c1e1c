/**
 * Everything the portal routes render, loaded as one lazy chunk by app/routes.tsx. Only this chunk
 * (and what it imports) brings in Cloudscape and Amplify.
 */
export { AdminOnly } from '../auth/components/admin-only';
export { ForgotPasswordPage } from '../auth/components/forgot-password-page';
export { LoginPage } from '../auth/components/login-page';
export { SignupPage } from '../auth/components/signup-page';
export { ContactSubmissionsPage } from '../contact-submissions/components/contact-submissions-page';
export { DashboardPage } from '../dashboard/components/dashboard-page';
export { AuthLayout } from './components/auth-layout';
export { PortalPlaceholderPage } from './components/portal-placeholder-page';
export { PortalRoot } from './components/portal-root';
export { SignedInLayout } from './components/signed-in-layout';
