import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxMessage, MessageDeliveredNotice, MessageReadNotice } from '#shared/contracts/message-options';
import { TEST_CONFIG } from '../../../lib/content/test-support';
import { RealtimeProvider } from '../../../lib/realtime-context';
import { ToastProvider } from '../../../lib/toasts';
import { fakeSockets } from '../../../testing/fake-socket';
import { json, stubApi } from '../../../testing/portal-harness';
import { ClientNotifications } from './client-notifications';
import { InboxPage } from './inbox-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

/** Desktop notifications shown, with the permission the test sets. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = async () => FakeNotification.permission;
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options?: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

const OLD: InboxMessage = {
  id: 'm-1',
  subject: 'Great first session',
  content: 'Biscuit did well.',
  messageType: 'feedback',
  priority: 'normal',
  sentAt: '2026-03-01T15:00:00.000Z',
  readAt: '2026-03-01T16:00:00.000Z',
};
const NEW: InboxMessage = {
  id: 'm-5',
  subject: 'Week 3 homework',
  content: 'Practise **down**.',
  messageType: 'homework',
  priority: 'normal',
  sentAt: '2026-03-09T15:00:00.000Z',
};

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}

/** Renders the client's portal at `url`; returns the sockets its live connection opens. */
function renderPortal(url: string) {
  const sockets = fakeSockets();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[url]}>
          <RealtimeProvider
            url={TEST_CONFIG.wsUrl}
            getToken={async () => 'id-token-123'}
            enabled
            createSocket={sockets.create}
          >
            <ClientNotifications onUnreadCount={() => undefined} />
            <Routes>
              <Route path="/dashboard" element={<p>Dashboard</p>} />
              <Route path="/messages" element={<InboxPage />} />
            </Routes>
            <Where />
          </RealtimeProvider>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return sockets;
}

/** The server: before the push it lists only the old message, after it the new one too. */
function serve() {
  const state = { items: [OLD], unread: 0 };
  const calls = stubApi(({ url, method }) => {
    if (url === '/api/me') {
      return json(200, {
        role: 'client',
        profile: { id: 'p-1', firstName: 'Maria', lastName: 'Lopez', email: 'm@example.com', profileCompleted: true },
      });
    }
    if (url === '/api/me/messages/unread-count') return json(200, { count: state.unread });
    if (method === 'POST')
      return json(200, { message: { ...NEW, readAt: '2026-03-09T16:00:00.000Z' }, unreadCount: 0 });
    if (url.startsWith('/api/me/messages?')) return json(200, { items: state.items, cursor: null });
    // The inbox's conversations with the trainer: none.
    if (url.startsWith('/api/me/conversations?')) return json(200, { items: [], cursor: null });
    return json(200, NEW);
  });
  return { state, calls };
}

const delivered: MessageDeliveredNotice = { type: 'message.delivered', message: NEW, unreadCount: 1 };

describe('client desktop notifications and the live inbox', () => {
  beforeEach(() => {
    FakeNotification.shown = [];
    FakeNotification.permission = 'granted';
    vi.stubGlobal('Notification', FakeNotification);
  });

  it('lists a delivered message without a reload and raises the unread count', async () => {
    const { state } = serve();
    const sockets = renderPortal('/messages');
    await screen.findByText('Great first session');
    expect(screen.queryByText(/unread\)/)).toBeNull();
    const ws = await sockets.sole();
    state.items = [NEW, OLD];
    state.unread = 1;
    act(() => ws.push(delivered));
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(await within(list).findByText('Week 3 homework')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Week 3 homework');
    expect(screen.getByText('(1 unread)')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));

    // Read in another tab: this one follows.
    const read: MessageReadNotice = {
      type: 'message.read',
      messageId: 'm-5',
      recipientId: 'p-1',
      readAt: '2026-03-09T16:00:00.000Z',
      unreadCount: 0,
    };
    state.items = [{ ...NEW, readAt: read.readAt }, OLD];
    state.unread = 0;
    act(() => ws.push(read));
    await waitFor(() => expect(screen.queryByText('(1 unread)')).toBeNull());
    expect(within(list).queryByText('Unread')).toBeNull();
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it('shows a desktop notification for a delivered message; clicking it opens the message in the inbox', async () => {
    serve();
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    const ws = await renderPortal('/dashboard').sole();
    act(() => ws.push(delivered));
    expect(FakeNotification.shown).toHaveLength(1);
    const [shown] = FakeNotification.shown;
    expect(shown.title).toBe('Week 3 homework');
    expect(shown.options?.body).toBe('New message from your trainer (Homework Assignment)');
    expect(shown.options?.tag).toBe('message-m-5');

    act(() => shown.onclick?.());
    expect(focus).toHaveBeenCalled();
    expect(shown.closed).toBe(true);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Week 3 homework')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/messages'));
  });

  it('stays silent without permission, and for other notices', async () => {
    serve();
    const ws = await renderPortal('/dashboard').sole();
    FakeNotification.permission = 'default';
    act(() => ws.push(delivered));
    FakeNotification.permission = 'denied';
    act(() => ws.push(delivered));
    expect(FakeNotification.shown).toHaveLength(0);

    FakeNotification.permission = 'granted';
    act(() => {
      ws.push({ type: 'message.read', messageId: 'm-5', recipientId: 'p-1', readAt: NEW.sentAt, unreadCount: 0 });
      ws.push({ type: 'messages.changed' });
      ws.push({ type: 'contact_submission.created', submission: { id: 's-1' } });
    });
    expect(FakeNotification.shown).toHaveLength(0);
  });
});
