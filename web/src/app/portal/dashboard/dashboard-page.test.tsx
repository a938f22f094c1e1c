import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue, type AuthUser } from '../../../lib/auth-context';
import { json, location, renderAt, stubApi } from '../../../testing/portal-harness';
import { DashboardPage } from './dashboard-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const authAs = (user: AuthUser): AuthContextValue => ({
  status: 'signedIn',
  user,
  signIn: vi.fn(),
  confirmNewPassword: vi.fn(),
  confirmTotpCode: vi.fn(),
  signOut: vi.fn(),
  getIdToken: async () => 'id-token-123',
});

/** GET /api/me answers `profileCompleted` for `role`; every list is empty. */
function answers(role: 'admin' | 'client', profileCompleted: boolean) {
  return stubApi(({ url }) =>
    /\/api\/me$/.test(url)
      ? json(200, {
          role,
          profile: { id: 'p-1', firstName: 'Olive', lastName: 'Owner', email: 'o@example.com', profileCompleted },
        })
      : json(200, { items: [], cursor: null, counts: {} }),
  );
}

const show = (role: 'admin' | 'client') =>
  renderAt(
    '/dashboard',
    '/dashboard',
    <AuthContext.Provider value={authAs({ userId: 'u-1', email: 'o@example.com', role })}>
      <DashboardPage />
    </AuthContext.Provider>,
  );

describe('dashboard: the onboarding redirect (SPEC 2)', () => {
  it('sends a client whose profile is not completed to /onboarding', async () => {
    answers('client', false);
    show('client');
    await waitFor(() => expect(location()).toBe('/onboarding'));
  });

  it('shows a completed client their dashboard', async () => {
    answers('client', true);
    show('client');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Olive' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
  });

  it('never sends an admin to onboarding', async () => {
    answers('admin', false);
    show('admin');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Olive' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
  });
});

describe('dashboard: a refused profile load', () => {
  it('says why when no profile can be found or made for the sign-in (a deleted account)', async () => {
    const text = 'No user or converted contact submission found with email';
    stubApi(({ url }) =>
      /\/api\/me$/.test(url)
        ? json(403, { error: { code: 'FORBIDDEN', message: text } })
        : json(200, { items: [], cursor: null, counts: {} }),
    );
    show('client');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('Your profile could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('Loading your dashboard...')).toBeNull();
  });
});
