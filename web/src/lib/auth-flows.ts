/**
 * Amplify's sign-in, new-password, password-reset and sign-out calls (with the SRP and challenge code
 * they bring), and the authenticator-app (TOTP) settings calls: a chunk of their own, fetched when a
 * form is first used (lib/auth.ts), so /login's first load holds only what reads the session (ADR 0015).
 */
export {
  confirmResetPassword,
  confirmSignIn,
  fetchMFAPreference,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
