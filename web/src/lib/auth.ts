import { Amplify } from '@aws-amplify/core';
import { fetchAuthSession } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider, refreshAuthTokens } from 'aws-amplify/auth/cognito';
import { defaultStorage } from 'aws-amplify/utils';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { type AuthUser, roleFromGroups, type SignInStep, type TotpSetupDetails } from './auth-context';

type TokenRefresher = Parameters<typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher>[0];
type RefresherTokens = Awaited<ReturnType<TokenRefresher>>;

interface DecodedJwt {
  payload: Record<string, unknown> & { iat?: number; exp?: number };
  toString(): string;
}

function base64UrlDecode(part: string): string {
  const b64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes (does not verify) a JWT the way Amplify stores tokens. */
export function decodeJwt(token: string): DecodedJwt {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('Invalid token');
  return { payload: JSON.parse(base64UrlDecode(parts[1])), toString: () => token };
}

/**
 * cognito-local has no GetTokensFromRefreshToken (Amplify 6.22's default refresh): refresh with
 * InitiateAuth REFRESH_TOKEN_AUTH instead. Errors keep Cognito's `__type` as their name so Amplify
 * clears the session on NotAuthorizedException.
 */
export function createRefreshTokenAuthRefresher(
  config: Pick<RuntimeConfig, 'userPoolClientId'> & { userPoolEndpoint: string },
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): TokenRefresher {
  return async ({ tokens, username }) => {
    if (!tokens.refreshToken) {
      const error = new Error('No refresh token is stored');
      error.name = 'NotAuthorizedException';
      throw error;
    }
    const response = await fetchImpl(config.userPoolEndpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: config.userPoolClientId,
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
      }),
    });
    const data = (await response.json().catch(() => ({}))) as {
      __type?: string;
      message?: string;
      AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
    };
    const result = data.AuthenticationResult;
    if (!response.ok || !result?.AccessToken) {
      const error = new Error(data.message ?? `Token refresh failed (HTTP ${response.status})`);
      error.name = data.__type?.split('#').pop() ?? 'TokenRefreshError';
      throw error;
    }
    const accessToken = decodeJwt(result.AccessToken);
    const idToken = result.IdToken ? decodeJwt(result.IdToken) : undefined;
    const iat = accessToken.payload.iat ?? Math.floor(Date.now() / 1000);
    const refreshed = {
      accessToken,
      idToken,
      clockDrift: iat * 1000 - Date.now(),
      refreshToken: result.RefreshToken ?? tokens.refreshToken,
      username,
    };
    return refreshed as unknown as RefresherTokens;
  };
}

/** SPEC 9: a token refresh that fails for a passing reason is tried again after 200 ms, 400 ms, then 800 ms. */
export const REFRESH_BACKOFF = { firstDelayMs: 200, retries: 3 } as const;

/** Cognito's answers that end a session for good (Amplify clears the tokens on these): never retried. */
const FINAL_REFRESH_ERRORS = [
  'NotAuthorizedException',
  'TokenRevokedException',
  'UserNotFoundException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
  'RefreshTokenReuseException',
];

/** A token refresher that retries transient failures (network, throttling, 5xx) with a doubling back-off. */
export function withRefreshBackoff(refresher: TokenRefresher): TokenRefresher {
  return async (input) => {
    for (let retry = 0; ; retry++) {
      try {
        return await refresher(input);
      } catch (e) {
        const name = (e as Error)?.name ?? '';
        if (retry >= REFRESH_BACKOFF.retries || FINAL_REFRESH_ERRORS.some((n) => name.startsWith(n))) throw e;
        const delay = REFRESH_BACKOFF.firstDelayMs * 2 ** retry;
        await new Promise<void>((resolve) => setTimeout(resolve, delay));
      }
    }
  };
}

/**
 * Configures Amplify Auth from /config.json (once): the user pool's token provider with localStorage, as
 * the `aws-amplify` facade's `Amplify.configure` does, but through `@aws-amplify/core`'s `Amplify` so the
 * bundle leaves out the identity-pool credentials provider the facade always brings (the portal signs
 * requests with ID tokens, never with AWS credentials; ADR 0015).
 */
