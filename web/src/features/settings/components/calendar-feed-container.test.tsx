import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { CalendarFeedContainer, FEED_TEXTS } from './calendar-feed-container';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const OLD = 'https://portal.example.com/api/public/calendar/b2xkLXNlY3JldC1vbGQtc2VjcmV0LW9sZC1zZWNyZXQ.ics';
const NEW = 'https://portal.example.com/api/public/calendar/bmV3LXNlY3JldC1uZXctc2VjcmV0LW5ldy1zZWNyZXQx.ics';

function setup(role: 'admin' | 'client', over?: (call: ApiCall) => Response | undefined) {
  const user = userEvent.setup();
  const writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const calls = stubApi((call) => {
    const custom = over?.(call);
    if (custom) return custom;
    const path = new URL(call.url, 'http://localhost').pathname;
    if (call.method === 'GET' && path === '/api/me/calendar-feed') return json(200, { url: OLD });
    if (call.method === 'POST' && path === '/api/me/calendar-feed/reset') return json(200, { url: NEW });
    return json(404, { error: { message: 'Not found' } });
  });
  renderAt('/dashboard/settings', '/dashboard/settings', <CalendarFeedContainer role={role} />);
  return { user, calls, writeText };
}

const resets = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Calendar feed', () => {
  it("shows a client's own feed link read-only and copies it", async () => {
    const { user, writeText } = setup('client');
    expect(screen.getByRole('heading', { name: 'Calendar feed' })).toBeInTheDocument();
    expect(screen.getByText('Your training sessions, for your own calendar app.')).toBeInTheDocument();
    const input = await screen.findByLabelText('Feed link');
    await waitFor(() => expect(input).toHaveValue(OLD));
    expect(input).toHaveAttribute('readonly');
    expect(screen.getByText(/To subscribe, add a calendar "from URL"/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(OLD);
    expect(await screen.findByText(FEED_TEXTS.copied)).toBeInTheDocument();
  });

  it('tells the trainer the feed has every session', async () => {
    setup('admin');
    expect(screen.getByText('Every training session, for your own calendar app.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Feed link')).toHaveValue(OLD));
  });

  it('resets only after confirming, then shows the new link', async () => {
    const { user, calls } = setup('client');
    await waitFor(() => expect(screen.getByLabelText('Feed link')).toHaveValue(OLD));
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/stops working at once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(resets(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(FEED_TEXTS.reset)).toBeInTheDocument();
    expect(resets(calls).map((c) => c.url)).toEqual(['/api/me/calendar-feed/reset']);
    await waitFor(() => expect(screen.getByLabelText('Feed link')).toHaveValue(NEW));
  });

  it('says so when the reset fails and keeps the old link', async () => {
    const { user } = setup('client', (call) =>
      call.method === 'POST' ? json(500, { error: { message: 'Something went wrong' } }) : undefined,
    );
    await waitFor(() => expect(screen.getByLabelText('Feed link')).toHaveValue(OLD));
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(FEED_TEXTS.resetFailed)).toBeInTheDocument();
    expect(screen.getByLabelText('Feed link')).toHaveValue(OLD);
  });
});
