import './portal.css';
import '../../settings/components/cloudscape-theme.css';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../../../app/page-loading';
import { configureAuth } from '../../../lib/auth';
import { useAuth } from '../../../lib/auth-context';
import { loadRuntimeConfig, type RuntimeConfig } from '../../../lib/config';
import { QueryProvider } from '../../../lib/query';
import { RealtimeProvider } from '../../../lib/realtime-context';
import { ToastProvider } from '../../../lib/toasts';
import { AmplifyAuthProvider } from '../../auth/components/auth-provider';

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
          <SessionRealtime wsUrl={state.config.wsUrl}>
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
