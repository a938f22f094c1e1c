import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarMeeting } from '#shared/contracts/class-options';
import type { SessionStats } from '#shared/contracts/session-options';
import { type ApiCall, json, params, renderAt, SHOWN, sessionAt, stubApi } from '../test/harness';
import { daysRange, scopeDays, shiftFocus } from './session-month';
import { SessionsPage } from './sessions-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const STATS: SessionStats = { total: 3, upcoming: 3, today: 0, activeClients: 2 };

// Friday April 10, 2026 (Eastern Daylight Time): the week shown is Sunday April 5 to Saturday April 11.
const NOW = new Date('2026-04-10T16:00:00.000Z');
const ACE = sessionAt('2026-04-13T13:00:00.000Z', {
  id: 's-ace',
  clientName: 'Alexandra Montgomery-Wellington',
  dogName: 'Ace of Spades',
  seriesId: 'r-1',
});
const BO = sessionAt('2026-04-14T18:30:00.000Z', {
  id: 's-bo',
  clientId: 'c-2',
  clientName: 'Tom Baker',
  dogName: 'Bo',
});
const DONE = sessionAt('2026-04-07T14:00:00.000Z', { id: 's-done', dogName: 'Cy', status: 'completed' });

const PUPPIES: CalendarMeeting = {
  id: 'mt-1',
  classId: 'cl-1',
  title: 'Puppy Basics',
  startsAt: '2026-04-14T22:00:00.000Z',
  endsAt: '2026-04-14T23:00:00.000Z',
  location: 'Riverside Park',
  online: false,
};

const rangeCalls = (calls: ApiCall[]) => calls.filter((c) => /^\/api\/sessions\?/.test(c.url)).map((c) => c.url);
const writes = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET');

interface Answers {
  put?: (call: ApiCall) => Response;
}

function setup(url: string, answers: Answers = {}) {
  vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const calls = stubApi((call) => {
    if (call.method === 'PUT') return answers.put?.(call) ?? json(200, { session: ACE });
    if (call.url.startsWith('/api/sessions/stats')) return json(200, STATS);
    if (call.url.startsWith('/api/sessions?')) return json(200, { items: [ACE, BO, DONE], cursor: null });
    if (call.url.startsWith('/api/class-meetings?')) return json(200, { meetings: [PUPPIES] });
    return json(404, { error: { message: 'Not found' } });
  });
  renderAt(url, '/dashboard/sessions', <SessionsPage />);
  return { user, calls };
}

afterEach(() => vi.useRealTimers());

describe('week and day ranges', () => {
  it('a week runs Sunday to Saturday in the business zone, across the change to summer time', () => {
    const days = scopeDays('week', '2026-03-10');
    expect(days).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
    ]);
    // Midnight on March 8 is still standard time (UTC-5); midnight on the 15th is daylight time (UTC-4).
    expect(daysRange(days)).toEqual({ from: '2026-03-08T05:00:00.000Z', to: '2026-03-15T04:00:00.000Z' });
    expect(shiftFocus('week', '2026-03-10', 1)).toBe('2026-03-17');
    expect(shiftFocus('day', '2026-03-01', -1)).toBe('2026-02-28');
    expect(scopeDays('day', '2026-03-10')).toEqual(['2026-03-10']);
  });
});

