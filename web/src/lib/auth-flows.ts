/**
 * Amplify's sign-in, new-password, password-reset and sign-out calls (with the SRP and challenge code
 * they bring): a chunk of their own, fetched when a form is first used (lib/auth.ts), so /login's first
 * load holds only what reads the session (ADR 0015).
 */
export { confirmResetPassword, confirmSignIn, resetPassword, signIn, signOut } from 'aws-amplify/auth';
