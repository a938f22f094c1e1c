import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminMessage } from '#shared/contracts/message-options';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { SentMessagesPage } from './sent-messages-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

/** Visible text only (the Flashbar also announces through a live region). */
const SHOWN = { ignore: 'script, style, [hidden], [aria-live]' };

const message = (over: Partial<AdminMessage> = {}): AdminMessage => ({
  id: 'm-1',
  subject: 'Week 1 homework',
  content: '**Sit** and stay, 10 minutes a day.',
  messageType: 'homework',
  priority: 'urgent',
  sentAt: '2025-03-01T15:30:00.000Z',
  readAt: '2025-03-02T14:05:00.000Z',
  recipientId: 'c-1',
  recipientName: 'Maria Lopez',
  recipientEmail: 'maria@example.com',
  senderId: 'a-1',
  senderName: 'Sam Trainer',
  status: 'sent',
  threadId: 't-1',
  createdAt: '2025-03-01T15:30:00.000Z',
  ...over,
});

const READ = message();
const UNREAD = message({
  id: 'm-2',
  subject: 'Session feedback',
  messageType: 'feedback',
  priority: 'normal',
  readAt: undefined,
  recipientName: 'Tom Baker',
});
const LATER = message({
  id: 'm-3',
  subject: 'Reminder: bring treats',
  messageType: 'reminder',
  status: 'scheduled',
  readAt: undefined,
  scheduledFor: '2099-06-01T13:00:00.000Z',
});

/** The screen's conversations with clients (client-conversations.test.tsx tests them): none here. */
const noConversations = (call: ApiCall) =>
  call.url.startsWith('/api/conversations/unread-count')
    ? json(200, { count: 0 })
    : call.url.startsWith('/api/conversations')
      ? json(200, { items: [], cursor: null })
      : undefined;

const sentCalls = (calls: ApiCall[]) => calls.filter((c) => /^\/api\/messages\?/.test(c.url)).map((c) => c.url);
const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

function setup(answer: (call: ApiCall) => Response = () => json(200, { items: [READ, UNREAD], cursor: null })) {
  const calls = stubApi(
    (call) =>
      noConversations(call) ??
      (call.url.startsWith('/api/messages/scheduled') ? json(200, { items: [LATER], cursor: null }) : answer(call)),
  );
  renderAt('/dashboard/messages', '/dashboard/messages', <SentMessagesPage />);
  return calls;
}

