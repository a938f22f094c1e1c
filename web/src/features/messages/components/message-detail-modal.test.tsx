import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminMessage } from '#shared/contracts/message-options';
import { json, renderAt, stubApi } from '../../../testing/portal-harness';
import { exportMessagePdf } from '../message-pdf';
import { MessageDetailModal } from './message-detail-modal';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

// The PDF itself is tested in message-pdf.test.ts; here only that the button asks for it.
vi.mock('../message-pdf', async (load) => ({
  ...(await load<typeof import('../message-pdf')>()),
  exportMessagePdf: vi.fn(async () => undefined),
}));

/** Visible text only (the Flashbar also announces through a live region). */
const SHOWN = { ignore: 'script, style, [hidden], [aria-live]' };

const MESSAGE: AdminMessage = {
  id: 'm-1',
  subject: 'Week 1 homework',
  content: '**Sit** and stay.\n\n<img src=x onerror=alert(1)>',
  messageType: 'homework',
  priority: 'high',
  sentAt: '2025-03-01T15:30:00.000Z',
  recipientId: 'c-1',
  recipientName: 'Maria Lopez',
  recipientEmail: 'maria@example.com',
  senderId: 'a-1',
  senderName: 'Sam Trainer',
  status: 'sent',
  threadId: 't-1',
  createdAt: '2025-03-01T15:30:00.000Z',
};

async function setup(writeText: (text: string) => Promise<void>, fakeTimers = false) {
  // userEvent.setup() installs its own clipboard: the stub goes in after it.
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  stubApi(() => json(200, MESSAGE));
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const onClose = vi.fn();
  renderAt('/dashboard/messages', '/dashboard/messages', <MessageDetailModal message={MESSAGE} onClose={onClose} />);
  // The dialog's code loads with its first opening (components/portal/modal.tsx).
  return { user, onClose, dialog: await screen.findByRole('dialog') };
}

describe('Message Details', () => {
  it('shows the message with its details and safe Markdown content', async () => {
    const { dialog } = await setup(vi.fn(async () => undefined));
    expect(within(dialog).getByText('Message Details')).toBeInTheDocument();
    expect(within(dialog).getByText('Maria Lopez (maria@example.com)')).toBeInTheDocument();
    expect(within(dialog).getByText('Sam Trainer')).toBeInTheDocument();
    expect(within(dialog).getByText('Homework Assignment')).toBeInTheDocument();
    expect(within(dialog).getByText('High')).toBeInTheDocument();
    expect(within(dialog).getByText('Mar 1, 2025 10:30 AM ET')).toBeInTheDocument();
    expect(within(dialog).getByText('Unread')).toBeInTheDocument();
    expect(await within(dialog).findByText('Sit', { selector: 'strong' })).toBeInTheDocument();
    expect(dialog.querySelector('img')).toBeNull();
  });

  it('copies the message as plain text, with a 3 s success toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.fn(async (_text: string) => undefined);
    const { user, dialog } = await setup(writeText, true);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Message copied to clipboard!', SHOWN)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(2900);
    expect(screen.getByText('Message copied to clipboard!', SHOWN)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(200);
    await waitFor(() => expect(screen.queryByText('Message copied to clipboard!', SHOWN)).toBeNull());
    const text = writeText.mock.calls[0][0] as string;
    expect(text).toContain('Week 1 homework\nTo: Maria Lopez\nFrom: Sam Trainer');
    expect(text).toContain('Sit and stay.');
    expect(text).not.toContain('**');
  });

  it('says so when the clipboard refuses', async () => {
    const { user, dialog } = await setup(vi.fn(async () => Promise.reject(new Error('denied'))));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Failed to copy message to clipboard.', SHOWN)).toBeInTheDocument();
    expect(screen.queryByText('Message copied to clipboard!', SHOWN)).toBeNull();
  });

  it('exports the PDF and closes', async () => {
    const { user, dialog, onClose } = await setup(vi.fn(async () => undefined));
    await user.click(within(dialog).getByRole('button', { name: 'Export PDF' }));
    expect(exportMessagePdf).toHaveBeenCalledWith(MESSAGE);
    expect(await screen.findByText('Message exported as PDF.', SHOWN)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
