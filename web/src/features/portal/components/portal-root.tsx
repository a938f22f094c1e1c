import './portal.css';
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

/** The logo shown in the portal's top navigation. */
export const PORTAL_LOGO = '/favicon.svg';

/**
 * Waits (at most 1.5 s) for the portal's Open Sans faces and the logo: Cloudscape measures the top
 * navigation once on mount, so neither may still be loading then (a late logo or font squeezes the
 * title into an ellipsis). Awaited with the signed-in layout's chunk (portal-app.tsx); the signed-out
 * screens use the site's own font and need neither.
 */
export function loadPortalAssets(): Promise<unknown> {
  if (typeof document === 'undefined') return Promise.resolve();
  const fonts = document.fonts
    ? ['400 14px "Open Sans"', '700 14px "Open Sans"'].map((f) => document.fonts.load(f))
    : [];
  const logo = new Image();
  logo.src = PORTAL_LOGO;
  const assets = Promise.all([...fonts, logo.decode()]).catch(() => undefined);
  return Promise.race([assets, new Promise((r) => setTimeout(r, 1500))]);
}

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
