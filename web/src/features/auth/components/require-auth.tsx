import Spinner from '@cloudscape-design/components/spinner';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { type LoginLocationState, useAuth } from '../../../lib/auth-context';

/** Signed-in pages: visitors without a session go to /login, which remembers where they were going. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') {
    return (
      <div className="portal-center" role="status">
        <Spinner size="large" />
        <span className="visually-hidden">Checking your session...</span>
      </div>
    );
  }
  if (status === 'signedOut') {
    const state: LoginLocationState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return children ?? <Outlet />;
}
