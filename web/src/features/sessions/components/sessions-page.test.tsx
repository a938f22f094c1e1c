import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionStats, SessionView } from '#shared/contracts/session-options';
import { type ApiCall, json, params, renderAt, SHOWN, session, sessionAt, stubApi } from '../test/harness';
import { SessionsPage } from './sessions-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const STATS: SessionStats = { total: 42, upcoming: 7, today: 2, activeClients: 11 };

const BISCUIT = session();
const REX = sessionAt('2026-03-12T19:00:00.000Z', {
  id: 's-2',
  clientId: 'c-2',
  clientName: 'Tom Baker',
  dogId: 'd-3',
  dogName: 'Rex',
  sessionType: 'evaluation',
  status: 'completed',
  notes: 'Reactive on leash',
});

const listCalls = (calls: ApiCall[]) => calls.filter((c) => /^\/api\/sessions\?/.test(c.url)).map((c) => c.url);

interface Answers {
  list?: (call: ApiCall) => Response;
  write?: (call: ApiCall) => Response;
}

function setup(url = '/dashboard/sessions', answers: Answers = {}) {
  const calls = stubApi((call) => {
    if (call.method !== 'GET') return answers.write?.(call) ?? json(204);
    if (call.url.startsWith('/api/sessions/stats')) return json(200, STATS);
    if (call.url.startsWith('/api/sessions?'))
      return answers.list?.(call) ?? json(200, { items: [BISCUIT, REX], cursor: null });
    if (call.url.startsWith('/api/class-meetings?')) return json(200, { meetings: [] });
    return json(404, { error: { message: 'Not found' } });
  });
  renderAt(url, '/dashboard/sessions', <SessionsPage />);
  return calls;
}

const row = async (name: string) =>
  (await within(await screen.findByRole('table', { name: 'Sessions' })).findByText(name)).closest('tr') as HTMLElement;

afterEach(() => vi.useRealTimers());

