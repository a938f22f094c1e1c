import { Link, Outlet } from 'react-router-dom';
import { LogoMark } from '../../../components/logo';
import { ToastFlashbar } from './toast-flashbar';

/** Sign-in, sign-up and password pages: a centred card under the logo. */
export function AuthLayout() {
  return (
    <main className="portal-auth">
      <div className="portal-auth__toasts">
        <ToastFlashbar />
      </div>
      <Link to="/" className="portal-auth__brand">
        <LogoMark size={40} />
        <span>Pawsitive Dog Training</span>
      </Link>
      <div className="portal-auth__card">
        <Outlet />
      </div>
      <p className="portal-auth__footer">
        <Link to="/">Back to the website</Link>
      </p>
    </main>
  );
}
