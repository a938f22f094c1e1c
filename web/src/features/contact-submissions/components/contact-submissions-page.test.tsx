import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactSubmission, ContactSubmittedNotice } from '../../../../../shared/contracts/contact';
import { resetRuntimeConfigForTests } from '../../../lib/config';
import { TEST_CONFIG as CONFIG } from '../../../lib/content/test-support';
import type { WebSocketLike } from '../../../lib/realtime';
import { RealtimeProvider } from '../../../lib/realtime-context';
import { ContactSubmissionsPage } from './contact-submissions-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const submission = (over: Partial<ContactSubmission>): ContactSubmission => ({
  id: 'sub-1',
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  phone: '(941) 555-0111',
  dogName: 'Rocky',
  dogBreed: 'Boxer',
  dogSex: 'male',
  dogBirthDate: '2022-02-01',
  program: 'advancedTraining',
  message: 'Reactive on walks',
  status: 'new',
  convertedToClient: false,
  createdAt: '2025-03-01T15:30:00.000Z',
  ...over,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket implements WebSocketLike {
  static instances: FakeSocket[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  push(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
}

function stubApi(list: (url: string) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === '/config.json') return json(200, CONFIG);
    return list(url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/dashboard/contact-submissions']}>
      <RealtimeProvider
        url={CONFIG.wsUrl}
        getToken={async () => 'id-token-123'}
        enabled
        createSocket={(url) => new FakeSocket(url)}
      >
        <ContactSubmissionsPage />
      </RealtimeProvider>
    </MemoryRouter>,
  );
}

const COUNTS = { new: 1, contacted: 2, converted: 3, removed: 0 };

describe('contact submissions screen', () => {
  beforeEach(() => {
    resetRuntimeConfigForTests();
    FakeSocket.instances = [];
  });

  it('lists New submissions with the ID token and shows the status counts', async () => {
    const fetchMock = stubApi(() => json(200, { items: [submission({})], counts: COUNTS }));
    renderPage();

    const table = await screen.findByRole('table', { name: 'Contact submissions' });
    const row = (await within(table).findByText('Maria Lopez')).closest('tr') as HTMLElement;
    expect(within(row).getByText('maria@example.com')).toBeInTheDocument();
    expect(within(row).getByText('(941) 555-0111')).toBeInTheDocument();
    expect(within(row).getByText('Rocky')).toBeInTheDocument();
    expect(within(row).getByText('Advanced Training & Behavior Modification')).toBeInTheDocument();

    const call = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/'));
    const [url, init] = call ?? [];
    expect(url).toBe('/api/contact-submissions?status=new');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer id-token-123');

    expect(screen.getByRole('button', { name: 'New (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Contacted (2)' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Converted (3)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Removed (0)' })).toBeInTheDocument();
  });

  it('adds a submission pushed over the WebSocket without reloading, bumps New and notifies the desktop', async () => {
    const notifications: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title: string, options?: NotificationOptions) {
        notifications.push({ title, body: options?.body });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    const fetchMock = stubApi(() => json(200, { items: [submission({})], counts: COUNTS }));
    renderPage();
    await screen.findByText('Maria Lopez');

    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.instances[0];
    expect(socket.url).toBe('ws://127.0.0.1:3001?token=id-token-123');
    const listCalls = fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/')).length;

    const notice: ContactSubmittedNotice = {
      type: 'contact_submission.created',
      submission: submission({
        id: 'sub-2',
        firstName: 'Tom',
        lastName: 'Baker',
        email: 'tom@example.com',
        dogName: 'Luna',
        program: 'puppyFoundations',
        createdAt: '2025-03-02T10:00:00.000Z',
      }),
    };
    act(() => {
      socket.open();
      socket.push(notice);
    });

    const newRow = (await screen.findByText('Tom Baker')).closest('tr') as HTMLElement;
    expect(within(newRow).getByText('Puppy Foundation Program')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Contact submissions' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Tom Baker');
    expect(rows[2]).toHaveTextContent('Maria Lopez');
    expect(screen.getByRole('button', { name: 'New (2)' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/'))).toHaveLength(listCalls);
    expect(notifications).toEqual([
      { title: 'New contact submission', body: 'Tom Baker (Luna): Puppy Foundation Program' },
    ]);

    // The same notice twice (e.g. after a reconnect) is not listed twice.
    act(() => socket.push(notice));
    expect(screen.getAllByText('Tom Baker')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'New (2)' })).toBeInTheDocument();
  });

  it('combines New and Contacted, while Converted is an exclusive view', async () => {
    const fetchMock = stubApi(() => json(200, { items: [], counts: COUNTS }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No new submissions.');

    await user.click(screen.getByRole('button', { name: 'Contacted (2)' }));
    expect(await screen.findByText('No new or contacted submissions.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Contacted (2)' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Converted (3)' }));
    expect(await screen.findByText('No converted submissions.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New (1)' })).toHaveAttribute('aria-pressed', 'false');

    const urls = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/'));
    expect(urls).toEqual([
      '/api/contact-submissions?status=new',
      '/api/contact-submissions?status=new,contacted',
      '/api/contact-submissions?status=converted',
    ]);
  });

  it('shows the server message when loading fails', async () => {
    stubApi(() => json(403, { error: { message: 'Access denied. Admin privileges required.' } }));
    renderPage();
    expect(await screen.findByText('Access denied. Admin privileges required.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
