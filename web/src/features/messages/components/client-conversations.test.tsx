import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ConversationSummary, type ConversationThread, MAX_POST_CONTENT } from '#shared/contracts/conversations';
import type { MessageTemplate } from '#shared/contracts/message-options';
import { TEST_CONFIG } from '../../../lib/content/test-support';
import { RealtimeProvider } from '../../../lib/realtime-context';
import { fakeSockets } from '../../../testing/fake-socket';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { ClientConversations } from './client-conversations';
import { ConversationCount } from './conversation-count';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const summary = (over: Partial<ConversationSummary> = {}): ConversationSummary => ({
  threadId: 't-1',
  clientId: 'c-1',
  clientName: 'Maria Lopez',
  subject: 'Moving Thursday',
  lastMessageAt: '2026-03-03T15:00:00.000Z',
  lastFrom: 'client',
  lastPreview: 'Could we move to Friday?',
  unread: 2,
  ...over,
});

const MARIA = summary();
const TOM = summary({
  threadId: 't-2',
  clientId: 'c-2',
  clientName: 'Tom Baker',
  subject: 'Re: Week 2 homework',
  lastFrom: 'trainer',
  lastPreview: 'Great work!',
  unread: 0,
});

const thread = (over: Partial<ConversationThread> = {}): ConversationThread => ({
  ...MARIA,
  entries: [
    {
      id: 'p-1',
      from: 'client',
      authorName: 'Maria Lopez',
      content: 'Could we **move** to Friday?',
      sentAt: '2026-03-03T14:00:00.000Z',
    },
    {
      id: 'p-2',
      from: 'client',
      authorName: 'Maria Lopez',
      content: 'Or Saturday.',
      sentAt: '2026-03-03T15:00:00.000Z',
    },
  ],
  ...over,
});

const template = (id: string, name: string, content: string): MessageTemplate => ({
  id,
  name,
  subject: name,
  content,
  templateType: 'homework',
  isActive: true,
  createdBy: 'a-1',
  createdAt: '2025-03-01T15:30:00.000Z',
  updatedAt: '2025-03-01T15:30:00.000Z',
});
const TEMPLATES = [
  template('tp-1', 'Weekly homework', 'Hi {client_name}, practise **sit** daily.'),
  template('tp-2', 'Long handout', 'x'.repeat(MAX_POST_CONTENT + 1)),
];

