/**
 * Tests only: renders sessions screens inside the portal's providers over the fetch stub of the client
 * book's harness (stubApi), with the sessions routes stubbed around the screen under test.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { SessionView } from '#shared/contracts/session-options';
import { ToastFlashbar } from '../../../components/portal/toast-flashbar';
import { ToastProvider } from '../../../lib/toasts';

export { type ApiCall, client, json, stubApi } from '../../../testing/portal-harness';

/** Visible text only (the Flashbar also announces through a live region). */
export const SHOWN = { ignore: 'script, style, [hidden], [aria-live]' };

export const session = (over: Partial<SessionView> = {}): SessionView => ({
  id: 's-1',
  clientId: 'c-1',
  clientName: 'Maria Lopez',
  dogId: 'd-1',
  dogName: 'Biscuit',
  dogBreed: 'Cockapoo',
  scheduledAt: '2026-03-09T14:00:00.000Z',
  durationMinutes: 60,
  endsAt: '2026-03-09T15:00:00.000Z',
  sessionType: 'training',
  status: 'scheduled',
  createdAt: '2026-03-01T15:00:00.000Z',
  updatedAt: '2026-03-01T15:00:00.000Z',
  clientEmail: 'maria@example.com',
  clientPhone: '(941) 555-0111',
  ...over,
});

/** A session starting at `start` (UTC ISO) for `minutes`. */
export const sessionAt = (start: string, over: Partial<SessionView> = {}, minutes = 60) =>
  session({
    scheduledAt: start,
    durationMinutes: minutes,
    endsAt: new Date(new Date(start).getTime() + minutes * 60_000).toISOString(),
    ...over,
  });

export const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

const STUBS = ['/dashboard', '/dashboard/sessions', '/dashboard/sessions/create', '/sessions', '/messages'];

/** Renders `element` at `path` (a route pattern) starting from `url`; the other pages are stubs. */
export function renderAt(url: string, path: string, element: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 15_000 }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[url]}>
          <ToastFlashbar />
          <Routes>
            <Route path={path} element={element} />
            {STUBS.filter((p) => p !== path).map((p) => (
              <Route key={p} path={p} element={<p>Stub page</p>} />
            ))}
          </Routes>
          <Where />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

export const location = () => screen.getByTestId('location').textContent;
