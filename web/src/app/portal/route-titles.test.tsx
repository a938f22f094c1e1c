/**
 * Every route sets its page title (WCAG 2.4.2, axe `document-title`): each public route and each portal
 * route of the route list is rendered, and `document.title` must not stay empty. The portal's screens
 * are rendered for the one who uses them (a visitor, a client, the trainer) over an API that answers
 * nothing useful (404), so a title that waits for data is caught too.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../lib/auth-context';
import { ToastProvider } from '../../lib/toasts';
import { json, stubApi } from '../../testing/portal-harness';
import { App } from '../app';
import { AUTH_PATHS, ONBOARDING_PATH } from '../portal-paths';
import { PUBLIC_ROUTES } from '../routes';
import { portalRoutes } from './portal-app';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

afterEach(() => {
  cleanup();
  for (const t of document.head.querySelectorAll('title')) t.remove();
  document.title = '';
});

/** A concrete path for a route pattern (`:param` segments filled in). */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'x-1');

/** The leaf routes of the portal's route list with a path (the '*' fallback leaves the portal). */
function leaves(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((r) => [
    ...(r.path && r.path !== '*' && r.element ? [r] : []),
    ...(r.children ? leaves(r.children) : []),
  ]);
}

const PORTAL_LEAVES = leaves(portalRoutes);

const session = (role: 'admin' | 'client' | undefined): AuthContextValue => ({
  status: role ? 'signedIn' : 'signedOut',
  user: role ? { userId: 'u-1', email: 'someone@example.com', role } : null,
  signIn: vi.fn(),
  confirmNewPassword: vi.fn(),
  confirmTotpCode: vi.fn(),
  signOut: vi.fn(),
  getIdToken: async () => 'id-token-123',
});

/** Who sees a route: sign-in screens are for visitors, onboarding for a client, the rest for the trainer. */
const viewer = (pattern: string) =>
  AUTH_PATHS.includes(pattern) ? undefined : pattern === ONBOARDING_PATH ? 'client' : 'admin';

describe('every route sets its page title', () => {
  it('the portal route list has every screen', () => {
    expect(PORTAL_LEAVES.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/dogs/:dogId', '/dashboard/vaccinations', '/dashboard', '/login']),
    );
  });

  it.each(PUBLIC_ROUTES.map((r) => concrete(r.path)))('public %s', async (path) => {
    stubApi(() => json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
    render(<App pathname={path} />);
    await waitFor(() => expect(document.title.trim()).not.toBe(''));
  });

  it.each(PORTAL_LEAVES.map((r) => [r.path as string, r]))(
    'portal %s',
    async (pattern, route) => {
      stubApi(() => json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
      const path = concrete(pattern);
      const router = createMemoryRouter([{ path: pattern, element: route.element }], { initialEntries: [path] });
      const queryClient = new QueryClient({
        defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
      });
      render(
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <AuthContext.Provider value={session(viewer(pattern))}>
              <Suspense fallback={null}>
                <RouterProvider router={router} />
              </Suspense>
            </AuthContext.Provider>
          </ToastProvider>
        </QueryClientProvider>,
      );
      await waitFor(() => expect(document.title.trim(), pattern).not.toBe(''), { timeout: 10_000 });
    },
    20_000,
  );
});
