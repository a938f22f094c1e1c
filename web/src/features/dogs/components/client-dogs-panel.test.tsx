import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dog } from '#shared/contracts/client-options';
import { ToastFlashbar } from '../../../components/portal/toast-flashbar';
import { resetRuntimeConfigForTests } from '../../../lib/config';
import { TEST_CONFIG } from '../../../lib/content/test-support';
import { createQueryClient } from '../../../lib/query';
import { ToastProvider } from '../../../lib/toasts';
import { ClientDogsPanel } from './client-dogs-panel';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const isoMonthsAgo = (months: number) => {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - months);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-01`;
};

const dog = (over: Partial<Dog>): Dog => ({
  id: 'dog-1',
  profileId: 'client-1',
  name: 'Biscuit',
  breed: 'Beagle',
  birthDate: isoMonthsAgo(5),
  trainingAnalytics: { totalSessions: 0 },
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
  ...over,
});

function stubApi(handler: (url: string, init?: RequestInit) => Response) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/config.json') return json(200, TEST_CONFIG);
      calls.push({ url, method: init?.method ?? 'GET' });
      return handler(url, init);
    }),
  );
  return calls;
}

function renderPanel() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <ToastFlashbar />
        <MemoryRouter>
          <ClientDogsPanel clientId="client-1" />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('ClientDogsPanel', () => {
  beforeEach(() => resetRuntimeConfigForTests());

  it('shows each dog with breed, sex, age, training analytics and links to edit and add', async () => {
    stubApi(() =>
      json(200, {
        items: [
          dog({ id: 'd1', name: 'Biscuit', sex: 'female' }),
          dog({
            id: 'd2',
            name: 'Rocky',
            breed: 'Boxer',
            sex: 'male',
            birthDate: isoMonthsAgo(26),
            photoUrl: 'http://s3.test/rocky.png',
            trainingAnalytics: { totalSessions: 7, lastSessionDate: '2025-02-03' },
          }),
        ],
        cursor: null,
      }),
    );
    renderPanel();
    expect(await screen.findByText('Rocky')).toBeInTheDocument();
    expect(screen.getByText('5 months')).toBeInTheDocument();
    expect(screen.getByText('2 years 2 months')).toBeInTheDocument();
    expect(screen.getByText('Female')).toBeInTheDocument();
    expect(screen.getByText('Boxer')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getByText('Feb 3, 2025')).toBeInTheDocument();
    expect(screen.getByText('None yet')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Rocky' })).toHaveAttribute('src', 'http://s3.test/rocky.png');
    expect(screen.getByRole('img', { name: 'No photo of Biscuit yet' })).toHaveAttribute(
      'src',
      '/images/default-dog-480.webp',
    );
    expect(screen.getByRole('link', { name: 'Edit Rocky' })).toHaveAttribute(
      'href',
      '/dashboard/clients/client-1/dogs/d2/edit',
    );
    expect(screen.getAllByRole('link', { name: 'Add dog' })[0]).toHaveAttribute(
      'href',
      '/dashboard/clients/client-1/dogs/add',
    );
  });

  it('deletes a dog only after confirmation and removes its card', async () => {
    const calls = stubApi((_url, init) => {
      if (init?.method === 'DELETE') return json(204);
      return json(200, { items: [dog({ id: 'd1', name: 'Biscuit' })], cursor: null });
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Delete Biscuit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/permanently deletes Biscuit/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Biscuit' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Biscuit' })).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/dogs/d1');
    expect(await screen.findByText('Biscuit has been deleted.')).toBeInTheDocument();
    expect(screen.getByText('No dogs yet')).toBeInTheDocument();
  });

  it('shows the empty state and a load error with Retry', async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? json(403, { error: { code: 'FORBIDDEN', message: 'Access denied' } })
        : json(200, { items: [], cursor: null }),
    );
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('Failed to load dogs')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No dogs yet')).toBeInTheDocument();
  });
});
