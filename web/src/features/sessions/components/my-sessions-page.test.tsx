import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarMeeting } from '#shared/contracts/class-options';
import type { ClientSessionStats } from '#shared/contracts/session-options';
import { type ApiCall, json, params, renderAt, SHOWN, sessionAt, stubApi } from '../test/harness';
import { MySessionsPage } from './my-sessions-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

/** The clock: 2026-03-10 12:00 ET. */
const NOW = new Date('2026-03-10T16:00:00.000Z');
const STATS: ClientSessionStats = { upcoming: 2, completed: 5, dogs: 1 };

// Client views carry no contact details.
const mine = { clientEmail: undefined, clientPhone: undefined };
const FUTURE_SCHEDULED = sessionAt('2026-03-12T14:00:00.000Z', { ...mine, id: 's-1', dogName: 'Biscuit' });
const FUTURE_CONFIRMED = sessionAt('2026-03-13T14:00:00.000Z', {
  ...mine,
  id: 's-2',
  dogName: 'Pepper',
  status: 'confirmed',
});
const PAST_SCHEDULED = sessionAt('2026-03-09T14:00:00.000Z', { ...mine, id: 's-3', dogName: 'Rusty' });
const COMPLETED = sessionAt('2026-03-02T15:00:00.000Z', {
  ...mine,
  id: 's-4',
  dogName: 'Mochi',
  status: 'completed',
  notes: 'Great recall today',
  homeworkAssigned: 'm-7',
  homework: { subject: 'Recall homework', content: 'Call **Mochi** ten times a day.' },
  trainingGoals: 'Reliable recall at the park',
});
const ALL = [FUTURE_SCHEDULED, FUTURE_CONFIRMED, PAST_SCHEDULED, COMPLETED];

const meeting = (over: Partial<CalendarMeeting>): CalendarMeeting => ({
  id: 'mt-1',
  classId: 'cl-1',
  title: 'Puppy Basics',
  startsAt: '2026-03-14T14:00:00.000Z',
  endsAt: '2026-03-14T15:00:00.000Z',
  location: 'Riverside Park',
  online: false,
  dogNames: ['Biscuit'],
  ...over,
});
// This morning's meeting is over; Saturday's is next.
const MEETINGS = [
  meeting({ id: 'mt-0', startsAt: '2026-03-10T13:00:00.000Z', endsAt: '2026-03-10T14:00:00.000Z' }),
  meeting({}),
];

const listCalls = (calls: ApiCall[]) => calls.filter((c) => /^\/api\/me\/sessions\?/.test(c.url)).map((c) => c.url);

function setup(
  answers: {
    list?: (call: ApiCall) => Response;
    confirm?: (call: ApiCall) => Response;
    meetings?: (call: ApiCall) => Response;
  } = {},
  url = '/sessions',
) {
  vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const calls = stubApi((call) => {
    if (call.method === 'POST')
      return answers.confirm?.(call) ?? json(200, { session: { ...FUTURE_SCHEDULED, status: 'confirmed' } });
    if (call.url.startsWith('/api/me/sessions/stats')) return json(200, STATS);
    if (call.url.startsWith('/api/me/sessions?'))
      return answers.list?.(call) ?? json(200, { items: ALL, cursor: null });
    if (call.url.startsWith('/api/class-meetings?')) return answers.meetings?.(call) ?? json(200, { meetings: [] });
    return json(404, { error: { message: 'Not found' } });
  });
  renderAt(url, '/sessions', <MySessionsPage />);
  return { user, calls };
}

const row = async (dog: string) =>
  (await within(await screen.findByRole('table', { name: 'My sessions' })).findByText(dog)).closest(
    'tr',
  ) as HTMLElement;

afterEach(() => vi.useRealTimers());

