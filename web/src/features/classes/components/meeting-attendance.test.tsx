import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClassRoster, RosterEntry } from '#shared/contracts/class-options';
import { json, renderAt, stubApi } from '../../../testing/portal-harness';
import { klass, rosterEntry } from '../test/fixtures';
import { ClassRosterPage } from './class-roster-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
// Meeting 1 started an hour ago; meeting 2 is next week.
const START = Date.now() - HOUR;
const CLASS = klass({
  weeks: 2,
  meetings: [0, 1].map((i) => ({
    id: `m-${i + 1}`,
    startsAt: new Date(START + i * WEEK).toISOString(),
    endsAt: new Date(START + i * WEEK + HOUR).toISOString(),
  })),
});

function setup() {
  const marks = new Map<string, RosterEntry['attendance']>([['d-1', { status: 'present', note: 'Great focus.' }]]);
  const enrolled = (meetingId: string): RosterEntry[] => [
    rosterEntry({
      vaccinationGaps: [],
      attendance: meetingId === 'm-1' ? (marks.get('d-1') ?? null) : null,
    }),
    rosterEntry({
      id: 'e-2',
      dogId: 'd-2',
      dogName: 'Rex',
      clientName: 'Tom Baker',
      email: 'tom@example.com',
      phone: null,
      vaccinationGaps: [
        { vaccine: 'rabies', state: 'expired', expiresOn: '2020-01-01' },
        { vaccine: 'dhpp', state: 'missing' },
      ],
      attendance: meetingId === 'm-1' ? (marks.get('d-2') ?? null) : null,
    }),
  ];
  const roster = (meetingId: string): ClassRoster => ({
    class: CLASS,
    meeting: CLASS.meetings.find((m) => m.id === meetingId) ?? null,
    enrolled: enrolled(meetingId),
    offered: [],
    waitlist: [],
    payments: [],
  });
  const calls = stubApi((call) => {
    if (call.method === 'GET' && call.url === '/api/classes/c-1/roster') return json(200, roster('m-1'));
    if (call.method === 'GET' && call.url === '/api/classes/c-1/roster?meetingId=m-2') return json(200, roster('m-2'));
    if (call.method === 'PUT' && call.url === '/api/classes/c-1/meetings/m-1/attendance') {
      const body = call.body as { dogId: string; status: 'present' | 'absent'; note: string | null };
      marks.set(body.dogId, { status: body.status, note: body.note });
      return json(200, { attendance: { ...body, meetingId: 'm-1' } });
    }
    return json(404, { error: { message: 'Not found' } });
  });
  renderAt('/dashboard/classes/c-1/roster', '/dashboard/classes/:id/roster', <ClassRosterPage />);
  return calls;
}

const table = () => screen.getByRole('table', { name: 'Attendance' });
const rowOf = (dog: string) => within(table()).getByText(dog).closest('tr') as HTMLElement;
/** The Attendance column of a dog's row (the Mark column's buttons say Present and Absent too). */
const markOf = (dog: string) => rowOf(dog).querySelectorAll('th, td')[5]?.textContent;

describe('the roster per meeting', () => {
  it("opens on the server's meeting with each dog's contacts, vaccinations, mark and note", async () => {
    setup();
    await screen.findByRole('table', { name: 'Attendance' });
    expect(screen.getByText(/^Meeting 1: /)).toBeInTheDocument();
    const biscuit = rowOf('Biscuit');
    expect(within(biscuit).getByText('Maria Lopez')).toBeInTheDocument();
    expect(within(biscuit).getByRole('link', { name: 'maria@example.com' })).toBeInTheDocument();
    expect(within(biscuit).getByText('(941) 555-0111')).toBeInTheDocument();
    expect(within(biscuit).getByText('In order')).toBeInTheDocument();
    expect(markOf('Biscuit')).toBe('Present');
    expect(within(biscuit).getByText('Great focus.')).toBeInTheDocument();
    const rex = rowOf('Rex');
    expect(within(rex).getByText('Rabies expired, DHPP missing')).toBeInTheDocument();
    expect(markOf('Rex')).toBe('Not marked');
  });

  it('picks another meeting; one not started yet cannot be marked', async () => {
    const calls = setup();
    await screen.findByRole('table', { name: 'Attendance' });
    await userEvent.click(screen.getByText(/^Meeting 1: /));
    await userEvent.click(await screen.findByRole('option', { name: /^Meeting 2: / }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/classes/c-1/roster?meetingId=m-2')).toBe(true));
    expect(await screen.findByText(/its attendance can be marked once it starts/)).toBeInTheDocument();
    await waitFor(() => expect(markOf('Biscuit')).toBe('Not marked'));
    expect(within(rowOf('Biscuit')).getByRole('button', { name: 'Mark Biscuit present' })).toBeDisabled();
    expect(within(rowOf('Rex')).getByRole('button', { name: 'Note for Rex' })).toBeDisabled();
  });

  it('marks a dog absent, keeping its note, and writes a note for another', async () => {
    const calls = setup();
    await screen.findByRole('table', { name: 'Attendance' });
    expect(within(rowOf('Biscuit')).getByRole('button', { name: 'Mark Biscuit present' })).toBeDisabled();
    await userEvent.click(within(rowOf('Biscuit')).getByRole('button', { name: 'Mark Biscuit absent' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        dogId: 'd-1',
        status: 'absent',
        note: 'Great focus.',
      }),
    );
    await waitFor(() => expect(markOf('Biscuit')).toBe('Absent'));

    await userEvent.click(within(rowOf('Rex')).getByRole('button', { name: 'Note for Rex' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Absent' }));
    await userEvent.click(within(dialog).getByRole('textbox'));
    await userEvent.paste('  Practise the recall at home.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      dogId: 'd-2',
      status: 'absent',
      note: 'Practise the recall at home.',
    });
    await waitFor(() => expect(within(rowOf('Rex')).getByText('Practise the recall at home.')).toBeInTheDocument());
  });
});
