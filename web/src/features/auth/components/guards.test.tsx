import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useMemo, useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ToastFlashbar } from '../../../components/portal/toast-flashbar';
import { AuthContext, type AuthContextValue, type AuthUser } from '../../../lib/auth-context';
import { ToastProvider } from '../../../lib/toasts';
import { AdminOnly } from './admin-only';
import { LoginPage } from './login-page';
import { RequireAuth } from './require-auth';

const ADMIN: AuthUser = { userId: 'u-admin', email: 'trainer@pawsitive.test', role: 'admin' };
const CLIENT: AuthUser = { userId: 'u-client', email: 'owner@example.com', role: 'client' };

/** A stateful stand-in for the Amplify provider. */
function FakeAuth({
  initial,
  signInAs = ADMIN,
  signInError,
  children,
}: {
  initial: AuthUser | null;
  signInAs?: AuthUser;
  signInError?: string;
  children: ReactNode;
}) {
  const [user, setUser] = useState<AuthUser | null>(initial);
  const value = useMemo<AuthContextValue>(
    () => ({
      status: user ? 'signedIn' : 'signedOut',
      user,
      async signIn() {
        if (signInError) throw new Error(signInError);
        setUser(signInAs);
        return 'done' as const;
      },
      async confirmNewPassword() {
        setUser(signInAs);
      },
      async confirmTotpCode() {
        setUser(signInAs);
      },
      async signOut() {
        setUser(null);
      },
      getIdToken: async () => (user ? 'token' : undefined),
    }),
    [user, signInAs, signInError],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

function renderApp(path: string, auth: { initial: AuthUser | null; signInAs?: AuthUser; signInError?: string }) {
  return render(
    <FakeAuth {...auth}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <ToastFlashbar />
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route element={<RequireAuth />}>
              <Route path="/dashboard" element={<h1>Dashboard home</h1>} />
              <Route element={<AdminOnly />}>
                <Route path="/dashboard/contact-submissions" element={<h1>Submissions list</h1>} />
              </Route>
            </Route>
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ToastProvider>
    </FakeAuth>,
  );
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'trainer@pawsitive.test');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('route guards', () => {
  it('sends visitors without a session to /login, remembering the page they asked for', () => {
    renderApp('/dashboard/contact-submissions?status=new', { initial: null });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(JSON.parse(screen.getByTestId('location').dataset.state ?? 'null')).toEqual({
      from: '/dashboard/contact-submissions?status=new',
    });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Submissions list')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  it('returns to the remembered page after signing in', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard/contact-submissions?status=new', { initial: null });
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Submissions list' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/contact-submissions?status=new');
  });

  it('goes to /dashboard after signing in when no page was remembered', async () => {
    const user = userEvent.setup();
    renderApp('/login', { initial: null });
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
  });

  it('requires email and password before calling sign-in', async () => {
    const user = userEvent.setup();
    renderApp('/login', { initial: null });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('shows the server message in a danger toast for 5 s when sign-in fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/login', { initial: null, signInError: 'Incorrect username or password.' });
    await signIn(user);
    expect(await screen.findByText('Incorrect username or password.')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(4900);
    expect(screen.getByText('Incorrect username or password.')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(screen.queryByText('Incorrect username or password.')).not.toBeInTheDocument());
  });

  it('shows Access Denied to a client on a trainer-only page', async () => {
    renderApp('/dashboard/contact-submissions', { initial: CLIENT });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('This section is for trainers only.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.queryByText('Submissions list')).not.toBeInTheDocument();
  });

  it('lets an admin through to a trainer-only page', () => {
    renderApp('/dashboard/contact-submissions', { initial: ADMIN });
    expect(screen.getByRole('heading', { name: 'Submissions list' })).toBeInTheDocument();
  });
});