const client = (id: string, firstName: string, lastName: string, isActive: boolean) => ({
  id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.com`,
  isActive,
  profileCompleted: true,
});

/** The server: Maria's conversation unread until the trainer opens it; the trainer's answer appended. */
function server() {
  let read = false;
  let answered: ConversationThread | undefined;
  const calls = stubApi((call: ApiCall) => {
    const { method, url } = call;
    if (url === '/api/conversations/unread-count') return json(200, { count: read ? 0 : 1 });
    if (method === 'GET' && url.startsWith('/api/conversations?')) {
      const q = new URL(url, 'http://x').searchParams;
      const unreadOnly = q.get('filter') === 'unread';
      const clientId = q.get('clientId');
      const items = (read ? [{ ...MARIA, unread: 0 }, TOM] : [MARIA, TOM]).filter(
        (c) => !clientId || c.clientId === clientId,
      );
      return json(200, { items: unreadOnly ? items.filter((c) => c.unread > 0) : items, cursor: null });
    }
    if (method === 'GET' && url.startsWith('/api/templates')) return json(200, { items: TEMPLATES });
    if (method === 'GET' && url.startsWith('/api/clients?')) {
      // The client book's search: Tom (deactivated, among filter=all's) is only found by the search.
      const search = new URL(url, 'http://x').searchParams.get('search');
      if (!search) return json(200, { items: [client('c-1', 'Maria', 'Lopez', true)], cursor: null });
      const all = [client('c-1', 'Maria', 'Lopez', true), client('c-2', 'Tom', 'Baker', false)];
      const items = all.filter((c) => `${c.firstName} ${c.lastName}`.toLowerCase().includes(search.toLowerCase()));
      return json(200, { items, cursor: null });
    }
    if (method === 'GET' && url === '/api/conversations/t-1')
      return json(200, answered ?? thread({ unread: read ? 0 : 2 }));
    if (method === 'POST' && url === '/api/conversations/t-1/read') {
      const changed = !read;
      read = true;
      return json(200, { changed });
    }
    if (method === 'POST' && url === '/api/conversations/t-1/posts') {
      const base = thread({ unread: 0 });
      answered = {
        ...base,
        lastFrom: 'trainer',
        entries: [
          ...base.entries,
          {
            id: 'p-3',
            from: 'trainer',
            authorName: 'Sam Trainer',
            content: (call.body as { content: string }).content,
            sentAt: '2026-03-03T16:00:00.000Z',
          },
        ],
      };
      return json(201, answered);
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return calls;
}

const render = () => renderAt('/dashboard/messages', '/dashboard/messages', <ClientConversations />);

describe("the trainer's conversations with clients", () => {
  it('lists conversations newest first with each client’s unread count and the total unread', async () => {
    server();
    render();
    const table = await screen.findByRole('table', { name: 'Client conversations' });
    const maria = (await within(table).findByRole('button', { name: /Maria Lopez/ })).closest('tr') as HTMLElement;
    expect(within(maria).getByText('Moving Thursday')).toBeInTheDocument();
    expect(within(maria).getByText('Could we move to Friday?')).toBeInTheDocument();
    expect(within(maria).getByText('2 unread')).toBeInTheDocument();
    const tom = within(table)
      .getByRole('button', { name: /Tom Baker/ })
      .closest('tr') as HTMLElement;
    expect(within(tom).getByText('You: Great work!')).toBeInTheDocument();
    expect(within(tom).queryByText(/unread/)).toBeNull();
    expect(await screen.findByText('(1 unread)')).toBeInTheDocument();
  });

  it('asks the server for unread conversations only under the Unread filter', async () => {
    const calls = server();
    render();
    const table = await screen.findByRole('table', { name: 'Client conversations' });
    await within(table).findByRole('button', { name: /Tom Baker/ });
    const filter = screen.getByRole('toolbar', { name: 'Show conversations' });
    await userEvent.click(within(filter).getByRole('button', { name: 'Unread', pressed: false }));
    await waitFor(() => expect(within(table).queryByRole('button', { name: /Tom Baker/ })).toBeNull());
    expect(within(table).getByRole('button', { name: /Maria Lopez/ })).toBeInTheDocument();
    const lists = calls.filter((c) => c.url.startsWith('/api/conversations?')).map((c) => c.url);
    expect(lists.some((u) => new URL(u, 'http://x').searchParams.get('filter') === 'unread')).toBe(true);
  });

  it('filters by client through the client book’s search (deactivated clients too), and back to everyone', async () => {
    const user = userEvent.setup();
    const calls = server();
    render();
    const table = await screen.findByRole('table', { name: 'Client conversations' });
    await within(table).findByRole('button', { name: /Tom Baker/ });
    await user.click(screen.getByRole('button', { name: 'Filter by client' }));
    // The picker (a listbox's trigger) replaces the button, focused.
    const picker = await screen.findByRole('button', { name: /Filter by client/, expanded: false });
    await waitFor(() => expect(picker).toHaveFocus());
    await user.click(picker);
    expect(await screen.findByRole('option', { name: /Maria Lopez/ })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search clients'), 'tom');
    const tom = await screen.findByRole('option', { name: /^Tom/ });
    expect(tom).toHaveTextContent('Deactivated');
    await user.click(tom);
    await waitFor(() => expect(within(table).queryByRole('button', { name: /Maria Lopez/ })).toBeNull());
    expect(within(table).getByRole('button', { name: /Tom Baker/ })).toBeInTheDocument();
    const params = (u: string) => Object.fromEntries(new URL(u, 'http://x').searchParams);
    const searches = calls.filter((c) => c.url.startsWith('/api/clients?') && c.url.includes('search='));
    // Debounced: one request for the word typed, every client (deactivated ones keep their conversations).
    expect(searches.map((c) => params(c.url))).toEqual([expect.objectContaining({ filter: 'all', search: 'tom' })]);
    const lists = calls.filter((c) => c.url.startsWith('/api/conversations?')).map((c) => params(c.url));
    expect(lists.at(-1)).toMatchObject({ filter: 'all', clientId: 'c-2' });

    // The Unread filter keeps the client: Tom has none.
    await user.click(screen.getByRole('button', { name: 'Unread', pressed: false }));
    expect(await within(table).findByText('No unread conversations with Tom Baker.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All', pressed: false }));
    await user.click(screen.getByRole('button', { name: "Show every client's conversations" }));
    expect(await within(table).findByRole('button', { name: /Maria Lopez/ })).toBeInTheDocument();
    expect(picker).toHaveTextContent('Choose a client');
  });

  it('opens a thread, marks it read once (the count falls), and answers in the thread', async () => {
    const user = userEvent.setup();
    const calls = server();
    render();
    await user.click(await screen.findByRole('button', { name: 'Open the conversation with Maria Lopez' }));
    const entries = await screen.findByRole('list', { name: 'Conversation' });
    const rows = within(entries).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Maria Lopez');
    expect(await within(rows[0]).findByText('move')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/conversations/t-1/read')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('(1 unread)')).toBeNull());
    const table = screen.getByRole('table', { name: 'Client conversations' });
    await waitFor(() => expect(within(table).queryByText('2 unread')).toBeNull());

    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Friday at 10 works.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    const answered = await screen.findByText('Friday at 10 works.');
    expect(answered.closest('li')).toHaveTextContent('You');
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/posts'))?.body).toEqual({
      content: 'Friday at 10 works.',
    });
    expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue('');
  });

  it('writes the reply as in compose: a template inserted, placeholders told, Markdown previewed', async () => {
    const user = userEvent.setup();
    const calls = server();
    render();
    await user.click(await screen.findByRole('button', { name: 'Open the conversation with Maria Lopez' }));
    const reply = await screen.findByRole('textbox', { name: /^Reply/ });
    expect(
      screen.getByText(/\{client_name\} and \{full_name\} are replaced with Maria Lopez's first name and full name/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Insert template/ }));
    await user.click(await screen.findByRole('option', { name: /Weekly homework/ }));
    expect(reply).toHaveValue('Hi {client_name}, practise **sit** daily.');
    expect(screen.getByText('41 / 5,000')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Reply preview' });
    expect(await within(preview).findByText('sit', { selector: 'strong' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Write' }));
    await user.type(screen.getByRole('textbox', { name: /^Reply/ }), ' See you Friday.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await screen.findByText('See you Friday.', { exact: false, selector: 'p' });
    // The server fills the placeholders for the conversation's client.
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/posts'))?.body).toEqual({
      content: 'Hi {client_name}, practise **sit** daily. See you Friday.',
    });
  });

  it('sends nothing over 5,000 characters (a long template), saying so', async () => {
    const user = userEvent.setup();
    const calls = server();
    render();
    await user.click(await screen.findByRole('button', { name: 'Open the conversation with Maria Lopez' }));
    await user.click(await screen.findByRole('button', { name: /Insert template/ }));
    await user.click(await screen.findByRole('option', { name: /Long handout/ }));
    expect(screen.getByText('5,001 / 5,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Content must be at most 5,000 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/posts'))).toEqual([]);
  });

  it('searches across conversations on the server (debounced, with the filter), each found once, or says none match', async () => {
    // Keys without a pause between them: the debounce, not the typing speed, decides how many searches go out.
    const user = userEvent.setup({ delay: null });
    const calls = stubApi(({ url }) => {
      if (url === '/api/conversations/unread-count') return json(200, { count: 1 });
      if (url.startsWith('/api/conversations?')) {
        const q = new URL(url, 'http://x').searchParams;
        const search = q.get('search');
        if (!search) return json(200, { items: [MARIA, TOM], cursor: null });
        if (search !== 'rex lead') return json(200, { items: [], cursor: null });
        // A search's pages may find a conversation again (through another word of the prefix).
        return q.get('cursor')
          ? json(200, { items: [MARIA], cursor: null })
          : json(200, { items: [MARIA], cursor: 'next-1' });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    render();
    const table = await screen.findByRole('table', { name: 'Client conversations' });
    await within(table).findByRole('button', { name: /Tom Baker/ });
    await user.click(screen.getByRole('button', { name: 'Unread', pressed: false }));
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'rex lead');
    // The count is shown and announced (two elements).
    expect((await screen.findAllByText('1+ matches')).length).toBeGreaterThan(0);
    expect(within(table).queryByRole('button', { name: /Tom Baker/ })).toBeNull();
    const params = (u: string) => Object.fromEntries(new URL(u, 'http://x').searchParams);
    const lists = calls.filter((c) => c.url.startsWith('/api/conversations?')).map((c) => params(c.url));
    expect(lists.at(-1)).toEqual({ filter: 'unread', limit: '20', search: 'rex lead' });
    // Debounced: one request for the whole search, not one per key.
    expect(lists.filter((p) => p.search)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more conversations' }));
    expect((await screen.findAllByText('1 matches')).length).toBeGreaterThan(0);
    expect(within(table).getAllByRole('button', { name: /Maria Lopez/ })).toHaveLength(1);

    await user.clear(screen.getByRole('searchbox', { name: 'Search conversations' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'zebra');
    expect(await within(table).findByText('No conversations match your search.')).toBeInTheDocument();
  });

  it('says so when the conversations cannot load, with Retry', async () => {
    stubApi(() => json(500, { error: { code: 'INTERNAL', message: 'Internal server error' } }));
    render();
    expect(await screen.findByText('Failed to load conversations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('follows the server live: a client’s new post shows in the list and the navigation’s count without a reload', async () => {
    let posted = false;
    stubApi(({ url }) => {
      if (url === '/api/conversations/unread-count') return json(200, { count: posted ? 2 : 1 });
      if (url.startsWith('/api/conversations?')) {
        const items = posted
          ? [
              summary({ threadId: 't-3', clientName: 'Ana Ruiz', lastPreview: 'Video of Rex attached', unread: 1 }),
              MARIA,
            ]
          : [MARIA];
        return json(200, { items, cursor: null });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    const sockets = fakeSockets();
    const counts: (number | undefined)[] = [];
    const report = (n: number | undefined) => {
      counts.push(n);
    };
    renderAt(
      '/dashboard/messages',
      '/dashboard/messages',
      <RealtimeProvider
        url={TEST_CONFIG.wsUrl}
        getToken={async () => 'id-token-123'}
        enabled
        createSocket={sockets.create}
      >
        <ConversationCount onUnreadCount={report} />
        <ClientConversations />
      </RealtimeProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Client conversations' });
    await within(table).findByRole('button', { name: /Maria Lopez/ });
    await waitFor(() => expect(counts.at(-1)).toBe(1));
    const socket = await sockets.sole();
    posted = true;
    // Another kind of notice changes nothing here.
    act(() => socket.push({ type: 'sessions.changed', sessionId: 's-1' }));
    act(() => socket.push({ type: 'conversation.changed', threadId: 't-3', kind: 'posted', by: 'client' }));
    expect(await within(table).findByRole('button', { name: /Ana Ruiz/ })).toBeInTheDocument();
    expect(within(table).getByText('Video of Rex attached')).toBeInTheDocument();
    await waitFor(() => expect(counts.at(-1)).toBe(2));
  });
});
