import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClientProfile } from '#shared/contracts/client-options';
import type { ConversationSummary, ConversationThread } from '#shared/contracts/conversations';
import { type ApiCall, client, json, location, renderAt, stubApi } from '../../testing/portal-harness';
import { ClientDetailScreen } from './client-detail-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const CONVERSATION: ConversationSummary = {
  threadId: 't-1',
  clientId: 'c-1',
  clientName: 'Maria Lopez',
  subject: 'Moving Thursday',
  lastMessageAt: '2026-03-03T15:00:00.000Z',
  lastFrom: 'client',
  lastPreview: 'Could we move to Friday?',
  unread: 0,
};
const THREAD: ConversationThread = {
  ...CONVERSATION,
  entries: [
    {
      id: 'p-1',
      from: 'client',
      authorName: 'Maria Lopez',
      content: 'Could we move to Friday?',
      sentAt: '2026-03-03T15:00:00.000Z',
    },
  ],
};

const conversationLists = (calls: ApiCall[]) => calls.filter((c) => c.url.startsWith('/api/conversations?'));

/** The profile's API and the client's conversations (only those of `?clientId=c-1`). */
function serve(profile: ClientProfile = client()) {
  return stubApi(({ url }) => {
    if (url === '/api/clients/c-1') return json(200, { client: profile, sessions: [] });
    if (url === '/api/clients/c-1/credits') return json(200, { credits: { balance: 2 } });
    if (url.startsWith('/api/conversations?')) {
      const clientId = new URL(url, 'http://x').searchParams.get('clientId');
      return json(200, { items: clientId === 'c-1' ? [CONVERSATION] : [], cursor: null });
    }
    if (url === '/api/conversations/t-1') return json(200, THREAD);
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

const render = () => renderAt('/dashboard/clients/c-1', '/dashboard/clients/:id', <ClientDetailScreen />);

describe("the client's profile: Conversations", () => {
  it('loads the client’s conversations only when the tab is opened, opens a thread, and starts a new message', async () => {
    const user = userEvent.setup();
    const calls = serve();
    render();
    await screen.findByRole('heading', { name: 'Maria Lopez', level: 1 });
    expect(await screen.findByText('2 credits left')).toBeInTheDocument();
    expect(conversationLists(calls)).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'Conversations' }));
    const table = await screen.findByRole('table', { name: 'Conversations with Maria Lopez' });
    await within(table).findByText('Could we move to Friday?');
    expect(conversationLists(calls).map((c) => new URL(c.url, 'http://x').searchParams.get('clientId'))).toEqual([
      'c-1',
    ]);
    // One client's list: no client column and no client picker.
    expect(within(table).queryByRole('columnheader', { name: 'Client' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Filter by client' })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Open the conversation Moving Thursday' }));
    const entries = await screen.findByRole('list', { name: 'Conversation' });
    expect(await within(entries).findByText('Could we move to Friday?')).toBeInTheDocument();

    const compose = screen.getByRole('link', { name: 'New message' });
    expect(compose).toHaveAttribute(
      'href',
      '/dashboard/messages/compose?recipient=c-1&from=%2Fdashboard%2Fclients%2Fc-1',
    );
    await user.click(compose);
    await waitFor(() =>
      expect(location()).toBe('/dashboard/messages/compose?recipient=c-1&from=%2Fdashboard%2Fclients%2Fc-1'),
    );
  });

  it('offers no new message to a deactivated client, whose conversations stay readable', async () => {
    const user = userEvent.setup();
    serve(client({ isActive: false }));
    render();
    await user.click(await screen.findByRole('tab', { name: 'Conversations' }));
    const table = await screen.findByRole('table', { name: 'Conversations with Maria Lopez' });
    expect(await within(table).findByText('Moving Thursday')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New message' })).toBeNull();
  });
});
