import { Outlet } from 'react-router-dom';
import { RequireAdmin } from './require-admin';

/** Layout route for trainer-only pages. */
export function AdminOnly() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}
