import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InboxMessage } from '#shared/contracts/message-options';
import { type ApiCall, json, location, renderAt, stubApi } from '../../../testing/portal-harness';
import { InboxPage } from './inbox-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const message = (over: Partial<InboxMessage> = {}): InboxMessage => ({
  id: 'm-1',
  subject: 'Week 2 homework',
  content: 'Practise **sit** twice a day.',
  messageType: 'homework',
  priority: 'urgent',
  sentAt: '2026-03-02T15:00:00.000Z',
  ...over,
});

const HOMEWORK = message();
const FEEDBACK = message({
  id: 'm-2',
  subject: 'Great first session',
  content: 'Biscuit did well.',
  messageType: 'feedback',
  priority: 'normal',
  sentAt: '2026-03-01T15:00:00.000Z',
  readAt: '2026-03-01T16:00:00.000Z',
});

const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const listCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'GET' && /^\/api\/me\/messages\?/.test(c.url)).map((c) => c.url);
const readCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/read'));

interface Server {
  items?: InboxMessage[];
  unread?: number;
  profileCompleted?: boolean;
  list?: (call: ApiCall) => Response;
}

/** The inbox API: /me, the list, one message, the unread count and read receipts. */
function serve({ items = [HOMEWORK, FEEDBACK], unread = 2, profileCompleted = true, list }: Server = {}) {
  let count = unread;
  return stubApi((call) => {
    const { method, url } = call;
    if (url === '/api/me') {
      return json(200, {
        role: 'client',
        profile: { id: 'p-1', firstName: 'Maria', lastName: 'Lopez', email: 'm@example.com', profileCompleted },
      });
    }
    if (url === '/api/me/messages/unread-count') return json(200, { count });
    if (method === 'POST' && url.endsWith('/read')) {
      const id = decodeURIComponent(url.split('/').at(-2) as string);
      const found = items.find((m) => m.id === id) ?? message({ id });
      count = Math.max(0, count - 1);
      return json(200, { message: { ...found, readAt: '2026-03-03T10:00:00.000Z' }, unreadCount: count });
    }
    if (url.startsWith('/api/me/messages?')) return list ? list(call) : json(200, { items, cursor: null });
    // The conversations below the inbox (my-conversations.test.tsx): none.
    if (url.startsWith('/api/me/conversations?')) return json(200, { items: [], cursor: null });
    const id = decodeURIComponent(url.split('/').at(-1) as string);
    const found = items.find((m) => m.id === id);
    return found ? json(200, found) : json(404, { error: { message: 'Message not found' } });
  });
}

const renderInbox = (url = '/messages') => renderAt(url, '/messages', <InboxPage />);

