import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CLASS_TEXTS, type ClassView } from '#shared/contracts/class-options';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { klass } from '../test/fixtures';
import { businessInstant, formFieldsOf } from './class-form-values';
import { formatMeetingRange } from './class-format';
import { ClassMeetingsList } from './class-meetings-list';
import { ClassRosterPage } from './class-roster-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Meeting 1 started an hour ago, 2 is next week, 3 (cancelled) the week after, 4 in three weeks.
const START = Date.now() - HOUR;
const meetingAt = (i: number) => ({
  id: `m-${i + 1}`,
  startsAt: new Date(START + i * 7 * DAY).toISOString(),
  endsAt: new Date(START + i * 7 * DAY + HOUR).toISOString(),
  ...(i === 2 ? { cancelled: { at: new Date(START).toISOString(), reason: 'Hall booked' } } : {}),
});
const CLASS = klass({ weeks: 4, meetings: [0, 1, 2, 3].map(meetingAt) });
const [, SECOND] = CLASS.meetings;

const moveButton = (m: { startsAt: string; endsAt: string }) =>
  screen.queryByRole('button', { name: `Move the meeting of ${formatMeetingRange(m)}` });

const CLASH = 'The new time overlaps another session or class meeting: Tuesday at 7:30 AM with Rex';

/** The roster over a stub: the first move answers `first` (a clash, say), the next ones succeed. */
function setup(first?: () => Response) {
  const moves: ApiCall[] = [];
  const calls = stubApi((call) => {
    if (call.method === 'GET' && call.url === '/api/classes/c-1/roster')
      return json(200, { class: CLASS, enrolled: [], offered: [], waitlist: [] });
    if (call.method === 'POST' && call.url.endsWith('/move')) {
      moves.push(call);
      if (moves.length === 1 && first) return first();
      return json(200, { class: CLASS });
    }
    return json(404, { error: { message: 'Not found' } });
  });
  renderAt('/dashboard/classes/c-1/roster', '/dashboard/classes/:id/roster', <ClassRosterPage />);
  const rosterReads = () => calls.filter((c) => c.method === 'GET' && c.url === '/api/classes/c-1/roster').length;
  return { moves, rosterReads };
}

async function openMove() {
  const user = userEvent.setup();
  await screen.findByRole('list', { name: 'Meetings' });
  await user.click(moveButton(SECOND) as HTMLElement);
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

/** A day after the second meeting, 07:30 in the business time zone. */
const NEW_DATE = formFieldsOf(new Date(Date.parse(SECOND.startsAt) + DAY).toISOString()).date;
const NEW_START = businessInstant(NEW_DATE, '07:30') as string;

async function chooseNewTime(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, date = NEW_DATE) {
  await user.clear(within(dialog).getByLabelText('New date'));
  await user.type(within(dialog).getByLabelText('New date'), date);
  await user.clear(within(dialog).getByRole('textbox', { name: 'New time' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'New time' }), '0730');
}

describe('moving a class meeting from the roster', () => {
  it('offers Move on the upcoming meetings only: not a started, a cancelled or a draft’s one', async () => {
    stubApi(() => json(404, { error: { message: 'Not found' } }));
    const { unmount } = renderAt('/x', '/x', <ClassMeetingsList item={CLASS} />);
    const [started, second, cancelled, fourth] = CLASS.meetings;
    expect(moveButton(started)).toBeNull();
    expect(moveButton(second)).toBeInTheDocument();
    expect(moveButton(cancelled)).toBeNull();
    expect(moveButton(fourth)).toBeInTheDocument();
    const draft: ClassView = { ...CLASS, status: 'draft' };
    unmount();
    renderAt('/x', '/x', <ClassMeetingsList item={draft} />);
    expect(await screen.findByRole('list', { name: 'Meetings' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move the meeting/ })).toBeNull();
  });

  it('shows the meeting’s date and time, moves it on confirm, toasts and reads the list again', async () => {
    const { moves, rosterReads } = setup();
    const { user, dialog } = await openMove();
    const was = formFieldsOf(SECOND.startsAt);
    expect(within(dialog).getByLabelText('New date')).toHaveValue(was.date);
    expect(within(dialog).getByRole('textbox', { name: 'New time' })).toHaveValue(was.time);
    expect(moves).toEqual([]);
    const reads = rosterReads();

    await chooseNewTime(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Move meeting' }));
    await waitFor(() => expect(moves).toHaveLength(1));
    expect(moves[0].url).toBe('/api/classes/c-1/meetings/m-2/move');
    expect(moves[0].body).toEqual({ startsAt: NEW_START });
    const endsAt = new Date(Date.parse(NEW_START) + HOUR).toISOString();
    expect(
      await screen.findByText(`Meeting moved to ${formatMeetingRange({ startsAt: NEW_START, endsAt })}`),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rosterReads()).toBeGreaterThan(reads));
  });

  it('shows a clash with Move anyway, which sends allowOverlap', async () => {
    const { moves } = setup(() =>
      json(409, { error: { code: 'CONFLICT', message: CLASH, fields: { allowOverlap: [CLASH] } } }),
    );
    const { user, dialog } = await openMove();
    await chooseNewTime(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Move meeting' }));
    expect(await within(dialog).findByText(CLASH)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move anyway' }));
    await waitFor(() => expect(moves).toHaveLength(2));
    expect(moves[1].body).toEqual({ startsAt: NEW_START, allowOverlap: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a time in the past before asking the server, and shows the server’s refusal', async () => {
    const { moves } = setup(() => json(409, { error: { code: 'CONFLICT', message: CLASS_TEXTS.meetingMoveStarted } }));
    const { user, dialog } = await openMove();
    const yesterday = formFieldsOf(new Date(Date.now() - DAY).toISOString()).date;
    await chooseNewTime(user, dialog, yesterday);
    await user.click(within(dialog).getByRole('button', { name: 'Move meeting' }));
    expect(await within(dialog).findByText(CLASS_TEXTS.meetingMovePast)).toBeInTheDocument();
    expect(moves).toEqual([]);
    await chooseNewTime(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Move meeting' }));
    expect(await within(dialog).findByText(CLASS_TEXTS.meetingMoveStarted)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Move anyway' })).toBeNull();
  });
});