describe('sent messages', () => {
  it('lists sent messages with type, priority, sent time and read status', async () => {
    const calls = setup();
    const table = await screen.findByRole('table', { name: 'Sent messages' });
    const read = (await within(table).findByRole('button', { name: 'Week 1 homework' })).closest('tr') as HTMLElement;
    expect(within(read).getByText('Maria Lopez')).toBeInTheDocument();
    expect(within(read).getByText('Homework Assignment')).toBeInTheDocument();
    expect(within(read).getByText('Urgent')).toBeInTheDocument();
    expect(within(read).getByText('Mar 1, 2025 10:30 AM ET')).toBeInTheDocument();
    expect(within(read).getByText('Read Mar 2, 2025 9:05 AM ET')).toBeInTheDocument();
    const unread = within(table).getByRole('button', { name: 'Session feedback' }).closest('tr') as HTMLElement;
    expect(within(unread).getByText('Unread')).toBeInTheDocument();
    expect(within(unread).getByText('Session Feedback')).toBeInTheDocument();
    expect(params(sentCalls(calls)[0])).toEqual({ filter: 'all', limit: '25' });
    expect(screen.getByRole('link', { name: 'Compose Message' })).toHaveAttribute(
      'href',
      '/dashboard/messages/compose',
    );

    const scheduled = await screen.findByRole('table', { name: 'Scheduled messages' });
    expect(await within(scheduled).findByText('Reminder: bring treats')).toBeInTheDocument();
  });

  it('sends the filter and the search to the server', async () => {
    // Keys without a pause between them (no timer can run mid-word, however busy the machine): the debounce,
    // not the typing speed, decides how many searches go out.
    const user = userEvent.setup({ delay: null });
    const calls = setup();
    await screen.findByText('Week 1 homework');
    // The sent messages' own filter (the client conversations above have theirs).
    const sent = screen.getByRole('toolbar', { name: 'Show messages' });
    await user.click(within(sent).getByRole('button', { name: 'Unread', pressed: false }));
    await waitFor(() => expect(params(sentCalls(calls).at(-1) as string).filter).toBe('unread'));
    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'maria sit');
    await waitFor(() =>
      expect(params(sentCalls(calls).at(-1) as string)).toEqual({
        filter: 'unread',
        limit: '25',
        search: 'maria sit',
      }),
    );
    // Debounced: one request for the whole search, not one per key.
    expect(sentCalls(calls).filter((u) => params(u).search)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Homework', pressed: false }));
    await waitFor(() => expect(params(sentCalls(calls).at(-1) as string).filter).toBe('homework'));
  });

  it('pages with the server cursor', async () => {
    const user = userEvent.setup();
    const calls = setup(({ url }) =>
      params(url).cursor === 'next-1'
        ? json(200, { items: [UNREAD], cursor: null })
        : json(200, { items: [READ], cursor: 'next-1' }),
    );
    await screen.findByText('Week 1 homework');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Session feedback');
    expect(params(sentCalls(calls)[1]).cursor).toBe('next-1');
  });

  it('shows Failed to load messages when the list cannot load, and Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    setup(() =>
      fail ? json(500, { error: { message: 'Something went wrong.' } }) : json(200, { items: [READ], cursor: null }),
    );
    expect(await screen.findByText('Failed to load messages')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Week 1 homework')).toBeInTheDocument();
  });

  it('opens Message Details from the subject', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Week 1 homework' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Message Details')).toBeInTheDocument();
    expect(await within(dialog).findByText('Sit', { selector: 'strong' })).toBeInTheDocument();
    expect(within(dialog).getByText('Sam Trainer')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits a scheduled send time and deletes a scheduled message', async () => {
    const user = userEvent.setup();
    const calls = stubApi((call) => {
      const conversations = noConversations(call);
      if (conversations) return conversations;
      if (call.method === 'PATCH')
        return json(200, { ...LATER, scheduledFor: call.body && (call.body as { scheduledFor: string }).scheduledFor });
      if (call.method === 'DELETE') return json(204);
      if (call.url.startsWith('/api/messages/scheduled')) return json(200, { items: [LATER], cursor: null });
      return json(200, { items: [READ], cursor: null });
    });
    renderAt('/dashboard/messages', '/dashboard/messages', <SentMessagesPage />);

    await user.click(
      await screen.findByRole('button', { name: 'Edit send time of Reminder: bring treats to Maria Lopez' }),
    );
    const dialog = await screen.findByRole('dialog');
    const time = await within(dialog).findByLabelText('Send time (Eastern Time)');
    expect(time).toHaveValue('09:00');
    await user.clear(time);
    await user.type(time, '1030');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Send time updated: Jun 1, 2099 10:30 AM ET', SHOWN)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/messages/m-3',
      body: { scheduledFor: '2099-06-01T14:30:00.000Z' },
    });

    await user.click(screen.getByRole('button', { name: 'Delete Reminder: bring treats to Maria Lopez' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Scheduled message deleted.', SHOWN)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/messages/m-3');
  });

  it('refuses a send time in the past', async () => {
    const user = userEvent.setup();
    const calls = setup();
    await user.click(await screen.findByRole('button', { name: /^Edit send time of/ }));
    const dialog = await screen.findByRole('dialog');
    const date = await within(dialog).findByLabelText('Send date');
    await user.clear(date);
    await user.type(date, '2020/01/01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The send time must be in the future')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
