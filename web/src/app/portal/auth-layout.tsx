import { Outlet } from 'react-router-dom';
import { LogoMark } from '../../components/logo';
import { ToastList } from '../../components/portal/toast-list';

/** Sign-in, sign-up and password pages: a centred card under the logo. */
export function AuthLayout() {
  return (
    <main className="portal-auth">
      <div className="portal-auth__toasts">
        <ToastList />
      </div>
      <a href="/" className="portal-auth__brand">
        <LogoMark size={40} />
        <span>Pawsitive Dog Training</span>
      </a>
      <div className="portal-auth__card">
        <Outlet />
      </div>
      <p className="portal-auth__footer">
        <a href="/">Back to the website</a>
      </p>
    </main>
  );
}