export function configureAuth(config: RuntimeConfig): void {
  const auth = {
    Cognito: {
      userPoolId: config.userPoolId,
      userPoolClientId: config.userPoolClientId,
      ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
      loginWith: { email: true },
    },
  };
  cognitoUserPoolsTokenProvider.setAuthConfig(auth);
  cognitoUserPoolsTokenProvider.setKeyValueStorage(defaultStorage);
  Amplify.configure({ Auth: auth }, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });
  cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(
    withRefreshBackoff(
      config.userPoolEndpoint
        ? createRefreshTokenAuthRefresher({
            userPoolClientId: config.userPoolClientId,
            userPoolEndpoint: config.userPoolEndpoint,
          })
        : refreshAuthTokens,
    ),
  );
}

/** The signed-in user from the current session's ID token, or null. */
export async function readSessionUser(): Promise<AuthUser | null> {
  const session = await fetchAuthSession();
  const payload = session.tokens?.idToken?.payload;
  if (!payload?.sub) return null;
  return {
    userId: String(payload.sub),
    email: typeof payload.email === 'string' ? payload.email : '',
    role: roleFromGroups(payload['cognito:groups']),
  };
}

/** The current Cognito ID token (refreshed by Amplify when needed), or undefined when signed out. */
export async function getIdToken(): Promise<string | undefined> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

const NEXT_STEP_MESSAGES: Record<string, string> = {
  CONFIRM_SIGN_UP: 'Please confirm your email address before signing in.',
  RESET_PASSWORD: 'A password reset is required for this account.',
  CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED: 'A new password is required for this account.',
};

const nextStepError = (step: string) =>
  new Error(NEXT_STEP_MESSAGES[step] ?? `Sign-in needs an additional step (${step}).`);

/** The sign-in and reset calls, loaded on first use (lib/auth-flows.ts). */
const flows = () => import('./auth-flows');

/** Starts loading the sign-in calls (a form calls it when the user starts typing). */
export function preloadAuthFlows(): void {
  void flows().catch(() => undefined);
}

/** Usernames are e-mail addresses, stored in lower case. */
const usernameOf = (email: string) => email.trim().toLowerCase();

/** The name authenticator apps show beside the account (otpauth:// issuer). */
const TOTP_ISSUER = 'Pawsitive Portal';

type SignInOutput = Awaited<ReturnType<typeof import('./auth-flows')['signIn']>>;

/** Amplify's next step as the portal's sign-in step; steps the portal does not offer throw. */
function stepOf(result: SignInOutput, email: string): SignInStep {
  if (result.isSignedIn) return 'done';
  const next = result.nextStep;
  switch (next.signInStep) {
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return 'newPasswordRequired';
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return 'totpCodeRequired';
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const { sharedSecret, getSetupUri } = next.totpSetupDetails;
      return { totpSetup: { secret: sharedSecret, uri: getSetupUri(TOTP_ISSUER, usernameOf(email)).toString() } };
    }
    default:
      throw nextStepError(next.signInStep);
  }
}

/**
 * Email + password sign-in with the configured flow (USER_PASSWORD_AUTH locally). An account that
 * still has its temporary password answers `newPasswordRequired` (finish with `completeNewPassword`);
 * one with two-step sign-in on answers `totpCodeRequired` (finish with `confirmTotpSignIn`).
 */
export async function signInWithPassword(
  email: string,
  password: string,
  authFlowType: RuntimeConfig['authFlowType'],
  retried = false,
): Promise<SignInStep> {
  const { signIn, signOut } = await flows();
  try {
    const result = await signIn({ username: usernameOf(email), password, options: { authFlowType } });
    return stepOf(result, email);
  } catch (e) {
    // A stale session from another tab: start over with the credentials just entered.
    if ((e as Error).name === 'UserAlreadyAuthenticatedException' && !retried) {
      await signOut();
      return signInWithPassword(email, password, authFlowType, true);
    }
    throw e;
  }
}

/** Answers the NEW_PASSWORD_REQUIRED challenge of the last sign-in with the password the user chose. */
export async function completeNewPassword(newPassword: string): Promise<void> {
  const { confirmSignIn } = await flows();
  const result = await confirmSignIn({ challengeResponse: newPassword });
  if (!result.isSignedIn) throw nextStepError(result.nextStep.signInStep);
}

