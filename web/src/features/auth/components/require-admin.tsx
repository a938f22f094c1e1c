import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuth } from '../../../lib/auth-context';
import { AccessDenied } from './access-denied';

/** Trainer-only pages (inside RequireAuth): anyone else sees Access Denied. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  if (user?.role !== 'admin') return <AccessDenied />;
  return children ?? <Outlet />;
}