describe('client inbox', () => {
  it('lists messages newest first with type and sent time, unread ones marked, in a labelled scroll region', async () => {
    const calls = serve();
    renderInbox();
    const list = await screen.findByRole('list', { name: 'Messages' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Week 2 homework');
    expect(rows[0]).toHaveTextContent('Homework Assignment · Mar 2, 2026 10:00 AM ET');
    expect(within(rows[0]).getByText('Unread')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Week 2 homework').tagName).toBe('STRONG');
    expect(rows[1]).toHaveTextContent('Session Feedback · Mar 1, 2026 10:00 AM ET');
    expect(within(rows[1]).queryByText('Unread')).toBeNull();
    expect(within(rows[0]).getByRole('link', { name: 'Week 2 homework' })).toHaveAttribute(
      'href',
      '/messages?messageId=m-1',
    );

    const region = screen.getByRole('region', { name: 'Message list' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('inbox-list');
    expect(await screen.findByText('(2 unread)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Complete your profile' })).toBeNull();
    expect(params(listCalls(calls)[0])).toEqual({ limit: '20' });
  });

  it('links to onboarding while the profile is incomplete', async () => {
    serve({ profileCompleted: false });
    renderInbox();
    expect(await screen.findByRole('link', { name: 'Complete your profile' })).toHaveAttribute('href', '/onboarding');
  });

  it('asks the server for the chosen filter', async () => {
    const calls = serve({
      list: ({ url }) => {
        const filter = params(url).filter;
        const items =
          filter === 'feedback' ? [FEEDBACK] : filter === 'homework' || filter === 'unread' ? [HOMEWORK] : [];
        return json(200, { items: filter ? items : [HOMEWORK, FEEDBACK], cursor: null });
      },
    });
    renderInbox();
    await screen.findByText('Great first session');
    expect(screen.getByRole('button', { name: 'All', pressed: true })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Feedback' }));
    await waitFor(() => expect(screen.queryByText('Week 2 homework')).toBeNull());
    expect(screen.getByText('Great first session')).toBeInTheDocument();
    expect(params(listCalls(calls).at(-1) as string)).toEqual({ filter: 'feedback', limit: '20' });

    await userEvent.click(screen.getByRole('button', { name: 'Unread' }));
    await screen.findByText('Week 2 homework');
    expect(params(listCalls(calls).at(-1) as string).filter).toBe('unread');

    await userEvent.click(screen.getByRole('button', { name: 'Homework' }));
    await waitFor(() => expect(params(listCalls(calls).at(-1) as string).filter).toBe('homework'));
  });

  it('says when a filter has no messages', async () => {
    serve({ items: [] });
    renderInbox();
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unread' }));
    expect(await screen.findByText('No unread messages.')).toBeInTheDocument();
  });

  it('opens a message; an unread one is marked read once and the unread count falls', async () => {
    const calls = serve();
    renderInbox();
    await screen.findByText('(2 unread)');
    await userEvent.click(await screen.findByRole('link', { name: 'Week 2 homework' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Week 2 homework')).toBeInTheDocument();
    expect(within(dialog).getByText('Homework Assignment')).toBeInTheDocument();
    expect(within(dialog).getByText('Urgent')).toBeInTheDocument();
    expect(within(dialog).getByText('Mar 2, 2026 10:00 AM ET')).toBeInTheDocument();
    expect((await within(dialog).findByText('sit')).tagName).toBe('STRONG');

    expect(await screen.findByText('(1 unread)')).toBeInTheDocument();
    expect(readCalls(calls).map((c) => c.url)).toEqual(['/api/me/messages/m-1/read']);
    // The list follows the answer without a reload.
    const list = screen.getByRole('list', { name: 'Messages' });
    await waitFor(() => expect(within(list).queryByText('Unread')).toBeNull());

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('link', { name: 'Week 2 homework' }));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('link', { name: 'Great first session' }));
    expect(readCalls(calls)).toHaveLength(1);
    expect(listCalls(calls)).toHaveLength(1);
  });

  it('prints the open message from a print-only copy of it', async () => {
    serve();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderInbox();
    await userEvent.click(await screen.findByRole('link', { name: 'Great first session' }));
    const dialog = await screen.findByRole('dialog');
    const sheet = document.body.querySelector(':scope > .message-print') as HTMLElement;
    expect(sheet).toHaveTextContent('Great first session');
    await waitFor(() => expect(sheet).toHaveTextContent('Biscuit did well.'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('opens ?messageId= (fetched when not listed), marks it read and removes it from the URL', async () => {
    const OLD = message({ id: 'm-9', subject: 'Welcome aboard', messageType: 'welcome' });
    const calls = serve({
      items: [HOMEWORK, FEEDBACK, OLD],
      list: () => json(200, { items: [HOMEWORK, FEEDBACK], cursor: 'c-1' }),
    });
    renderInbox('/messages?messageId=m-9');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Welcome aboard')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/messages'));
    expect(calls.some((c) => c.method === 'GET' && c.url === '/api/me/messages/m-9')).toBe(true);
    await waitFor(() => expect(readCalls(calls).map((c) => c.url)).toEqual(['/api/me/messages/m-9/read']));
  });

  it('says when a linked message cannot be found', async () => {
    serve();
    renderInbox('/messages?messageId=nope');
    expect(await screen.findByText('Message not found')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/messages'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('loads more with the server cursor', async () => {
    const OLDER = message({ id: 'm-3', subject: 'Older news', messageType: 'general', readAt: '2026-02-01T00:00:00Z' });
    const calls = serve({
      list: ({ url }) =>
        params(url).cursor === 'c-1'
          ? json(200, { items: [OLDER], cursor: null })
          : json(200, { items: [HOMEWORK, FEEDBACK], cursor: 'c-1' }),
    });
    renderInbox();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older news')).toBeInTheDocument();
    expect(screen.getByText('Week 2 homework')).toBeInTheDocument();
    expect(params(listCalls(calls)[1]).cursor).toBe('c-1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows Failed to load messages with Retry', async () => {
    let fail = true;
    serve({
      list: () => (fail ? json(500, { error: { message: 'boom' } }) : json(200, { items: [HOMEWORK], cursor: null })),
    });
    renderInbox();
    expect(await screen.findByText('Failed to load messages')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Week 2 homework')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load messages')).toBeNull();
  });
});
