import { createContext, useContext } from 'react';

export type Role = 'admin' | 'client';

export interface AuthUser {
  /** Cognito `sub`. */
  userId: string;
  email: string;
  /** From the ID token's `cognito:groups`; null when the user is in neither group. */
  role: Role | null;
}

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/** What /login is handed: where to send the visitor after signing in, and an e-mail to prefill. */
export interface LoginLocationState {
  from?: string;
  email?: string;
}

/** An authenticator-app key to add before the first code (Cognito's MFA_SETUP challenge). */
export interface TotpSetupDetails {
  /** The shared secret (base32), to type into the app. */
  secret: string;
  /** The same key as an otpauth:// URI, for apps that accept a link. */
  uri: string;
}

/**
 * Where a sign-in attempt stands: signed in; the account still has its temporary password and must
 * choose a new one first (Cognito's NEW_PASSWORD_REQUIRED challenge); the account has two-step sign-in
 * on and the code from its authenticator app is asked for (SOFTWARE_TOKEN_MFA); or the pool asks the
 * account to add an authenticator app first (MFA_SETUP).
 */
export type SignInStep = 'done' | 'newPasswordRequired' | 'totpCodeRequired' | { totpSetup: TotpSetupDetails };

/** What the portal needs from authentication; the Amplify-backed provider implements it. */
export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  signIn(email: string, password: string): Promise<SignInStep>;
  /** Answers the new-password step of the last `signIn`; resolves once signed in. */
  confirmNewPassword(newPassword: string): Promise<void>;
  /** Answers the authenticator-app step of the last `signIn` (code or first setup); resolves once signed in. */
  confirmTotpCode(code: string): Promise<void>;
  signOut(): Promise<void>;
  getIdToken(): Promise<string | undefined>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside the AuthProvider');
  return value;
}

/** Role from `cognito:groups` (array, or the "[a b]" string some authorizers produce). */
export function roleFromGroups(raw: unknown): Role | null {
  const groups = Array.isArray(raw)
    ? raw.map(String)
    : typeof raw === 'string'
      ? raw
          .replace(/^\[|\]$/g, '')
          .split(/[\s,]+/)
          .filter(Boolean)
      : [];
  if (groups.includes('admin')) return 'admin';
  if (groups.includes('client')) return 'client';
  return null;
}
