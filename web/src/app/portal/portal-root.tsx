import './portal.css';
import '../../components/portal/cloudscape-theme.css';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { AmplifyAuthProvider } from '../../features/auth/components/auth-provider';
import { configureAuth } from '../../lib/auth';
import { useAuth } from '../../lib/auth-context';
import { loadRuntimeConfig, type RuntimeConfig } from '../../lib/config';
import { QueryProvider, useLiveConnectionProbe } from '../../lib/query';
import { RealtimeProvider } from '../../lib/realtime-context';
import { ToastProvider } from '../../lib/toasts';
import { PageLoading } from '../page-loading';

let configuredFor: RuntimeConfig | undefined;

/**
 * The realtime connection follows the session: open while signed in. After a reconnect every query is
 * refetched (its events may have been missed while the socket was down).
 */
function SessionRealtime({ wsUrl, children }: { wsUrl: string; children: ReactNode }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const onReconnect = useCallback(() => void queryClient.invalidateQueries(), [queryClient]);
  return (
    <RealtimeProvider
      url={wsUrl}
      getToken={auth.getIdToken}
      enabled={auth.status === 'signedIn'}
      onReconnect={onReconnect}
    >
      {children}
    </RealtimeProvider>
  );
}

/**
 * A client's last-seen data on this device (ADR 0077, lib/last-seen.ts): restored and kept while a client
 * is signed in; when the session ends (sign-out, deactivation, a refresh that failed), the device forgets
 * it and the query cache is emptied, so the next person to sign in on it starts from nothing.
 */
function LastSeen() {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const clientId = status === 'signedIn' && user?.role === 'client' ? user.userId : undefined;
  const wasSignedIn = useRef(false);

  useEffect(() => {
    if (!clientId) return;
    let active = true;
    let stop: (() => void) | undefined;
    void import('../../lib/last-seen')
      .then((m) => m.keepLastSeen(queryClient, clientId))
      .then(
        (stopKeeping) => {
          if (active) stop = stopKeeping;
          else stopKeeping();
        },
        () => undefined,
      );
    return () => {
      active = false;
      stop?.();
    };
  }, [queryClient, clientId]);

  useEffect(() => {
    if (status === 'signedIn') wasSignedIn.current = true;
    if (status !== 'signedOut' || !wasSignedIn.current) return;
    wasSignedIn.current = false;
    queryClient.clear();
    void import('../../lib/last-seen').then(
      (m) => m.forgetLastSeen(),
      () => undefined,
    );
  }, [queryClient, status]);
  return null;
}

function LiveConnectionProbe() {
  useLiveConnectionProbe();
  return null;
}

/**
 * Root of every portal route: loads /config.json (validated), configures Amplify, then provides
 * auth, toasts and realtime to the portal pages.
 */
export function PortalRoot() {
  const [state, setState] = useState<{ config?: RuntimeConfig; error?: string }>({});

  useEffect(() => {
    let active = true;
    loadRuntimeConfig().then(
      (config) => {
        if (configuredFor !== config) {
          configureAuth(config);
          configuredFor = config;
        }
        if (active) setState({ config });
      },
      (error: Error) => active && setState({ error: error.message }),
    );
    return () => {
      active = false;
    };
  }, []);

  if (state.error) {
    return (
      <div className="portal">
        <div className="screen-error" role="alert">
          <h1>The portal could not start</h1>
          <pre>{state.error}</pre>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </div>
    );
  }
  if (!state.config) {
    return (
      <div className="portal">
        <PageLoading />
      </div>
    );
  }
  return (
    <QueryProvider>
      <ToastProvider>
        <AmplifyAuthProvider authFlowType={state.config.authFlowType}>
          <LastSeen />
          <SessionRealtime wsUrl={state.config.wsUrl}>
            <LiveConnectionProbe />
            <div className="portal">
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </div>
          </SessionRealtime>
        </AmplifyAuthProvider>
      </ToastProvider>
    </QueryProvider>
  );
}
