import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Referral } from '#shared/contracts/referral-options';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { ReferralsPage } from './referrals-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

afterEach(() => vi.restoreAllMocks());

const HISTORY: Referral[] = [
  {
    id: 'r-2',
    referralCode: 'AVERY123',
    referredEmail: 'sam@example.com',
    status: 'converted',
    commissionAmount: 30,
    discountPercentage: 10,
    createdAt: '2026-05-02T12:00:00.000Z',
  },
  {
    id: 'r-1',
    referralCode: 'AVERY123',
    referredEmail: 'lee@example.com',
    status: 'clicked',
    discountPercentage: 10,
    createdAt: '2026-05-01T12:00:00.000Z',
  },
];

function serve(over: { mine?: () => Response; send?: Response } = {}) {
  let referrals = [...HISTORY];
  return stubApi((call: ApiCall) => {
    if (call.url === '/api/me/referrals' && call.method === 'GET') {
      return over.mine?.() ?? json(200, { code: 'AVERY123', referrals });
    }
    if (call.url === '/api/me/referrals' && call.method === 'POST') {
      if (over.send) return over.send;
      const email = (call.body as { email: string }).email;
      referrals = [{ ...HISTORY[1], id: 'r-3', referredEmail: email, status: 'sent' }, ...referrals];
      return json(201, referrals[0]);
    }
    return json(404, { error: { message: 'Not found' } });
  });
}

const render = () => renderAt('/referrals', '/referrals', <ReferralsPage />);

describe('referrals', () => {
  it('shows how it works, the code, and the history with the commission on conversion only', async () => {
    serve();
    render();
    expect(screen.getByRole('heading', { name: 'Referral Program' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(await screen.findByText('AVERY123')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Referral history' });
    const converted = (await within(table).findByText('sam@example.com')).closest('tr') as HTMLElement;
    expect(within(converted).getByText('Converted')).toBeInTheDocument();
    expect(within(converted).getByText('$30.00')).toBeInTheDocument();
    const clicked = within(table).getByText('lee@example.com').closest('tr') as HTMLElement;
    expect(within(clicked).getByText('Clicked')).toBeInTheDocument();
    expect(within(clicked).queryByText('$30.00')).toBeNull();
  });

  it('Copy Code copies the code with the spec text, and says so when copying fails', async () => {
    serve();
    render();
    await screen.findByText('AVERY123');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Copy Code' }));
    expect(await screen.findByText('Referral code copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('AVERY123');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy Code' }));
    expect(await screen.findByText('Failed to copy referral code.')).toBeInTheDocument();
  });

  it('sends a referral by e-mail and lists it as sent; an empty e-mail is refused before any call', async () => {
    const calls = serve();
    render();
    await screen.findByText('AVERY123');
    await userEvent.click(screen.getByRole('button', { name: 'Send Referral' }));
    expect(await screen.findByText('Please enter an email address')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.type(screen.getByLabelText("Friend's email"), 'kim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Referral' }));
    expect(await screen.findByText('Referral sent successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ body: { email: 'kim@example.com' } });
    const row = (await screen.findByText('kim@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Sent')).toBeInTheDocument();
    expect(screen.getByLabelText("Friend's email")).toHaveValue('');
  });

  it('says the referral failed when the server refuses it', async () => {
    serve({ send: json(500, { error: { message: 'boom' } }) });
    render();
    await screen.findByText('AVERY123');
    await userEvent.type(screen.getByLabelText("Friend's email"), 'kim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Referral' }));
    expect(await screen.findByText('Failed to send referral')).toBeInTheDocument();
  });

  it('says the information could not be loaded, or the code could not be made', async () => {
    serve({ mine: () => json(500, { error: { message: 'boom' } }) });
    const first = render();
    expect(await screen.findByText('Failed to load referral information')).toBeInTheDocument();
    first.unmount();
    serve({ mine: () => json(503, { error: { message: 'Failed to generate referral code' } }) });
    render();
    expect(await screen.findAllByText('Failed to generate referral code')).not.toHaveLength(0);
  });
});
