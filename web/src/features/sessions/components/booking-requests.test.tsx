import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  BOOKING_NOTE_MAX,
  BOOKING_TEXTS,
  type BookingsChangedNotice,
  type BookingView,
} from '#shared/contracts/booking-options';
import { TEST_CONFIG } from '../../../lib/content/test-support';
import { RealtimeProvider } from '../../../lib/realtime-context';
import { fakeSockets } from '../../../testing/fake-socket';
import { type ApiCall, json, renderAt, SHOWN, stubApi } from '../test/harness';
import { BookingRequestsSlot } from './booking-requests-slot';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const request = (over: Partial<BookingView> = {}): BookingView => ({
  id: 'b-1',
  clientId: 'c-1',
  clientName: 'Maria Lopez',
  dogId: 'd-1',
  dogName: 'Biscuit',
  sessionType: 'training',
  scheduledAt: '2026-03-12T16:00:00.000Z',
  durationMinutes: 60,
  status: 'pending',
  createdAt: '2026-03-10T15:00:00.000Z',
  updatedAt: '2026-03-10T15:00:00.000Z',
  ...over,
});
const MARIA = request();
const TOM = request({
  id: 'b-2',
  clientId: 'c-2',
  clientName: 'Tom Baker',
  dogId: 'd-3',
  dogName: 'Rex',
  sessionType: 'evaluation',
  scheduledAt: '2026-03-13T18:30:00.000Z',
  durationMinutes: 90,
});
const ANN = request({ id: 'b-3', clientId: 'c-3', clientName: 'Ann Booker', dogName: 'Annie' });

const notice = (bookingId: string, status: BookingsChangedNotice['status']): BookingsChangedNotice => ({
  type: 'bookings.changed',
  bookingId,
  status,
});

/** The server's pending list (`state.pending`), and the approve/decline answers. */
function setup(
  answers: {
    pending?: BookingView[];
    list?: () => Response | Promise<Response>;
    decide?: (call: ApiCall) => Response;
  } = {},
) {
  const state = { pending: answers.pending ?? [MARIA, TOM] };
  const user = userEvent.setup();
  const sockets = fakeSockets();
  const calls = stubApi((call) => {
    if (call.method === 'GET' && call.url === '/api/bookings?status=pending')
      return answers.list?.() ?? json(200, { items: state.pending });
    const decided = /^\/api\/bookings\/([^/]+)\/(approve|decline)$/.exec(call.url);
    if (call.method === 'POST' && decided) {
      const answer = answers.decide?.(call);
      if (answer) return answer;
      const found = state.pending.find((b) => b.id === decided[1]) as BookingView;
      state.pending = state.pending.filter((b) => b.id !== decided[1]);
      return json(200, { booking: { ...found, status: decided[2] === 'approve' ? 'approved' : 'declined' } });
    }
    return json(404, { error: { message: 'Not found' } });
  });
  renderAt(
    '/dashboard/sessions',
    '/dashboard/sessions',
    <RealtimeProvider
      url={TEST_CONFIG.wsUrl}
      getToken={async () => 'id-token-123'}
      enabled
      createSocket={sockets.create}
    >
      <BookingRequestsSlot />
    </RealtimeProvider>,
  );
  return { user, calls, state, sockets };
}

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.url === '/api/bookings?status=pending');
const heading = () => screen.queryByRole('heading', { name: /Booking requests/ });
/** The list's header with its count of pending requests. */
const counts = (n: number) =>
  waitFor(() => expect(heading()).toHaveTextContent(new RegExp(`^Booking requests\\s*\\(${n}\\)$`)));
const row = async (client: string) =>
  (await screen.findByText(new RegExp(`^${client} · `))).closest('.booking-row') as HTMLElement;