export const TOTP_TEXTS = {
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  wrongCode: 'That code is not correct. Enter the current 6-digit code from your authenticator app.',
} as const;

/** Six digits, spaces ignored (apps show "123 456"). */
const normalizeTotpCode = (code: string) => code.replace(/\s+/g, '');
export const isTotpCode = (code: string) => /^\d{6}$/.test(normalizeTotpCode(code));

/** Cognito's wrong-code errors in the product's words (the name is kept, so callers can tell). */
function totpError(e: unknown): Error {
  const error = e as Error;
  if (error?.name !== 'CodeMismatchException' && error?.name !== 'EnableSoftwareTokenMFAException') return error;
  const mapped = new Error(TOTP_TEXTS.wrongCode);
  mapped.name = error.name;
  return mapped;
}

/**
 * Answers the authenticator-app step of the last sign-in (the code, or the first code of a new
 * app). A wrong code rejects with CodeMismatchException and the step can be answered again.
 */
export async function confirmTotpSignIn(code: string): Promise<void> {
  const { confirmSignIn } = await flows();
  let result: Awaited<ReturnType<typeof confirmSignIn>>;
  try {
    result = await confirmSignIn({ challengeResponse: normalizeTotpCode(code) });
  } catch (e) {
    throw totpError(e);
  }
  if (!result.isSignedIn) throw nextStepError(result.nextStep.signInStep);
}

/** Whether the signed-in user has two-step sign-in (TOTP) on. */
export async function fetchTotpEnabled(): Promise<boolean> {
  const { fetchMFAPreference } = await flows();
  const { enabled, preferred } = await fetchMFAPreference();
  return preferred === 'TOTP' || (enabled ?? []).includes('TOTP');
}

/** Starts adding an authenticator app for the signed-in user: the key to put into the app. */
export async function startTotpSetup(email: string): Promise<TotpSetupDetails> {
  const { setUpTOTP } = await flows();
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri(TOTP_ISSUER, usernameOf(email)).toString() };
}

/** Checks the app's first code, then makes TOTP the user's second sign-in step. */
export async function finishTotpSetup(code: string): Promise<void> {
  const { verifyTOTPSetup, updateMFAPreference } = await flows();
  try {
    await verifyTOTPSetup({ code: normalizeTotpCode(code) });
  } catch (e) {
    throw totpError(e);
  }
  await updateMFAPreference({ totp: 'PREFERRED' });
}

/** Turns two-step sign-in off for the signed-in user. */
export async function turnOffTotp(): Promise<void> {
  const { updateMFAPreference } = await flows();
  await updateMFAPreference({ totp: 'DISABLED' });
}

/** Product texts for Cognito's password-reset errors (cognito-local words them differently). */
const RESET_ERROR_MESSAGES: Record<string, string> = {
  CodeMismatchException: 'Invalid verification code provided, please try again.',
  // Only where user-existence errors are not prevented (locally): a wrong address reads as a wrong code.
  UserNotFoundException: 'Invalid verification code provided, please try again.',
  ExpiredCodeException: 'Invalid code provided, please request a code again.',
};

function resetError(e: unknown): Error {
  const error = e as Error;
  const text = RESET_ERROR_MESSAGES[error?.name];
  if (!text) return error;
  const mapped = new Error(text);
  mapped.name = error.name;
  return mapped;
}

/**
 * Asks Cognito to e-mail a password-reset code. An unknown address succeeds silently, as it does in
 * the cloud pool (user-existence errors prevented), so the page never tells who has an account.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const { resetPassword } = await flows();
  try {
    await resetPassword({ username: usernameOf(email) });
  } catch (e) {
    if ((e as Error).name === 'UserNotFoundException') return;
    throw e;
  }
}

/** Sets a new password with the e-mailed code. */
export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  const { confirmResetPassword } = await flows();
  try {
    await confirmResetPassword({ username: usernameOf(email), confirmationCode: code.trim(), newPassword });
  } catch (e) {
    throw resetError(e);
  }
}

export async function signOutUser(): Promise<void> {
  const { signOut } = await flows();
  await signOut();
}
