import { Hub } from 'aws-amplify/utils';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { ACCOUNT_DEACTIVATED_EVENT } from '../../../lib/api';
import {
  completeNewPassword,
  confirmTotpSignIn,
  getIdToken,
  readSessionUser,
  signInWithPassword,
  signOutUser,
} from '../../../lib/auth';
import { AuthContext, type AuthContextValue, type AuthStatus, type AuthUser } from '../../../lib/auth-context';
import { loadProfile } from '../profile-load';

interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
}

const SIGNED_OUT: AuthState = { status: 'signedOut', user: null };

/** SPEC 9: auth events are handled once they stop arriving for 100 ms (the last one wins). */
export const AUTH_EVENT_DEBOUNCE_MS = 100;

/** Session state from Amplify (configured by the portal root), kept in sync through Hub events. */
export function AmplifyAuthProvider({
  authFlowType,
  children,
}: {
  authFlowType: RuntimeConfig['authFlowType'];
  children: ReactNode;
}) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null });

  const refresh = useCallback(async () => {
    try {
      const user = await readSessionUser();
      setState(user ? { status: 'signedIn', user } : SIGNED_OUT);
    } catch {
      setState(SIGNED_OUT);
    }
  }, []);

  // A deactivated account is signed out as soon as the API says so (its tokens may still be valid).
  useEffect(() => {
    const onDeactivated = () => {
      void signOutUser().finally(() => setState(SIGNED_OUT));
    };
    window.addEventListener(ACCOUNT_DEACTIVATED_EVENT, onDeactivated);
    return () => window.removeEventListener(ACCOUNT_DEACTIVATED_EVENT, onDeactivated);
  }, []);

  useEffect(() => {
    void refresh();
    let pending: ReturnType<typeof setTimeout> | undefined;
    const stop = Hub.listen('auth', ({ payload }) => {
      let handle: (() => void) | undefined;
      switch (payload.event) {
        case 'signedIn':
        case 'tokenRefresh':
          handle = () => void refresh();
          break;
        case 'signedOut':
        case 'tokenRefresh_failure':
          handle = () => setState(SIGNED_OUT);
          break;
      }
      if (!handle) return;
      clearTimeout(pending);
      pending = setTimeout(handle, AUTH_EVENT_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(pending);
      stop();
    };
  }, [refresh]);

  /**
   * After Cognito says yes, the profile load (SPEC 5, 9) has the last word: signed in means the profile
   * is loaded. Any failure (a deactivated profile, a damaged session, a timeout, a store outage) signs
   * the session out again and is shown where the sign-in was made.
   */
  const finishSignIn = useCallback(async () => {
    try {
      await loadProfile();
    } catch (e) {
      await signOutUser().catch(() => undefined);
      setState(SIGNED_OUT);
      throw e;
    }
    await refresh();
  }, [refresh]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      async signIn(email, password) {
        const step = await signInWithPassword(email, password, authFlowType);
        if (step === 'done') await finishSignIn();
        return step;
      },
      async confirmNewPassword(newPassword) {
        await completeNewPassword(newPassword);
        await finishSignIn();
      },
      async confirmTotpCode(code) {
        await confirmTotpSignIn(code);
        await finishSignIn();
      },
      async signOut() {
        // This device stops receiving the person's notices first (while the token is valid), for 2 s at most.
        await import('../../../lib/push-device').then((m) => m.forgetThisDevice()).catch(() => undefined);
        await signOutUser();
        setState(SIGNED_OUT);
      },
      getIdToken,
    }),
    [state, authFlowType, finishSignIn],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