describe("the trainer's booking requests", () => {
  it('shows nothing while the list loads, nor without pending requests', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { calls, sockets } = setup({ list: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
    expect(heading()).toBeNull();
    answer(json(200, { items: [] }));
    await sockets.sole();
    expect(heading()).toBeNull();
    expect(document.querySelector('.booking-row')).toBeNull();
  });

  it('shows nothing when the list cannot load', async () => {
    const { calls, sockets } = setup({ list: () => json(500, { error: { message: 'Internal error' } }) });
    await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
    await sockets.sole();
    expect(heading()).toBeNull();
    expect(screen.queryByText('Internal error')).toBeNull();
  });

  it('lists the pending requests with their count, time in the business zone, client, dog, type and length', async () => {
    setup();
    await counts(2);
    const maria = within(await row('Maria Lopez'));
    expect(maria.getByText('Mar 12, 2026 12:00 PM ET')).toBeInTheDocument();
    expect(maria.getByText('Maria Lopez · Biscuit · Training · 60 min')).toBeInTheDocument();
    const tom = within(await row('Tom Baker'));
    expect(tom.getByText('Mar 13, 2026 2:30 PM ET')).toBeInTheDocument();
    expect(tom.getByText('Tom Baker · Rex · Evaluation · 90 min')).toBeInTheDocument();
    expect(tom.getByRole('button', { name: 'Approve Tom Baker Mar 13, 2026 2:30 PM ET' })).toBeInTheDocument();
    expect(tom.getByRole('button', { name: 'Decline Tom Baker Mar 13, 2026 2:30 PM ET' })).toBeInTheDocument();
  });

  it('hears of a new request live: a toast, and the list and its count follow without a reload', async () => {
    const { state, calls, sockets } = setup({ pending: [] });
    await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
    const ws = await sockets.sole();
    expect(heading()).toBeNull();
    // From none: the list appears.
    state.pending = [MARIA, TOM, ANN];
    act(() => ws.push(notice('b-3', 'pending')));
    expect(await screen.findByText(BOOKING_TEXTS.newRequest, SHOWN)).toBeInTheDocument();
    await counts(3);
    expect(await row('Ann Booker')).toBeInTheDocument();

    // A request decided elsewhere (another tab, a cancellation) leaves the list without a toast.
    state.pending = [MARIA];
    const before = listCalls(calls).length;
    act(() => ws.push(notice('b-2', 'cancelled')));
    await counts(1);
    expect(listCalls(calls).length).toBe(before + 1);
    expect(screen.getAllByText(BOOKING_TEXTS.newRequest, SHOWN)).toHaveLength(1);
  });

  it('approves a request with a note to the client, says so, and the request leaves the list', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Approve Maria Lopez Mar 12, 2026 12:00 PM ET' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Approve request')).toBeInTheDocument();
    expect(dialog.getByText('Maria Lopez, Biscuit: Mar 12, 2026 12:00 PM ET')).toBeInTheDocument();
    expect(dialog.getByText(`At most ${BOOKING_NOTE_MAX} characters`)).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: 'Note to the client (optional)' }), '  See you at the park  ');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText(BOOKING_TEXTS.approved, SHOWN)).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      expect.objectContaining({ url: '/api/bookings/b-1/approve', body: { note: 'See you at the park' } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await counts(1);
    expect(screen.queryByText(/^Maria Lopez · /)).toBeNull();
  });

  it('declines a request without a note (nothing but the decision is sent), and the dialog starts empty again', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Decline Tom Baker Mar 13, 2026 2:30 PM ET' }));
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Decline request')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(BOOKING_TEXTS.declined, SHOWN)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ url: '/api/bookings/b-2/decline', body: {} }),
    ]);
    await counts(1);

    await user.click(screen.getByRole('button', { name: /^Decline Maria Lopez/ }));
    dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('textbox')).toHaveValue('');
  });

  it('closes the dialog on Cancel without sending anything', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: /^Approve Maria Lopez/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it(`keeps the note to ${BOOKING_NOTE_MAX} characters`, async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /^Approve Maria Lopez/ }));
    const note = within(await screen.findByRole('dialog')).getByRole('textbox');
    await user.click(note);
    await user.paste('x'.repeat(BOOKING_NOTE_MAX + 5));
    expect((note as HTMLTextAreaElement).value).toHaveLength(BOOKING_NOTE_MAX);
  });

  it("says the server's reason when the request was decided meanwhile, and keeps the dialog open", async () => {
    const { user } = setup({
      decide: () => json(409, { error: { code: 'CONFLICT', message: BOOKING_TEXTS.onlyPending } }),
    });
    await user.click(await screen.findByRole('button', { name: /^Approve Maria Lopez/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(BOOKING_TEXTS.onlyPending, SHOWN)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText(BOOKING_TEXTS.approved, SHOWN)).toBeNull();
  });
});