describe('the trainer’s week and day views', () => {
  it('shows the week with every name in full, reads only that week, and steps a week at a time', async () => {
    const { user, calls } = setup('/dashboard/sessions?view=calendar&scope=week');
    expect(await screen.findByText('April 5 – April 11, 2026')).toBeInTheDocument();
    await waitFor(() =>
      expect(params(rangeCalls(calls).at(-1) as string)).toMatchObject({
        from: '2026-04-05T04:00:00.000Z',
        to: '2026-04-12T04:00:00.000Z',
      }),
    );
    expect(screen.getByRole('region', { name: 'Friday, April 10' })).toHaveAttribute('aria-current', 'date');
    const tuesday = screen.getByRole('region', { name: 'Tuesday, April 7' });
    expect(within(tuesday).getByText('Maria Lopez · Cy')).toBeInTheDocument();
    // A completed session cannot move.
    expect(within(tuesday).queryByRole('button', { name: /^Move/ })).not.toBeInTheDocument();
    expect(within(tuesday).getByTestId('week-session')).toHaveAttribute('draggable', 'false');

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('April 12 – April 18, 2026')).toBeInTheDocument();
    const monday = screen.getByRole('region', { name: 'Monday, April 13' });
    expect(await within(monday).findByText('Alexandra Montgomery-Wellington · Ace of Spades')).toBeInTheDocument();
    expect(within(monday).getByText(/^9:00 AM - 10:00 AM E/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Sunday, April 12' })).getByText('No sessions'),
    ).toBeInTheDocument();
  });

  it('switches the calendar between month, week and day, from the month shown', async () => {
    const { user } = setup('/dashboard/sessions?view=calendar');
    expect(await screen.findByRole('heading', { name: 'April 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Week' }));
    // May is shown: its week starts from May 1.
    expect(await screen.findByText('April 26 – May 2, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Day' }));
    expect(await screen.findByText('Friday, May 1, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(await screen.findByRole('heading', { name: 'May 2026' })).toBeInTheDocument();
  });

  it('moves a session dropped on another day after confirmation, at the same time, with the same fields', async () => {
    const { calls } = setup('/dashboard/sessions?view=calendar&scope=week');
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(await screen.findByRole('button', { name: 'Next week' }));
    const monday = await screen.findByRole('region', { name: 'Monday, April 13' });
    const card = (await within(monday).findByText(/Ace of Spades/)).closest('li') as HTMLElement;
    expect(card).toHaveAttribute('draggable', 'true');
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: 'all',
    };
    const thursday = screen.getByRole('region', { name: 'Thursday, April 16' });
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.dragOver(thursday, { dataTransfer });
    fireEvent.drop(thursday, { dataTransfer });

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Ace of Spades \(Alexandra Montgomery-Wellington\), now Monday, April 13, 2026/),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('New date')).toHaveValue('2026-04-16');
    expect(within(dialog).getByRole('textbox', { name: 'New time' })).toHaveValue('09:00');
    // Nothing moves before the trainer confirms.
    expect(writes(calls)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move session' }));
    expect(await screen.findByText('Session moved', SHOWN)).toBeInTheDocument();
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      url: '/api/sessions/s-ace',
      body: {
        clientId: 'c-1',
        dogId: 'd-1',
        scheduledAt: '2026-04-16T13:00:00.000Z',
        durationMinutes: 60,
        sessionType: 'training',
      },
    });
    expect(writes(calls)[0].body).not.toHaveProperty('following');
  });

  it('moves with the keyboard from the day view: Move, a new time, the later ones of the series, and Move anyway on a clash', async () => {
    const clash = 'This time overlaps another session: Tuesday, April 14 at 2:30 PM with Bo';
    let tries = 0;
    const { user, calls } = setup('/dashboard/sessions?view=calendar&scope=day', {
      put: () =>
        ++tries === 1
          ? json(409, { error: { code: 'CONFLICT', message: clash, fields: { allowOverlap: [clash] } } })
          : json(200, { session: ACE, updated: [ACE, ACE, ACE] }),
    });
    expect(await screen.findByText('Friday, April 10, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('Monday, April 13, 2026')).toBeInTheDocument();
    await user.click(
      await screen.findByRole('button', { name: 'Move session of Ace of Spades (Alexandra Montgomery-Wellington)' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('New date')).toHaveValue('2026-04-13');
    await user.clear(within(dialog).getByLabelText('New date'));
    await user.type(within(dialog).getByLabelText('New date'), '2026-04-14');
    await user.clear(within(dialog).getByRole('textbox', { name: 'New time' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'New time' }), '1430');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also change the later sessions of this series' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move session' }));
    expect(await within(dialog).findByText(clash)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move anyway' }));
    expect(await screen.findByText('3 sessions moved', SHOWN)).toBeInTheDocument();
    expect(writes(calls).map((c) => c.body)).toEqual([
      expect.objectContaining({ scheduledAt: '2026-04-14T18:30:00.000Z', following: true }),
      expect.objectContaining({ scheduledAt: '2026-04-14T18:30:00.000Z', following: true, allowOverlap: true }),
    ]);
  });

  it('shows a class meeting as a card of its own among the sessions, not movable, with its roster', async () => {
    const { user, calls } = setup('/dashboard/sessions?view=calendar&scope=week&day=2026-04-14');
    const tuesday = await screen.findByRole('region', { name: 'Tuesday, April 14' });
    const card = await within(tuesday).findByTestId('week-meeting');
    expect(card).toHaveTextContent('Class Puppy Basics');
    expect(card).toHaveTextContent('6:00 PM - 7:00 PM ET');
    expect(card).toHaveTextContent('Riverside Park');
    expect(card).not.toHaveAttribute('draggable', 'true');
    expect(within(card).queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Roster of Puppy Basics' })).toHaveAttribute(
      'href',
      '/dashboard/classes/cl-1/roster',
    );
    // In time order: Bo at 2:30 PM, then the class at 6 PM.
    expect(
      within(tuesday)
        .getAllByRole('listitem')
        .map((li) => li.dataset.testid),
    ).toEqual(['week-session', 'week-meeting']);
    const asked = calls.filter((c) => c.url.startsWith('/api/class-meetings?')).map((c) => params(c.url));
    expect(asked.at(-1)).toEqual({ from: '2026-04-12T04:00:00.000Z', to: '2026-04-19T04:00:00.000Z' });

    // The month: the day's cell counts the meeting and shows it; its dialog lists it with the roster.
    await user.click(screen.getByRole('button', { name: 'Month' }));
    const cell = await screen.findByRole('button', { name: 'Tuesday, April 14: 1 session, 1 class meeting' });
    expect(within(cell).getByTestId('calendar-meeting')).toHaveTextContent('6:00 PM Class · Puppy Basics');
    await user.click(cell);
    const dialog = await screen.findByRole('dialog');
    const listed = within(dialog).getByRole('list', { name: 'Class meetings on Tuesday, April 14, 2026' });
    expect(listed).toHaveTextContent('Puppy Basics');
    expect(within(listed).getByRole('link', { name: 'Roster of Puppy Basics' })).toHaveAttribute(
      'href',
      '/dashboard/classes/cl-1/roster',
    );
    expect(within(dialog).getByRole('list', { name: 'Sessions on Tuesday, April 14, 2026' })).toHaveTextContent('Bo');
  });

  it('leaves the class meetings out while a search or status narrows the sessions', async () => {
    const { user, calls } = setup('/dashboard/sessions?view=calendar&scope=week&day=2026-04-14');
    const tuesday = await screen.findByRole('region', { name: 'Tuesday, April 14' });
    await within(tuesday).findByTestId('week-meeting');
    const before = calls.length;
    await user.type(screen.getByRole('searchbox', { name: 'Search sessions' }), 'Bo');
    await waitFor(() => expect(within(tuesday).queryByTestId('week-meeting')).toBeNull());
    expect(calls.slice(before).some((c) => c.url.startsWith('/api/class-meetings?'))).toBe(false);
  });
});