describe('my sessions', () => {
  it('lists own sessions with a back link and stat cards; no edit or delete', async () => {
    const { calls } = setup();
    expect(screen.getByRole('heading', { name: 'My Sessions', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    const first = await row('Biscuit');
    expect(within(first).getByText('Mar 12, 2026 10:00 AM ET')).toBeInTheDocument();
    expect(within(first).getByText('Scheduled')).toBeInTheDocument();
    for (const [label, value] of [
      ['Upcoming', '2'],
      ['Completed', '5'],
      ['Dogs', '1'],
    ]) {
      const labels = await screen.findAllByText(label);
      expect(labels.some((l) => l.parentElement?.textContent === `${label}${value}`)).toBe(true);
    }
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(params(listCalls(calls)[0])).toEqual({ limit: '25' });
  });

  it('offers Confirm only on future scheduled sessions', async () => {
    setup();
    expect(within(await row('Biscuit')).getByRole('button', { name: /^Confirm Biscuit/ })).toBeInTheDocument();
    expect(within(await row('Pepper')).queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
    expect(within(await row('Rusty')).queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
    expect(within(await row('Mochi')).queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
  });

  it('confirms a session and says so', async () => {
    let confirmed = false;
    const { user, calls } = setup({
      list: () => json(200, { items: confirmed ? [{ ...FUTURE_SCHEDULED, status: 'confirmed' }] : ALL, cursor: null }),
      confirm: () => {
        confirmed = true;
        return json(200, { session: { ...FUTURE_SCHEDULED, status: 'confirmed' } });
      },
    });
    await user.click(within(await row('Biscuit')).getByRole('button', { name: /^Confirm Biscuit/ }));
    expect(await screen.findByText('Session confirmed successfully!', SHOWN)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/me/sessions/s-1/confirm');
    await waitFor(async () => expect(within(await row('Biscuit')).getByText('Confirmed')).toBeInTheDocument());
    expect(within(await row('Biscuit')).queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
  });

  it('says Failed to confirm session when confirming fails', async () => {
    const { user } = setup({ confirm: () => json(409, { error: { message: 'Only future scheduled sessions' } }) });
    await user.click(within(await row('Biscuit')).getByRole('button', { name: /^Confirm Biscuit/ }));
    expect(await screen.findByText('Failed to confirm session', SHOWN)).toBeInTheDocument();
  });

  it('sends the filter to the server', async () => {
    const { user, calls } = setup();
    await row('Biscuit');
    await user.click(screen.getByRole('button', { name: 'Upcoming', pressed: false }));
    await waitFor(() => expect(params(listCalls(calls).at(-1) as string).filter).toBe('upcoming'));
    await user.click(screen.getByRole('button', { name: 'Past', pressed: false }));
    await waitFor(() => expect(params(listCalls(calls).at(-1) as string).filter).toBe('past'));
  });

  it('opens the detail dialog, with Confirm only when allowed', async () => {
    const { user } = setup();
    await user.click(within(await row('Mochi')).getByRole('button', { name: /^Details of Mochi/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Session Details')).toBeInTheDocument();
    // The details load with the dialog's first opening.
    expect(await within(dialog).findByText('Great recall today')).toBeInTheDocument();
    expect(within(dialog).getByText('Monday, March 2, 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('10:00 AM - 11:00 AM ET')).toBeInTheDocument();
    // The homework message itself (subject and Markdown content) and the dog's training goals.
    expect(within(dialog).getByText('Recall homework')).toBeInTheDocument();
    expect(await within(dialog).findByText('Mochi', { selector: 'strong' })).toBeInTheDocument();
    expect(within(dialog).getByText(/ten times a day\./)).toBeInTheDocument();
    expect(within(dialog).getByText('Reliable recall at the park')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open in Messages' })).toHaveAttribute(
      'href',
      '/messages?messageId=m-7',
    );
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(await row('Biscuit')).getByRole('button', { name: /^Details of Biscuit/ }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Session confirmed successfully!', SHOWN)).toBeInTheDocument();
  });

  it('shows the calendar from Sunday, read-only, with the day dialog', async () => {
    const { user } = setup({}, '/sessions?view=calendar');
    const grid = await screen.findByRole('table', { name: 'March 2026' });
    expect(within(grid).getAllByRole('columnheader')[0]).toHaveTextContent(/^Sun/);
    const day = await within(grid).findByRole('button', { name: 'Thursday, March 12: 1 session' });
    expect(day).toHaveTextContent('10:00 AM Biscuit');
    await user.click(day);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: /^Confirm Biscuit/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Delete|Edit/ })).not.toBeInTheDocument();
  });

  it('shows the Details view as cards', async () => {
    const { user } = setup({}, '/sessions?view=details');
    expect(await screen.findByText('Great recall today')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Confirm Biscuit/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Confirm \w+ on / })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(await screen.findByRole('table', { name: 'My sessions' })).toBeInTheDocument();
  });

  it('shows Failed to load sessions when the list cannot load', async () => {
    setup({ list: () => json(500, { error: { message: 'boom' } }) });
    expect(await screen.findByText('Failed to load sessions')).toBeInTheDocument();
  });

  it('on a phone, stacks each session as a card with its status, Details and Confirm as full buttons', async () => {
    // A phone-wide window: the shell's narrow query matches.
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query === '(max-width: 687.98px)',
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    try {
      const { user } = setup();
      const list = await screen.findByRole('list', { name: 'My sessions' });
      expect(screen.queryByRole('table', { name: 'My sessions' })).toBeNull();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(4);
      const biscuit = cards.find((c) => c.textContent?.includes('Biscuit')) as HTMLElement;
      expect(within(biscuit).getByRole('heading', { name: 'Mar 12, 2026 10:00 AM ET' })).toBeInTheDocument();
      expect(within(biscuit).getByText('Biscuit · Training · 60 minutes')).toBeInTheDocument();
      expect(within(biscuit).getByText('Scheduled')).toBeInTheDocument();
      expect(within(biscuit).getByRole('button', { name: /^Details of Biscuit/ })).toBeInTheDocument();
      await user.click(within(biscuit).getByRole('button', { name: /^Confirm Biscuit/ }));
      expect(await screen.findByText('Session confirmed successfully!', SHOWN)).toBeInTheDocument();
      const pepper = cards.find((c) => c.textContent?.includes('Pepper')) as HTMLElement;
      expect(within(pepper).queryByRole('button', { name: /^Confirm/ })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('lists the next class meetings of their dogs above the sessions, and shows them in the calendar', async () => {
    const { user, calls } = setup({ meetings: () => json(200, { meetings: MEETINGS }) });
    const list = await screen.findByRole('list', { name: 'Class meetings' });
    const items = within(list).getAllByRole('listitem');
    // The meeting that ended this morning is not among the next ones.
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Puppy Basics');
    expect(items[0]).toHaveTextContent('Saturday, March 14, 2026, 10:00 AM - 11:00 AM ET');
    expect(items[0]).toHaveTextContent('Riverside Park');
    expect(items[0]).toHaveTextContent('With Biscuit');
    expect(params(calls.find((c) => c.url.startsWith('/api/class-meetings?'))?.url as string)).toEqual({
      from: '2026-03-10T04:00:00.000Z',
      to: '2026-04-10T04:00:00.000Z',
    });

    await user.click(screen.getByRole('button', { name: 'Calendar' }));
    const grid = await screen.findByRole('table', { name: 'March 2026' });
    const day = await within(grid).findByRole('button', { name: 'Saturday, March 14: no sessions, 1 class meeting' });
    expect(day).toHaveTextContent('10:00 AM Class · Puppy Basics');
    await user.click(day);
    const dialog = await screen.findByRole('dialog');
    const listed = within(dialog).getByRole('list', { name: 'Class meetings on Saturday, March 14, 2026' });
    expect(listed).toHaveTextContent('Puppy Basics');
    expect(listed).toHaveTextContent('Riverside Park · Biscuit');
    // A client has no roster.
    expect(within(dialog).queryByRole('link', { name: /Roster/ })).toBeNull();
    expect(within(dialog).queryByText('No sessions on this day.')).toBeNull();
  });

  it('keeps the sessions when the class meetings fail to load, with a line of its own', async () => {
    setup({ meetings: () => json(500, { error: { message: 'boom' } }) });
    expect(await screen.findByText('Failed to load class meetings')).toBeInTheDocument();
    expect(await row('Biscuit')).toBeInTheDocument();
  });
});
