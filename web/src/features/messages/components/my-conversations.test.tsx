import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConversationSummary, ConversationThread } from '#shared/contracts/conversations';
import { WRITE_TO_TRAINER, WRITE_TO_TRAINER_PATH } from '#shared/contracts/message-options';
import { TEST_CONFIG } from '../../../lib/content/test-support';
import { RealtimeProvider } from '../../../lib/realtime-context';
import { fakeSockets } from '../../../testing/fake-socket';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { MyConversations, NO_CONVERSATIONS } from './my-conversations';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const ANSWERED: ConversationSummary = {
  threadId: 't-1',
  clientId: 'c-1',
  clientName: 'Maria Lopez',
  subject: 'Moving Thursday',
  lastMessageAt: '2026-03-03T16:00:00.000Z',
  lastFrom: 'trainer',
  lastPreview: 'Friday at 10 works.',
  unread: 1,
};

const thread = (summary: ConversationSummary, entries: ConversationThread['entries']): ConversationThread => ({
  ...summary,
  entries,
});

/** The client's side of the server: one answered conversation unread until opened; new ones appended. */
function server(initial: ConversationSummary[] = [ANSWERED]) {
  let items = [...initial];
  const threads = new Map<string, ConversationThread>([
    [
      't-1',
      thread(ANSWERED, [
        {
          id: 'p-1',
          from: 'client',
          authorName: 'Maria Lopez',
          content: 'Could we move?',
          sentAt: '2026-03-03T14:00:00.000Z',
          readAt: '2026-03-03T15:59:00.000Z',
        },
        {
          id: 'p-2',
          from: 'trainer',
          authorName: 'Sam Trainer',
          content: 'Friday at 10 works.',
          sentAt: '2026-03-03T16:00:00.000Z',
        },
      ]),
    ],
  ]);
  const calls = stubApi((call: ApiCall) => {
    const { method, url } = call;
    if (method === 'GET' && url.startsWith('/api/me/conversations?')) return json(200, { items, cursor: null });
    const id = /^\/api\/me\/conversations\/([^/?]+)/.exec(url)?.[1];
    if (method === 'GET' && id) return json(200, threads.get(id));
    if (method === 'POST' && id && url.endsWith('/read')) {
      items = items.map((c) => (c.threadId === id ? { ...c, unread: 0 } : c));
      threads.set(id, { ...(threads.get(id) as ConversationThread), unread: 0 });
      return json(200, { changed: true });
    }
    if (method === 'POST' && url === '/api/me/conversations') {
      const body = call.body as { subject: string; content: string };
      const started: ConversationSummary = {
        ...ANSWERED,
        threadId: 't-2',
        subject: body.subject,
        lastFrom: 'client',
        lastPreview: body.content,
        unread: 0,
      };
      items = [started, ...items];
      const t = thread(started, [
        {
          id: 'p-9',
          from: 'client',
          authorName: 'Maria Lopez',
          content: body.content,
          sentAt: '2026-03-04T09:00:00.000Z',
        },
      ]);
      threads.set('t-2', t);
      return json(201, t);
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return calls;
}

const render = (url = '/messages') => renderAt(url, '/messages', <MyConversations />);

describe("the client's conversations with the trainer", () => {
  it('lists them with the unread count; opening one shows the thread, marks it read once and shows the receipt', async () => {
    const user = userEvent.setup();
    const calls = server();
    render();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByText('1 new')).toBeInTheDocument();
    expect(within(list).getByText(/Your trainer: Friday at 10 works\./)).toBeInTheDocument();
    await user.click(within(list).getByRole('link', { name: 'Moving Thursday' }));
    const entries = await screen.findByRole('list', { name: 'Conversation' });
    const rows = within(entries).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('You');
    expect(rows[0]).toHaveTextContent('Read');
    expect(rows[1]).toHaveTextContent('Sam Trainer');
    await waitFor(() => expect(within(list).queryByText('1 new')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/read'))).toHaveLength(1);
  });

  it('writes to the trainer: checks subject and message with the server rules, sends, and opens the new thread', async () => {
    const user = userEvent.setup();
    const calls = server([]);
    render();
    expect(await screen.findByText(NO_CONVERSATIONS)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: WRITE_TO_TRAINER }));
    const form = screen.getByRole('form', { name: WRITE_TO_TRAINER });
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(within(form).getAllByText('Subject and message content are required').length).toBeGreaterThan(0);
    expect(within(form).getByText('Message content is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Subject'), 'Homework question');
    await user.type(within(form).getByLabelText('Message'), 'How long should we practise sit?');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    const entries = await screen.findByRole('list', { name: 'Conversation' });
    expect(within(entries).getByText('How long should we practise sit?')).toBeInTheDocument();
    // (the router applies the URL's change in a transition, after the thread's state)
    await waitFor(() => expect(screen.queryByRole('form', { name: WRITE_TO_TRAINER })).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      subject: 'Homework question',
      content: 'How long should we practise sit?',
    });
    expect(await screen.findByRole('link', { name: 'Homework question' })).toBeInTheDocument();
  });

  it('opens the new conversation from a link (?write=1), and says so when the list cannot load, with Retry', async () => {
    let fail = true;
    stubApi(() =>
      fail ? json(500, { error: { message: 'Internal server error' } }) : json(200, { items: [ANSWERED] }),
    );
    render(WRITE_TO_TRAINER_PATH);
    expect(screen.getByRole('form', { name: WRITE_TO_TRAINER })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load your conversations')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Moving Thursday' })).toBeInTheDocument();
  });

  it("follows the server live: the trainer's answer (conversation.changed) shows in the list without a reload", async () => {
    let answered = false;
    stubApi(({ url }) =>
      url.startsWith('/api/me/conversations?')
        ? json(200, {
            items: [
              answered ? ANSWERED : { ...ANSWERED, lastFrom: 'client', lastPreview: 'Could we move?', unread: 0 },
            ],
          })
        : json(404, { error: { message: 'Not found' } }),
    );
    const sockets = fakeSockets();
    renderAt(
      '/messages',
      '/messages',
      <RealtimeProvider
        url={TEST_CONFIG.wsUrl}
        getToken={async () => 'id-token-123'}
        enabled
        createSocket={sockets.create}
      >
        <MyConversations />
      </RealtimeProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByText(/You: Could we move\?/)).toBeInTheDocument();
    const socket = await sockets.sole();
    answered = true;
    // Another kind of notice changes nothing here.
    act(() => socket.push({ type: 'sessions.changed', sessionId: 's-1' }));
    act(() => socket.push({ type: 'conversation.changed', threadId: 't-1', kind: 'posted', by: 'trainer' }));
    expect(await within(list).findByText(/Your trainer: Friday at 10 works\./)).toBeInTheDocument();
    expect(within(list).getByText('1 new')).toBeInTheDocument();
  });
});
