import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../lib/auth-context';
import { ToastProvider } from '../../lib/toasts';
import { json, stubApi } from '../../testing/portal-harness';
import { activeHref, navigationFor, SignedInLayout } from './signed-in-layout';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

describe('the side navigation marks the current page', () => {
  it('an exact link first, else the longest link the path lies under', () => {
    const admin = navigationFor('admin');
    expect(activeHref(admin, '/dashboard')).toBe('/dashboard');
    expect(activeHref(admin, '/dashboard/clients')).toBe('/dashboard/clients');
    expect(activeHref(admin, '/dashboard/clients/c-1/edit')).toBe('/dashboard/clients');
    expect(activeHref(admin, '/dashboard/messages/compose')).toBe('/dashboard/messages');
    expect(activeHref(admin, '/admin/templates')).toBe('/admin/templates');
    expect(activeHref(navigationFor('client'), '/messages')).toBe('/messages');
    expect(activeHref(navigationFor('client'), '/onboarding')).toBeUndefined();
  });
});

const signedIn = (role: 'admin' | 'client'): AuthContextValue => ({
  status: 'signedIn',
  user: { userId: 'u-1', email: 'someone@example.com', role },
  signIn: vi.fn(),
  confirmNewPassword: vi.fn(),
  confirmTotpCode: vi.fn(),
  signOut: vi.fn(),
  getIdToken: async () => 'id-token-123',
});

/** The signed-in shell around a stub screen at `path`, for `role`, over an API with `unread` unread messages. */
function renderShell(role: 'admin' | 'client', path: string, unread: number) {
  stubApi(({ url }) => {
    if (url === '/api/me/messages/unread-count') return json(200, { count: unread });
    if (url === '/api/public/business') return json(200, { timeZone: 'America/New_York' });
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthContext.Provider value={signedIn(role)}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route element={<SignedInLayout />}>
                <Route path="*" element={<h1>Screen</h1>} />
              </Route>
            </Routes>
          </MemoryRouter>
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('the unread count in the top bar', () => {
  it.each(['/dashboard', '/sessions', '/payment', '/referrals', '/dogs/d-1', '/dashboard/settings'])(
    'a client sees it on %s, linking to the inbox',
    async (path) => {
      renderShell('client', path, 3);
      const banner = screen.getByRole('banner');
      const inbox = await within(banner).findByRole('link', { name: 'Messages, 3 unread' });
      expect(inbox).toHaveAttribute('href', '/messages');
      expect(inbox).toHaveTextContent('3');
    },
  );

  it('without unread messages the link stays, with no count', async () => {
    renderShell('client', '/sessions', 0);
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
    expect(within(banner).queryByRole('link', { name: /unread/ })).toBeNull();
  });

  it('the trainer has no client inbox in the top bar', async () => {
    renderShell('admin', '/dashboard', 3);
    expect(await screen.findByRole('heading', { name: 'Screen' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: /Messages/ })).toBeNull();
  });
});
