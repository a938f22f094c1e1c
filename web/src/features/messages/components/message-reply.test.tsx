import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, stubApi } from '../../../testing/portal-harness';
import { MessageReply } from './message-reply';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const thread = {
  threadId: 't-1',
  clientId: 'p-1',
  clientName: 'Maria Lopez',
  subject: 'Re: Week 2 homework',
  lastMessageAt: '2026-03-03T15:00:00.000Z',
  lastFrom: 'client',
  lastPreview: 'Done!',
  unread: 0,
  entries: [
    {
      id: 'm-1',
      from: 'trainer',
      authorName: 'Sam Trainer',
      content: 'Practise **sit**.',
      sentAt: '2026-03-02T15:00:00.000Z',
      readAt: '2026-03-02T16:00:00.000Z',
    },
    {
      id: 'x-1',
      from: 'client',
      authorName: 'Maria Lopez',
      content: 'Done **twice**!',
      sentAt: '2026-03-03T15:00:00.000Z',
    },
  ],
};

describe('reply to a message', () => {
  it('sends the reply into the message’s thread and shows the thread, oldest first', async () => {
    const calls = stubApi(({ method, url }) =>
      method === 'POST' && url === '/api/me/messages/m-1/replies' ? json(201, thread) : json(404, {}),
    );
    renderAt('/messages', '/messages', <MessageReply messageId="m-1" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply' }), 'Done **twice**!');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    const list = await screen.findByRole('list', { name: 'Conversation' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Sam Trainer');
    expect(rows[1]).toHaveTextContent('You');
    expect(await within(rows[1]).findByText('twice')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ content: 'Done **twice**!' });
    expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue('');
  });

  it('shows the server’s text when the reply is refused, and sends nothing when empty', async () => {
    const calls = stubApi(() =>
      json(429, { error: { code: 'RATE_LIMITED', message: 'You have sent 30 messages in the last hour.' } }),
    );
    renderAt('/messages', '/messages', <MessageReply messageId="m-1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Message content is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply' }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('You have sent 30 messages in the last hour.')).toBeInTheDocument();
  });
});