describe('session management', () => {
  it('lists sessions with time in ET, client, dog, type, duration and status; stat cards', async () => {
    const calls = setup();
    expect(screen.getByRole('heading', { name: 'Session Management', level: 1 })).toBeInTheDocument();
    const first = await row('Biscuit');
    expect(within(first).getByText('Mar 9, 2026 10:00 AM ET')).toBeInTheDocument();
    expect(within(first).getByText('Maria Lopez')).toBeInTheDocument();
    expect(within(first).getByText('Training')).toBeInTheDocument();
    expect(within(first).getByText('60 minutes')).toBeInTheDocument();
    expect(within(first).getByText('Scheduled')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /^Edit session of Biscuit/ })).toHaveAttribute(
      'href',
      '/dashboard/sessions/s-1/edit',
    );
    const second = await row('Rex');
    expect(within(second).getByText('Completed')).toBeInTheDocument();
    expect(within(second).getByText('Evaluation')).toBeInTheDocument();
    // A completed session can no longer be cancelled.
    expect(within(second).queryByRole('button', { name: /^Cancel session/ })).not.toBeInTheDocument();

    for (const [label, value] of [
      ['Total Sessions', '42'],
      ['Upcoming', '7'],
      ['Today', '2'],
      ['Active Clients', '11'],
    ]) {
      expect((await screen.findByText(label)).parentElement).toHaveTextContent(`${label}${value}`);
    }
    expect(screen.getByRole('link', { name: 'Schedule Session' })).toHaveAttribute(
      'href',
      '/dashboard/sessions/create',
    );
    expect(params(listCalls(calls)[0])).toEqual({ limit: '25' });
  });

  it('sends the status filter and the (debounced) search to the server', async () => {
    // Keys without a pause between them: the debounce, not the machine's speed, decides the count below.
    const user = userEvent.setup({ delay: null });
    const calls = setup();
    await row('Biscuit');
    await user.click(screen.getByRole('button', { name: /Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(params(listCalls(calls).at(-1) as string).status).toBe('completed'));
    await user.type(screen.getByRole('searchbox', { name: 'Search sessions' }), 'maria');
    await waitFor(() =>
      expect(params(listCalls(calls).at(-1) as string)).toEqual({ limit: '25', status: 'completed', search: 'maria' }),
    );
    expect(listCalls(calls).filter((u) => params(u).search)).toHaveLength(1);
  });

  it('pages with the server cursor', async () => {
    const user = userEvent.setup();
    const calls = setup(undefined, {
      list: ({ url }) =>
        params(url).cursor === 'next-1'
          ? json(200, { items: [REX], cursor: null })
          : json(200, { items: [BISCUIT], cursor: 'next-1' }),
    });
    await row('Biscuit');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await row('Rex');
    expect(params(listCalls(calls)[1]).cursor).toBe('next-1');
  });

  it('deletes a session after confirmation', async () => {
    const user = userEvent.setup();
    const calls = setup();
    await user.click(within(await row('Biscuit')).getByRole('button', { name: /^Delete session of Biscuit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Delete the session of Biscuit \(Maria Lopez\) on Mar 9, 2026/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Session deleted successfully', SHOWN)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/sessions/s-1');
  });

  it('says Failed to delete session when the delete fails', async () => {
    const user = userEvent.setup();
    setup(undefined, { write: () => json(500, { error: { message: 'boom' } }) });
    await user.click(within(await row('Biscuit')).getByRole('button', { name: /^Delete session of Biscuit/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete session', SHOWN)).toBeInTheDocument();
  });

  it('cancels a session after confirmation, and the row shows it cancelled', async () => {
    const user = userEvent.setup();
    let cancelled = false;
    const calls = setup(undefined, {
      list: () => json(200, { items: [cancelled ? { ...BISCUIT, status: 'cancelled' } : BISCUIT, REX], cursor: null }),
      write: () => {
        cancelled = true;
        return json(200, { session: { ...BISCUIT, status: 'cancelled' } });
      },
    });
    await user.click(within(await row('Biscuit')).getByRole('button', { name: /^Cancel session of Biscuit/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/sessions/s-1/cancel');
    await waitFor(async () => expect(within(await row('Biscuit')).getByText('Cancelled')).toBeInTheDocument());
  });

  it('offers to cancel the later sessions of a series too, and says how many were cancelled', async () => {
    const user = userEvent.setup();
    const inSeries = { ...BISCUIT, seriesId: 'series-1' };
    const calls = setup(undefined, {
      list: () => json(200, { items: [inSeries, REX], cursor: null }),
      write: () =>
        json(200, {
          session: { ...inSeries, status: 'cancelled' },
          cancelled: [
            { ...inSeries, status: 'cancelled' },
            { ...inSeries, id: 's-8', status: 'cancelled' },
            { ...inSeries, id: 's-9', status: 'cancelled' },
          ],
        }),
    });
    await user.click(within(await row('Biscuit')).getByRole('button', { name: /^Cancel session of Biscuit/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also cancel the later sessions of this series' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/sessions/s-1/cancel');
    expect(post?.body).toEqual({ following: true });
    expect(await screen.findByText('3 sessions cancelled', SHOWN)).toBeInTheDocument();
  });

  it('offers no series choice for a session on its own', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(within(await row('Biscuit')).getByRole('button', { name: /^Cancel session of Biscuit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says Failed to update session status when cancelling fails', async () => {
    const user = userEvent.setup();
    setup(undefined, { write: () => json(500, { error: { message: 'boom' } }) });
    await user.click(within(await row('Biscuit')).getByRole('button', { name: /^Cancel session of Biscuit/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel session' }));
    expect(await screen.findByText('Failed to update session status', SHOWN)).toBeInTheDocument();
  });

  it('offers Schedule First Session when there are none, but not when a search finds none', async () => {
    const user = userEvent.setup();
    setup(undefined, { list: () => json(200, { items: [], cursor: null }) });
    expect(await screen.findByRole('link', { name: 'Schedule First Session' })).toHaveAttribute(
      'href',
      '/dashboard/sessions/create',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search sessions' }), 'zz');
    expect(await screen.findByText('No sessions match your search or filter.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Schedule First Session' })).not.toBeInTheDocument();
  });

  it('shows Failed to load sessions when the list cannot load, and Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    setup(undefined, {
      list: () => (fail ? json(500, { error: { message: 'boom' } }) : json(200, { items: [BISCUIT], cursor: null })),
    });
    expect(await screen.findByText('Failed to load sessions')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await row('Biscuit');
  });

  it('shows full details, contact details included, in the Details view', async () => {
    const user = userEvent.setup();
    setup();
    await row('Biscuit');
    await user.click(screen.getByRole('button', { name: 'Details' }));
    expect(await screen.findByText('Maria Lopez · Biscuit')).toBeInTheDocument();
    expect(screen.getByText('Reactive on leash')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'maria@example.com' })[0]).toHaveAttribute(
      'href',
      'mailto:maria@example.com',
    );
    expect(screen.getByText('s-1')).toBeInTheDocument();
  });

  describe('calendar', () => {
    const day = (over: Partial<SessionView>, hour: number) =>
      sessionAt(`2026-04-15T${String(hour).padStart(2, '0')}:00:00.000Z`, over);

    it('shows the month from Sunday, at most 3 sessions a day then +N more, and the day on click', async () => {
      vi.useFakeTimers({ now: new Date('2026-04-10T16:00:00.000Z'), shouldAdvanceTime: true });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const busy = [
        day({ id: 'a', dogName: 'Ace' }, 13),
        day({ id: 'b', dogName: 'Bo' }, 14),
        day({ id: 'c', dogName: 'Cy' }, 15),
        day({ id: 'd', dogName: 'Di' }, 16),
        day({ id: 'e', dogName: 'Ed' }, 17),
      ];
      const calls = setup('/dashboard/sessions?view=calendar', {
        list: () => json(200, { items: busy, cursor: null }),
      });
      expect(await screen.findByRole('heading', { name: 'April 2026' })).toBeInTheDocument();
      const grid = screen.getByRole('table', { name: 'April 2026' });
      const headers = within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
      expect(headers[0]).toMatch(/^Sun/);
      expect(headers[6]).toMatch(/^Sat/);
      // April 1, 2026 is a Wednesday: Sunday to Tuesday of the first week are empty.
      const firstWeek = within(grid).getAllByRole('row')[1];
      const cells = within(firstWeek).getAllByRole('cell');
      expect(cells.slice(0, 3).every((c) => c.textContent === '')).toBe(true);
      expect(within(cells[3]).getByRole('button')).toHaveAccessibleName('Wednesday, April 1: no sessions');

      const busyDay = await within(grid).findByRole('button', { name: 'Wednesday, April 15: 5 sessions' });
      expect(within(busyDay).getAllByTestId('calendar-session')).toHaveLength(3);
      expect(busyDay).toHaveTextContent('+2 more');
      expect(busyDay).toHaveTextContent('9:00 AM');

      const range = params(listCalls(calls)[0]);
      expect(range).toMatchObject({ from: '2026-04-01T04:00:00.000Z', to: '2026-05-01T04:00:00.000Z', limit: '100' });

      await user.click(busyDay);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Wednesday, April 15, 2026')).toBeInTheDocument();
      expect(within(dialog).getAllByRole('listitem')).toHaveLength(5);
      expect(within(dialog).getByText('Maria Lopez · Ed · Training · 60 minutes')).toBeInTheDocument();
      await user.keyboard('{Escape}');

      await user.click(screen.getByRole('button', { name: 'Next month' }));
      expect(await screen.findByRole('heading', { name: 'May 2026' })).toBeInTheDocument();
      await waitFor(() =>
        expect(params(listCalls(calls).at(-1) as string)).toMatchObject({
          from: '2026-05-01T04:00:00.000Z',
          to: '2026-06-01T04:00:00.000Z',
        }),
      );
      await user.click(screen.getByRole('button', { name: 'Previous month' }));
      await user.click(screen.getByRole('button', { name: 'Previous month' }));
      expect(await screen.findByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
      // March 2026 begins on a Sunday, in Eastern Standard Time.
      await waitFor(() =>
        expect(params(listCalls(calls).at(-1) as string)).toMatchObject({
          from: '2026-03-01T05:00:00.000Z',
          to: '2026-04-01T04:00:00.000Z',
        }),
      );
    });
  });
});
