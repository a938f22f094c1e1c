/**
 * Tests only: renders portal screens inside the portal's providers (query layer without retries,
 * toasts with their Flashbar, a memory router) over a fetch stub that answers /config.json and hands
 * every /api/ call to `answer`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { ClientProfile } from '#shared/contracts/client-options';
import { ToastFlashbar } from '../components/portal/toast-flashbar';
import { resetRuntimeConfigForTests } from '../lib/config';
import { TEST_CONFIG } from '../lib/content/test-support';
import { ToastProvider } from '../lib/toasts';

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export interface ApiCall {
  method: string;
  url: string;
  body?: unknown;
  headers: Headers;
}

/** Stubs fetch; returns the API calls made so far (method, URL, parsed body). */
export function stubApi(answer: (call: ApiCall) => Response | Promise<Response>) {
  resetRuntimeConfigForTests();
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/config.json') return json(200, TEST_CONFIG);
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        url,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: new Headers(init?.headers),
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

export const client = (over: Partial<ClientProfile> = {}): ClientProfile => ({
  id: 'c-1',
  userId: 'u-1',
  role: 'client',
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  phone: '(941) 555-0111',
  profileCompleted: true,
  onboardingStep: 4,
  isActive: true,
  createdAt: '2025-03-01T15:30:00.000Z',
  updatedAt: '2025-03-02T15:30:00.000Z',
  ...over,
});

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Renders `element` at `path` (a route pattern) starting from `url`; other client pages are stubs. */
export function renderAt(url: string, path: string, element: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 15_000 }, mutations: { retry: false } },
  });
  const stubs = ['/dashboard/clients', '/dashboard/clients/:id', '/dashboard/clients/create'].filter((p) => p !== path);
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[url]}>
          <ToastFlashbar />
          <Routes>
            <Route path={path} element={element} />
            {stubs.map((p) => (
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
