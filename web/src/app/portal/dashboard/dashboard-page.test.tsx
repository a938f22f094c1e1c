import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue, type AuthUser } from '../../../lib/auth-context';
import { json, location, renderAt, stubApi } from '../../../testing/portal-harness';
import { DashboardPage } from './dashboard-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

afterEach(() => {
  vi.useRealTimers();
});

const authAs = (user: AuthUser): AuthContextValue => ({
  status: 'signedIn',
  user,
  signIn: vi.fn(),
  confirmNewPassword: vi.fn(),
  confirmTotpCode: vi.fn(),
  signOut: vi.fn(),
  getIdToken: async () => 'id-token-123',
});

/**
 * GET /api/me answers `profileCompleted` for `role`, after the statuses in `failFirst` (one per
 * request); every list (class meetings too) is empty and the health route answers ok.
 */
function answers(role: 'admin' | 'client', profileCompleted: boolean, failFirst: number[] = []) {
  return stubApi(({ url }) => {
    if (/\/api\/me$/.test(url)) {
      const status = failFirst.shift();
      if (status) return json(status, { error: { code: 'X', message: `HTTP ${status}` } });
      return json(200, {
        role,
        profile: { id: 'p-1', firstName: 'Olive', lastName: 'Owner', email: 'o@example.com', profileCompleted },
      });
    }
    if (/\/api\/health$/.test(url)) return json(200, { status: 'ok' });
    return json(200, { items: [], cursor: null, counts: {}, meetings: [] });
  });
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

describe('dashboard after a reload: the profile check has the sign-in safeguards (SPEC 8)', () => {
  // The retries wait 1 s (406) and 2 s (server error) as at sign-in; the clock runs on its own too.
  const runClock = async (until: () => boolean) => {
    for (let i = 0; i < 200 && !until(); i++) await vi.advanceTimersByTimeAsync(100);
  };

  it.each([503, 500, 406])('retries a %i and still sends an incomplete profile to /onboarding', async (status) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = answers('client', false, [status, status]);
    show('client');
    await runClock(() => location() === '/onboarding');
    expect(location()).toBe('/onboarding');
    expect(calls.filter((c) => c.url.endsWith('/api/me'))).toHaveLength(3);
    expect(screen.queryByText('Your training at a glance.')).toBeNull();
  });

  it('shows a client no dashboard when the profile cannot be read after the retries', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = answers('client', false, [503, 503, 503]);
    show('client');
    await runClock(() => screen.queryByText('Your profile could not be loaded') !== null);
    expect(screen.getByText('Your profile could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('HTTP 503')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/api/me'))).toHaveLength(3);
    expect(location()).toBe('/dashboard');
    expect(screen.queryByText('Loading your dashboard...')).toBeNull();
  });

  it('signs out a session the API rejects (401), as at sign-in', async () => {
    answers('client', false, [401]);
    const auth = authAs({ userId: 'u-1', email: 'o@example.com', role: 'client' });
    renderAt(
      '/dashboard',
      '/dashboard',
      <AuthContext.Provider value={auth}>
        <DashboardPage />
      </AuthContext.Provider>,
    );
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
  });
});

describe('dashboard: a refused profile load', () => {
  it('says why when no profile can be found or made for the sign-in (a deleted account)', async () => {
    const text = 'No user or converted contact submission found with email';
    stubApi(({ url }) =>
      /\/api\/me$/.test(url)
        ? json(403, { error: { code: 'FORBIDDEN', message: text } })
        : json(200, { items: [], cursor: null, counts: {}, meetings: [] }),
    );
    show('client');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('Your profile could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('Loading your dashboard...')).toBeNull();
  });
});

describe("dashboard: the trainer's day (issue 38)", () => {
  it('opens on the agenda with what needs an answer, and keeps the counters', async () => {
    stubApi(({ url }) => {
      if (/\/api\/me$/.test(url))
        return json(200, {
          role: 'admin',
          profile: { id: 'p-1', firstName: 'Tess', lastName: 'Trainer', email: 't@example.com' },
        });
      if (/\/api\/dashboard\/admin$/.test(url))
        return json(200, {
          newInquiries: 2,
          activeClients: 5,
          weekSessions: 3,
          pendingBookings: 1,
          unreadConversations: 3,
          week: { start: '2026-03-02', end: '2026-03-08' },
        });
      return json(200, { items: [], cursor: null, meetings: [] });
    });
    show('admin');
    const agenda = await screen.findByRole('heading', { name: 'Today and the next 7 days' });
    expect(await screen.findByRole('link', { name: '2 new contact requests' })).toHaveAttribute(
      'href',
      '/dashboard/contact-submissions',
    );
    expect(screen.getByRole('link', { name: '1 booking request' })).toHaveAttribute('href', '/dashboard/sessions');
    expect(screen.getByRole('link', { name: '3 unread conversations' })).toHaveAttribute('href', '/dashboard/messages');
    expect(await screen.findByText('No sessions in the next 7 days')).toBeInTheDocument();
    const counters = screen.getByRole('heading', { name: 'At a glance' });
    // The agenda comes first; the spec's counters stay.
    expect(agenda.compareDocumentPosition(counters) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const label of ['New Inquiries', 'Active Clients', "This Week's Sessions", 'Booking Requests'])
      expect(screen.getByRole('link', { name: label })).toBeInTheDocument();
  });

  it('says so when nothing waits for an answer', async () => {
    stubApi(({ url }) => {
      if (/\/api\/me$/.test(url))
        return json(200, { role: 'admin', profile: { id: 'p-1', firstName: 'Tess', email: 't@example.com' } });
      if (/\/api\/dashboard\/admin$/.test(url))
        return json(200, {
          newInquiries: 0,
          activeClients: 0,
          weekSessions: 0,
          pendingBookings: 0,
          unreadConversations: 0,
        });
      return json(200, { items: [], cursor: null, meetings: [] });
    });
    show('admin');
    expect(await screen.findByText('Nothing waits for an answer.')).toBeInTheDocument();
  });

  it('counts unread client conversations as needing an answer', async () => {
    stubApi(({ url }) => {
      if (/\/api\/me$/.test(url))
        return json(200, { role: 'admin', profile: { id: 'p-1', firstName: 'Tess', email: 't@example.com' } });
      if (/\/api\/dashboard\/admin$/.test(url))
        return json(200, {
          newInquiries: 0,
          activeClients: 0,
          weekSessions: 0,
          pendingBookings: 0,
          unreadConversations: 1,
        });
      return json(200, { items: [], cursor: null, meetings: [] });
    });
    show('admin');
    expect(await screen.findByRole('link', { name: '1 unread conversation' })).toHaveAttribute(
      'href',
      '/dashboard/messages',
    );
    expect(screen.queryByText('Nothing waits for an answer.')).toBeNull();
  });
});
