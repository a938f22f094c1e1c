import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientNote } from '#shared/contracts/client-options';
import { ToastFlashbar } from '../../../components/portal/toast-flashbar';
import { resetRuntimeConfigForTests } from '../../../lib/config';
import { TEST_CONFIG } from '../../../lib/content/test-support';
import { createQueryClient } from '../../../lib/query';
import { ToastProvider } from '../../../lib/toasts';
import { ClientNotesPanel } from './client-notes-panel';

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

const note = (over: Partial<ClientNote>): ClientNote => ({
  id: 'n1',
  profileId: 'client-1',
  title: 'Leash reactivity',
  content: 'Lunges at bicycles.',
  noteType: 'behavioral',
  isImportant: false,
  createdBy: 'admin-1',
  createdByEmail: 'trainer@pawsitive.test',
  createdAt: '2025-03-01T15:30:00.000Z',
  updatedAt: '2025-03-01T15:30:00.000Z',
  ...over,
});

function stubApi(handler: (url: string, init?: RequestInit) => Response) {
  const calls: { url: string; method: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/config.json') return json(200, TEST_CONFIG);
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
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
        <ClientNotesPanel clientId="client-1" />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('ClientNotesPanel', () => {
  beforeEach(() => resetRuntimeConfigForTests());

  it("lists notes in the server's order (newest first) with type, importance, author and dates", async () => {
    stubApi(() =>
      json(200, {
        items: [
          note({ id: 'n2', title: 'Vaccines due', noteType: 'medical', isImportant: true, content: 'Rabies in May' }),
          note({ id: 'n1', updatedAt: '2025-03-02T15:30:00.000Z' }),
        ],
        cursor: null,
      }),
    );
    renderPanel();
    expect(await screen.findByText('Vaccines due')).toBeInTheDocument();
    const titles = screen.getAllByText(/Vaccines due|Leash reactivity/).map((e) => e.textContent);
    expect(titles).toEqual(['Vaccines due', 'Leash reactivity']);
    expect(screen.getByText('Important')).toBeInTheDocument();
    expect(screen.getByText('Medical')).toBeInTheDocument();
    expect(screen.getByText('Behavioral')).toBeInTheDocument();
    expect(screen.getAllByText(/By trainer@pawsitive\.test · Mar 1, 2025 10:30 AM ET/)).toHaveLength(2);
    expect(screen.getByText(/Updated Mar 2, 2025 10:30 AM ET/)).toBeInTheDocument();
    expect(screen.getByText('Rabies in May')).toBeInTheDocument();
  });

  it('adds a note through the dialog, checking required fields first, and shows it at the top', async () => {
    const calls = stubApi((_url, init) => {
      if (init?.method === 'POST')
        return json(201, {
          note: note({ id: 'n9', title: 'Recall', content: 'Daily recall', noteType: 'training', isImportant: true }),
        });
      return json(200, { items: [note({})], cursor: null });
    });
    const user = userEvent.setup();
    renderPanel();
    await screen.findByText('Leash reactivity');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Content is required')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Title'));
    await user.paste(' Recall ');
    await user.click(within(dialog).getByLabelText('Content'));
    await user.paste('Daily recall');
    await user.click(within(dialog).getByLabelText('Type'));
    await user.click(await screen.findByRole('option', { name: 'Training' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mark as important' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: '/api/clients/client-1/notes',
      method: 'POST',
      body: { title: 'Recall', content: 'Daily recall', noteType: 'training', isImportant: true },
    });
    expect(await screen.findByText('Note added successfully')).toBeInTheDocument();
    const titles = screen.getAllByText(/^(Recall|Leash reactivity)$/).map((e) => e.textContent);
    expect(titles).toEqual(['Recall', 'Leash reactivity']);
  });

  it('edits a note in place and deletes one after confirmation', async () => {
    const calls = stubApi((_url, init) => {
      if (init?.method === 'PATCH') return json(200, { note: note({ title: 'Calmer with bikes' }) });
      if (init?.method === 'DELETE') return json(204);
      return json(200, { items: [note({})], cursor: null });
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit note Leash reactivity' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Leash reactivity');
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.paste('Calmer with bikes');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Calmer with bikes')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.url).toBe('/api/notes/n1');

    await user.click(screen.getByRole('button', { name: 'Delete note Calmer with bikes' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/will be permanently deleted/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/notes/n1');
  });

  it('shows the server message when saving fails and keeps the dialog open', async () => {
    stubApi((_url, init) => {
      if (init?.method === 'POST') return json(404, { error: { code: 'NOT_FOUND', message: 'Client not found' } });
      return json(200, { items: [], cursor: null });
    });
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add note' })[0]);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Title'));
    await user.paste('Hello');
    await user.click(within(dialog).getByLabelText('Content'));
    await user.paste('World');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect((await screen.findAllByText('Client not found')).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
