import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Dog } from '#shared/contracts/client-options';
import type { SessionView } from '#shared/contracts/session-options';
import { TEST_CONFIG } from '../../../lib/content/test-support';
import type { WebSocketLike } from '../../../lib/realtime';
import { RealtimeProvider } from '../../../lib/realtime-context';
import { json, renderAt, stubApi } from '../../../testing/portal-harness';
import { ClientDashboard } from './client-dashboard';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const dog = (over: Partial<Dog> = {}): Dog => ({
  id: 'd-1',
  profileId: 'p-1',
  name: 'Biscuit',
  breed: 'Cockapoo',
  birthDate: '2024-01-15',
  sex: 'female',
  trainingAnalytics: { totalSessions: 0 },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

describe('client dashboard: My Dogs', () => {
  it("lists the client's own dogs with photo, breed, sex and age", async () => {
    const calls = stubApi(({ url }) =>
      url.includes('/me/messages') || url.includes('/me/sessions')
        ? json(200, { items: [], cursor: null })
        : json(200, {
            items: [
              dog(),
              dog({ id: 'd-2', name: 'Pepper', breed: 'Beagle', sex: undefined, photoUrl: 'http://127.0.0.1/p.png' }),
            ],
            cursor: null,
          }),
    );
    renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    expect(await screen.findByText('Biscuit')).toBeInTheDocument();
    expect(screen.getByText('Pepper')).toBeInTheDocument();
    expect(screen.getByText(/Cockapoo · Female · /)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Pepper' })).toHaveAttribute('src', 'http://127.0.0.1/p.png');
    expect(screen.getByRole('img', { name: 'No photo of Biscuit yet' })).toBeInTheDocument();
    expect(calls.some((c) => /\/api\/me\/dogs/.test(c.url))).toBe(true);
  });

  it('says when there are no dogs yet, and when they could not be loaded', async () => {
    stubApi(() => json(200, { items: [], cursor: null }));
    const first = renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    expect(await screen.findByText(/No dogs on your profile yet/)).toBeInTheDocument();
    first.unmount();
    stubApi(({ url }) =>
      url.includes('/me/dogs')
        ? json(500, { error: { message: 'boom' } })
        : url.includes('/me/credits')
          ? json(200, { credits: { balance: 0 } })
          : json(200, { items: [], cursor: null }),
    );
    renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    expect(await screen.findByText('Your dogs could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

const message = (over: Record<string, unknown> = {}) => ({
  id: 'm-1',
  subject: 'Week 2 homework',
  content: 'Practise sit',
  messageType: 'homework',
  priority: 'normal',
  sentAt: '2026-03-02T15:00:00.000Z',
  ...over,
});

describe('client dashboard: Recent Messages', () => {
  it('shows the 3 latest messages, unread ones marked, each opening in the inbox', async () => {
    const calls = stubApi(({ url }) =>
      url.includes('/me/messages')
        ? json(200, {
            items: [
              message(),
              message({
                id: 'm-2',
                subject: 'See you Friday',
                messageType: 'appointment',
                readAt: '2026-03-03T10:00:00.000Z',
              }),
            ],
            cursor: 'more',
          })
        : json(200, { items: [], cursor: null }),
    );
    renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    const link = await screen.findByRole('link', { name: 'Week 2 homework' });
    expect(link).toHaveAttribute('href', '/messages?messageId=m-1');
    expect(screen.getByText('Homework Assignment · Mar 2, 2026 · Unread')).toBeInTheDocument();
    expect(screen.getByText('Appointment Related · Mar 2, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/messages');
    expect(calls.find((c) => c.url.includes('/me/messages'))?.url).toMatch(/limit=3/);
  });

  it('says when there are none, and when they could not be loaded', async () => {
    stubApi(() => json(200, { items: [], cursor: null }));
    const first = renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    first.unmount();
    stubApi(({ url }) =>
      url.includes('/me/messages') ? json(500, { error: { message: 'boom' } }) : json(200, { items: [], cursor: null }),
    );
    renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    expect(await screen.findByText('Failed to load messages')).toBeInTheDocument();
  });
});

const upcoming = (over: Partial<SessionView> = {}): SessionView => ({
  id: 's-1',
  clientId: 'c-1',
  clientName: 'Maria Lopez',
  dogId: 'd-1',
  dogName: 'Biscuit',
  scheduledAt: '2099-03-09T14:00:00.000Z',
  durationMinutes: 60,
  endsAt: '2099-03-09T15:00:00.000Z',
  sessionType: 'training',
  status: 'scheduled',
  createdAt: '2026-03-01T15:00:00.000Z',
  updatedAt: '2026-03-01T15:00:00.000Z',
  ...over,
});

describe('client dashboard: Upcoming Sessions', () => {
  it('shows the next 3 sessions in Eastern Time, with View All to /sessions', async () => {
    const calls = stubApi(({ url }) =>
      url.includes('/me/sessions')
        ? json(200, {
            items: [
              upcoming(),
              upcoming({
                id: 's-2',
                dogName: 'Pepper',
                sessionType: 'evaluation',
                status: 'confirmed',
                durationMinutes: 90,
                scheduledAt: '2099-03-10T18:30:00.000Z',
              }),
            ],
            cursor: null,
          })
        : json(200, { items: [], cursor: null }),
    );
    renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    const list = await screen.findByRole('list', { name: 'Upcoming sessions' });
    expect(list).toHaveTextContent('Mar 9, 2099 10:00 AM ET');
    expect(list).toHaveTextContent('Biscuit · Training · 60 minutes');
    expect(list).toHaveTextContent('Mar 10, 2099 2:30 PM ET');
    expect(list).toHaveTextContent('Pepper · Evaluation · 90 minutes');
    expect(list).toHaveTextContent('Confirmed');
    expect(screen.getByRole('link', { name: 'View all sessions' })).toHaveAttribute('href', '/sessions');
    const call = calls.find((c) => c.url.includes('/me/sessions'));
    expect(Object.fromEntries(new URL(call?.url ?? '', 'http://x').searchParams)).toEqual({
      filter: 'upcoming',
      limit: '3',
    });
  });

  it('says when there are none, and when they could not be loaded', async () => {
    stubApi(() => json(200, { items: [], cursor: null }));
    const first = renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    expect(await screen.findByText('No upcoming sessions.')).toBeInTheDocument();
    first.unmount();
    stubApi(({ url }) =>
      url.includes('/me/sessions') ? json(500, { error: { message: 'boom' } }) : json(200, { items: [], cursor: null }),
    );
    renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    expect(await screen.findByText('Failed to load sessions')).toBeInTheDocument();
  });
});

describe('client dashboard: Session Credits', () => {
  it('shows the credits left, and 0 with what is owed below 0', async () => {
    let balance = 4;
    const calls = stubApi(({ url }) =>
      url.includes('/me/credits') ? json(200, { credits: { balance } }) : json(200, { items: [], cursor: null }),
    );
    const first = renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    expect(await screen.findByText(/^4 credits left\./)).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy sessions' })).toHaveAttribute('href', '/payment');
    expect(calls.some((c) => /\/api\/me\/credits$/.test(c.url))).toBe(true);
    first.unmount();
    balance = -2;
    renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    expect(await screen.findByText(/^No credits left \(2 sessions owed\)\./)).toBeInTheDocument();
    expect(screen.getByText('0')).toBeInTheDocument();
  });

  it('says when they could not be loaded', async () => {
    stubApi(({ url }) =>
      url.includes('/me/credits') ? json(500, { error: { message: 'boom' } }) : json(200, { items: [], cursor: null }),
    );
    renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    expect(await screen.findByText('Your session credits could not be loaded.')).toBeInTheDocument();
  });

  it('reads the balance again when the server says sessions changed (a completion used a credit)', async () => {
    let balance = 4;
    stubApi(({ url }) =>
      url.includes('/me/credits') ? json(200, { credits: { balance } }) : json(200, { items: [], cursor: null }),
    );
    const sockets: { push: (data: unknown) => void }[] = [];
    const createSocket = (): WebSocketLike => {
      const ws: WebSocketLike & { push: (data: unknown) => void } = {
        onopen: null,
        onmessage: null,
        onclose: null,
        onerror: null,
        close: () => undefined,
        push: (data) => ws.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) })),
      };
      sockets.push(ws);
      return ws;
    };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <RealtimeProvider
            url={TEST_CONFIG.wsUrl}
            getToken={async () => 'id-token-123'}
            enabled
            createSocket={createSocket}
          >
            <ClientDashboard />
          </RealtimeProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/^4 credits left\./)).toBeInTheDocument();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    balance = 3;
    act(() => sockets[0].push({ type: 'sessions.changed', sessionId: 's-1' }));
    expect(await screen.findByText(/^3 credits left\./)).toBeInTheDocument();
  });
});

describe('client dashboard: one arrival', () => {
  it('shows the sections together once all four have answered, so none is pushed down by another', async () => {
    let answerCredits: (r: Response) => void = () => undefined;
    const credits = new Promise<Response>((resolve) => {
      answerCredits = resolve;
    });
    stubApi(({ url }) =>
      url.includes('/me/credits')
        ? credits
        : url.includes('/me/dogs')
          ? json(200, { items: [dog()], cursor: null })
          : json(200, { items: [], cursor: null }),
    );
    renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    expect(await screen.findByText('Loading your dashboard...')).toBeInTheDocument();
    // The dogs have answered, the credits not yet: nothing of the sections is shown.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Biscuit')).not.toBeInTheDocument();
    await act(async () => answerCredits(json(200, { credits: { balance: 3 } })));
    expect(await screen.findByText('Biscuit')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(screen.queryByText('Loading your dashboard...')).not.toBeInTheDocument();
  });
});
