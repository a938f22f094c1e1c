import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, stubApi } from '../../../testing/portal-harness';
import { klass, rosterEntry } from '../test/fixtures';
import { ClassRosterPage } from './class-roster-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const ENROLLED = [
  rosterEntry(),
  rosterEntry({ id: 'e-2', dogId: 'd-2', dogName: 'Rex', clientName: 'Tom Baker', email: null, phone: null }),
];
const WAITLIST = [
  rosterEntry({ id: 'e-4', dogName: 'Pepper', status: 'waitlisted', position: 2, clientName: 'Ann Lee' }),
  rosterEntry({ id: 'e-3', dogName: 'Mochi', status: 'waitlisted', position: 1, clientName: 'Sam Park' }),
];

const cancelled: { url: string; body: unknown }[] = [];

function setup(offered: ReturnType<typeof rosterEntry>[] = []) {
  let enrolled = [...ENROLLED];
  const calls = stubApi((call) => {
    if (call.method === 'GET' && call.url === '/api/classes/c-1/roster')
      return json(200, {
        class: klass({ seatsTaken: enrolled.length, waitlisted: 2 }),
        enrolled,
        offered,
        waitlist: WAITLIST,
      });
    if (call.method === 'POST' && call.url.endsWith('/cancel')) {
      cancelled.push({ url: call.url, body: call.body });
      return json(200, { class: klass() });
    }
    if (call.method === 'DELETE') {
      enrolled = enrolled.filter((e) => !call.url.endsWith(`/${e.id}`));
      return json(200, { enrolment: { ...ENROLLED[0], status: 'cancelled' } });
    }
    return json(404, { error: { message: 'Not found' } });
  });
  renderAt('/dashboard/classes/c-1/roster', '/dashboard/classes/:id/roster', <ClassRosterPage />);
  return calls;
}

describe('class roster', () => {
  it('shows the class, its meetings, the dogs enrolled with their owners and the waitlist in order', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Roster: Puppy Basics', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('2 / 8 taken, 2 waitlisted')).toBeInTheDocument();
    const meetings = within(screen.getByRole('list', { name: 'Meetings' })).getAllByRole('listitem');
    expect(meetings).toHaveLength(6);
    expect(meetings[0]).toHaveTextContent('Tue 8 Dec 2026, 6:00 PM – 7:00 PM ET');
    const enrolled = screen.getByRole('table', { name: 'Enrolled dogs' });
    const biscuit = within(enrolled).getByText('Biscuit').closest('tr') as HTMLElement;
    expect(within(biscuit).getByText('Maria Lopez')).toBeInTheDocument();
    expect(within(biscuit).getByRole('link', { name: 'maria@example.com' })).toHaveAttribute(
      'href',
      'mailto:maria@example.com',
    );
    expect(within(biscuit).getByText('(941) 555-0111')).toBeInTheDocument();
    const waitlist = screen.getByRole('table', { name: 'Waitlist' });
    expect(
      within(waitlist)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Mochi', 'Pepper']);
  });

  it('messages the enrolled clients or the waitlist from compose, the class as the subject', async () => {
    setup();
    const enrolledLink = await screen.findByRole('link', { name: 'Message enrolled' });
    const params = new URL(enrolledLink.getAttribute('href') ?? '', 'http://x').searchParams;
    expect(params.getAll('recipient')).toEqual([...new Set(ENROLLED.map((e) => e.clientId))]);
    expect(params.get('subject')).toBe('Puppy Basics');
    const waitlistLink = screen.getByRole('link', { name: 'Message waitlist' });
    expect(new URL(waitlistLink.getAttribute('href') ?? '', 'http://x').searchParams.getAll('recipient')).toEqual([
      ...new Set(WAITLIST.map((e) => e.clientId)),
    ]);
  });

  it('cancels a meeting with the reason the clients will read', async () => {
    setup();
    const meetings = await screen.findByRole('list', { name: 'Meetings' });
    await userEvent.click(
      within(meetings).getByRole('button', { name: 'Cancel the meeting of Tue 15 Dec 2026, 6:00 PM – 7:00 PM ET' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel meeting' }));
    expect(
      within(dialog).getByText('Give the reason the clients will read (at most 500 characters)'),
    ).toBeInTheDocument();
    expect(cancelled).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Storm warning');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel meeting' }));
    await waitFor(() => expect(cancelled).toHaveLength(1));
    expect(cancelled[0].url).toMatch(/^\/api\/classes\/c-1\/meetings\/[^/]+\/cancel$/);
    expect(cancelled[0].body).toEqual({ reason: 'Storm warning' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('removes an enrolment after a confirmation', async () => {
    const calls = setup();
    const enrolled = await screen.findByRole('table', { name: 'Enrolled dogs' });
    await userEvent.click(within(enrolled).getByRole('button', { name: 'Remove Rex' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove Rex (Tom Baker) from the class?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/enrolments/e-2'));
    await waitFor(() => expect(within(enrolled).queryByText('Rex')).toBeNull());
  });

  it('shows the seats offered to the waitlist with their deadline', async () => {
    setup([
      rosterEntry({
        id: 'e-5',
        dogName: 'Juno',
        clientName: 'Lee Chan',
        status: 'offered',
        creditsUsed: 0,
        offerExpiresAt: '2026-12-01T17:00:00.000Z',
      }),
    ]);
    const offered = await screen.findByRole('table', { name: 'Seats offered' });
    const juno = within(offered).getByText('Juno').closest('tr') as HTMLElement;
    expect(within(juno).getByText(/^Dec 1, 2026,? 12:00/)).toBeInTheDocument();
    expect(within(juno).getByText('Lee Chan')).toBeInTheDocument();
  });
});
