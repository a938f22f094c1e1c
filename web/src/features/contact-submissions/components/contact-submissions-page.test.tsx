import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactSubmission, ContactSubmittedNotice } from '#shared/contracts/contact';
import { ToastFlashbar } from '../../../components/portal/toast-flashbar';
import { resetRuntimeConfigForTests } from '../../../lib/config';
import { TEST_CONFIG as CONFIG } from '../../../lib/content/test-support';
import { RealtimeProvider } from '../../../lib/realtime-context';
import { ToastProvider } from '../../../lib/toasts';
import { type FakeSockets, fakeSockets } from '../../../testing/fake-socket';
import { AdminNotifications } from './admin-notifications';
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

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function stubApi(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/config.json') return json(200, CONFIG);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const apiCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([u, init]) => ({
      url: String(u),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }))
    .filter((c) => c.url.startsWith('/api/'));

function renderPage(sockets: FakeSockets = fakeSockets()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={['/dashboard/contact-submissions']}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <RealtimeProvider
            url={CONFIG.wsUrl}
            getToken={async () => 'id-token-123'}
            enabled
            createSocket={sockets.create}
          >
            <ToastFlashbar />
            <AdminNotifications />
            <ContactSubmissionsPage />
          </RealtimeProvider>
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const COUNTS = { new: 1, contacted: 2, converted: 3, removed: 0 };
const table = () => screen.getByRole('table', { name: 'Contact submissions' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr') as HTMLElement;

async function chooseStatus(user: ReturnType<typeof userEvent.setup>, name: string, label: string) {
  await user.click(within(rowOf(name)).getByRole('button', { name: new RegExp(`Status of ${name}`) }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('contact submissions screen', () => {
  beforeEach(() => {
    resetRuntimeConfigForTests();
  });

  it('shows loading, then lists New submissions with every column and the status counts', async () => {
    let release: (r: Response) => void = () => undefined;
    const fetchMock = stubApi(() => new Promise<Response>((r) => (release = r)));
    renderPage();
    expect(await screen.findByText('Loading submissions')).toBeInTheDocument();
    await waitFor(() => expect(apiCalls(fetchMock)).toHaveLength(1));
    act(() => release(json(200, { items: [submission({})], counts: COUNTS, cursor: null })));

    const row = (await within(table()).findByText('Maria Lopez')).closest('tr') as HTMLElement;
    expect(within(row).getByText('maria@example.com')).toBeInTheDocument();
    expect(within(row).getByText('(941) 555-0111')).toBeInTheDocument();
    expect(within(row).getByText('Rocky')).toBeInTheDocument();
    expect(within(row).getByText('Boxer, Male, born Feb 1, 2022')).toBeInTheDocument();
    expect(within(row).getByText('Advanced Training & Behavior Modification')).toBeInTheDocument();
    expect(within(row).getByText('Mar 1, 2025 10:30 AM ET')).toBeInTheDocument();

    const [call] = fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/'));
    expect(String(call[0])).toBe('/api/contact-submissions?status=new&limit=25');
    expect(new Headers(call[1]?.headers).get('Authorization')).toBe('Bearer id-token-123');

    expect(screen.getByRole('button', { name: 'New (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Contacted (2)' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Converted (3)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Removed (0)' })).toBeInTheDocument();
  });

  it('opens the detail view with every field, the message and the linked client profile', async () => {
    const converted = submission({ status: 'converted', convertedToClient: true, assignedProfileId: 'prof-9' });
    stubApi((url) =>
      url.startsWith('/api/contact-submissions/sub-1')
        ? json(200, {
            submission: converted,
            assignedProfile: {
              id: 'prof-9',
              firstName: 'Maria',
              lastName: 'Lopez',
              email: 'maria@example.com',
              isActive: true,
            },
          })
        : json(200, { items: [converted], counts: COUNTS, cursor: null }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Maria Lopez' }));
    expect(await screen.findByText('Submission from Maria Lopez')).toBeInTheDocument();
    expect(screen.getByText('Reactive on walks')).toBeInTheDocument();
    expect(screen.getByText('Feb 1, 2022')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maria Lopez' })).toHaveAttribute('href', '/dashboard/clients/prof-9');
  });

  it('pages with the server cursor (Load more)', async () => {
    const fetchMock = stubApi((url) =>
      url.includes('cursor=c1')
        ? json(200, {
            items: [submission({ id: 'sub-2', firstName: 'Tom', lastName: 'Baker' })],
            counts: COUNTS,
            cursor: null,
          })
        : json(200, { items: [submission({})], counts: COUNTS, cursor: 'c1' }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Maria Lopez');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Tom Baker')).toBeInTheDocument();
    expect(screen.getByText('Maria Lopez')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(apiCalls(fetchMock).map((c) => c.url)).toEqual([
      '/api/contact-submissions?status=new&limit=25',
      '/api/contact-submissions?status=new&limit=25&cursor=c1',
    ]);
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
    // What the server lists: after the push it has the new submission too.
    let served = { items: [submission({})], counts: COUNTS, cursor: null as string | null };
    const fetchMock = stubApi(() => json(200, served));
    const sockets = fakeSockets();
    renderPage(sockets);
    await screen.findByText('Maria Lopez');
    const socket = await sockets.sole();
    const listCalls = apiCalls(fetchMock).length;

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
    served = { items: [notice.submission, submission({})], counts: { ...COUNTS, new: COUNTS.new + 1 }, cursor: null };
    act(() => {
      socket.open();
      socket.push(notice);
    });
    const newRow = (await screen.findByText('Tom Baker')).closest('tr') as HTMLElement;
    expect(within(newRow).getByText('Puppy Foundation Program')).toBeInTheDocument();
    const rows = within(table()).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Tom Baker');
    expect(rows[2]).toHaveTextContent('Maria Lopez');
    expect(screen.getByRole('button', { name: 'New (2)' })).toBeInTheDocument();
    // It is listed at once, then the list is refetched (a list request under way may have missed it).
    await waitFor(() => expect(apiCalls(fetchMock).length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(screen.getAllByText('Tom Baker')).toHaveLength(1));
    expect(notifications).toEqual([
      { title: 'New contact submission', body: 'Tom Baker (Luna): Puppy Foundation Program' },
    ]);

    // The same notice twice (e.g. after a reconnect) is not listed twice.
    act(() => socket.push(notice));
    expect(screen.getAllByText('Tom Baker')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'New (2)' })).toBeInTheDocument();

    // Another tab changed submissions: the list refetches.
    const before = apiCalls(fetchMock).length;
    act(() => socket.push({ type: 'contact_submissions.changed', ids: ['sub-1'] }));
    await waitFor(() => expect(apiCalls(fetchMock).length).toBeGreaterThan(before));
  });

  it('combines New and Contacted, while Converted is an exclusive view; empty views say so', async () => {
    const fetchMock = stubApi(() => json(200, { items: [], counts: COUNTS, cursor: null }));
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

    expect(apiCalls(fetchMock).map((c) => c.url)).toEqual([
      '/api/contact-submissions?status=new&limit=25',
      '/api/contact-submissions?status=new,contacted&limit=25',
      '/api/contact-submissions?status=converted&limit=25',
    ]);
  });

  it('says Access denied. Admin privileges required. when the API refuses a trainer-only list, with Retry', async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? json(403, { error: { code: 'FORBIDDEN', message: 'Must be authenticated as admin' } })
        : json(200, { items: [submission({})], counts: COUNTS, cursor: null }),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Access denied. Admin privileges required.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Maria Lopez')).toBeInTheDocument();
  });

  it('changes the status with the selector and removes, updating the list and counts at once', async () => {
    const fetchMock = stubApi((_url, init) => {
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body));
        return json(200, {
          submission: submission({ status: body.status }),
          outcome: body.status === 'removed' ? 'removed' : 'updated',
        });
      }
      return json(200, { items: [submission({})], counts: COUNTS, cursor: null });
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Maria Lopez');
    await user.click(screen.getByRole('button', { name: 'Contacted (2)' }));
    await screen.findByText('Maria Lopez');

    await chooseStatus(user, 'Maria Lopez', 'Contacted');
    expect(await screen.findByText('Status updated successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New (0)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contacted (3)' })).toBeInTheDocument();
    expect(within(rowOf('Maria Lopez')).getAllByText('Contacted').length).toBeGreaterThan(0);

    await user.click(within(rowOf('Maria Lopez')).getByRole('button', { name: 'Remove Maria Lopez' }));
    expect(await screen.findByText('Submission has been removed')).toBeInTheDocument();
    await waitFor(() => expect(within(table()).queryByText('Maria Lopez')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Removed (1)' })).toBeInTheDocument();
    const patches = apiCalls(fetchMock).filter((c) => c.method === 'PATCH');
    expect(patches).toEqual([
      { url: '/api/contact-submissions/sub-1/status', method: 'PATCH', body: { status: 'contacted' } },
      { url: '/api/contact-submissions/sub-1/status', method: 'PATCH', body: { status: 'removed' } },
    ]);
  });

  it('restores a removed item (no selector) and deletes selected removed items after confirmation', async () => {
    const removed = [
      submission({ status: 'removed' }),
      submission({ id: 'sub-2', firstName: 'Tom', lastName: 'Baker', status: 'removed' }),
      submission({ id: 'sub-3', firstName: 'Ann', lastName: 'Lee', status: 'removed' }),
    ];
    const counts = { ...COUNTS, removed: 3 };
    const fetchMock = stubApi((url, init) => {
      if (init?.method === 'PATCH')
        return json(200, {
          submission: submission({ id: 'sub-3', firstName: 'Ann', lastName: 'Lee' }),
          outcome: 'updated',
        });
      if (url.endsWith('/delete')) return json(200, { deleted: JSON.parse(String(init?.body)).ids.length });
      return json(200, { items: url.includes('removed') ? removed : [], counts, cursor: null });
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Removed (3)' }));
    await screen.findByText('Tom Baker');

    expect(within(rowOf('Ann Lee')).getByRole('button', { name: /Status of Ann Lee/ })).toBeDisabled();
    await user.click(within(rowOf('Ann Lee')).getByRole('button', { name: 'Restore Ann Lee' }));
    expect(await screen.findByText('Status updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(table()).queryByText('Ann Lee')).not.toBeInTheDocument());

    expect(screen.getByRole('button', { name: 'Delete permanently' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Maria Lopez' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Tom Baker' }));
    await user.click(screen.getByRole('button', { name: 'Delete permanently (2)' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Permanently delete 2 removed submission(s)? This cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('2 submission(s) permanently deleted.')).toBeInTheDocument();
    await waitFor(() => expect(within(table()).queryByText('Tom Baker')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Removed (0)' })).toBeInTheDocument();
    const del = apiCalls(fetchMock).find((c) => c.url.endsWith('/delete'));
    expect(del?.body).toEqual({ ids: ['sub-1', 'sub-2'] });
  });

  it('converts after confirmation: shows the e-mail, temporary password and /login address, copies them and the invitation link', async () => {
    const link = 'http://localhost/signup?token=tok&email=maria%40example.com';
    const fetchMock = stubApi((url) => {
      if (url.endsWith('/convert'))
        return json(201, {
          submission: submission({ status: 'converted', convertedToClient: true, assignedProfileId: 'p1' }),
          profileId: 'p1',
          email: 'maria@example.com',
          temporaryPassword: 'Pawsitive-Ab3dEf9h!',
          invitationLink: link,
          loginUrl: 'http://localhost/login',
        });
      return json(200, { items: [submission({})], counts: COUNTS, cursor: null });
    });
    const user = userEvent.setup();
    // After setup: user-event installs its own clipboard.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    await screen.findByText('Maria Lopez');
    await chooseStatus(user, 'Maria Lopez', 'Converted');
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Create a client account for Maria Lopez \(maria@example.com\)/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Convert to client' }));

    expect(
      await screen.findByText(
        'Maria Lopez is now a client. Email: maria@example.com. Temporary password: Pawsitive-Ab3dEf9h!',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Converted (4)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'http://localhost/login' })).toHaveAttribute(
      'href',
      'http://localhost/login',
    );
    await user.click(screen.getByRole('button', { name: 'Copy login details' }));
    expect(writeText).toHaveBeenCalledWith(
      'Email: maria@example.com\nTemporary password: Pawsitive-Ab3dEf9h!\nLogin: http://localhost/login',
    );
    expect(await screen.findByText('Login details copied to clipboard!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy invitation link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Invitation link copied to clipboard!')).toBeInTheDocument();
    expect(
      apiCalls(fetchMock)
        .filter((c) => c.method === 'POST')
        .map((c) => c.url),
    ).toEqual(['/api/contact-submissions/sub-1/convert']);
  });

  it('shows the raw server message when conversion fails', async () => {
    const message =
      'A client account already exists for maria@example.com. The contact submission has been linked to the existing profile.';
    stubApi((url) =>
      url.endsWith('/convert')
        ? json(409, { error: { code: 'CONFLICT', message } })
        : json(200, { items: [submission({})], counts: COUNTS, cursor: null }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Maria Lopez');
    await chooseStatus(user, 'Maria Lopez', 'Converted');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Convert to client' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('leaving converted with a client profile asks to deactivate (default) or delete everything', async () => {
    const converted = submission({ status: 'converted', convertedToClient: true, assignedProfileId: 'p1' });
    const fetchMock = stubApi((url, init) => {
      if (init?.method === 'PATCH') return json(200, { submission: submission({ status: 'new' }), outcome: 'deleted' });
      if (url === '/api/contact-submissions/sub-1')
        return json(200, {
          submission: converted,
          assignedProfile: {
            id: 'p1',
            firstName: 'Maria',
            lastName: 'Lopez',
            email: 'maria@example.com',
            isActive: true,
          },
        });
      return json(200, { items: [converted], counts: COUNTS, cursor: null });
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Converted (3)' }));
    await screen.findByText('Maria Lopez');
    await chooseStatus(user, 'Maria Lopez', 'New');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Deactivate client and update status' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Permanently delete all client data/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete client and update status' }));
    expect(
      await screen.findByText('Client and all associated data have been permanently deleted.'),
    ).toBeInTheDocument();
    expect(apiCalls(fetchMock).find((c) => c.method === 'PATCH')?.body).toEqual({
      status: 'new',
      clientAction: 'delete',
    });
  });

  it('leaving converted without a profile uses the simpler confirmation', async () => {
    const converted = submission({ status: 'converted', convertedToClient: true, assignedProfileId: 'gone' });
    const fetchMock = stubApi((url, init) => {
      if (init?.method === 'PATCH')
        return json(200, { submission: submission({ status: 'contacted' }), outcome: 'unlinked' });
      if (url === '/api/contact-submissions/sub-1') return json(200, { submission: converted, assignedProfile: null });
      return json(200, { items: [converted], counts: COUNTS, cursor: null });
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Converted (3)' }));
    await screen.findByText('Maria Lopez');
    await chooseStatus(user, 'Maria Lopez', 'Contacted');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update status' }));
    expect(
      await screen.findByText('Contact status updated. Signup invitation remains valid until expiration.'),
    ).toBeInTheDocument();
    expect(apiCalls(fetchMock).find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'contacted' });
  });
});
