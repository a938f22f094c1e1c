import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_TEXTS, type BookingView, type OpenTimesResponse } from '#shared/contracts/booking-options';
import type { Dog } from '#shared/contracts/client-options';
import { WRITE_TO_TRAINER, WRITE_TO_TRAINER_PATH } from '#shared/contracts/message-options';
import type { DogVaccinations } from '#shared/contracts/vaccination-options';
import { resetBusinessInfoForTests } from '../../../lib/business-info';
import { type ApiCall, json, params, renderAt, SHOWN, stubApi } from '../test/harness';
import { BookSession } from './book-session';
import { MyBookings } from './my-bookings';

// The client's own zone, where open times are shown, is not the business's (America/New_York); set before
// the screen's formatters are made.
const zone = vi.hoisted(() => {
  const before = process.env.TZ;
  process.env.TZ = 'America/Los_Angeles';
  return { before };
});
afterAll(() => {
  if (zone.before === undefined) delete process.env.TZ;
  else process.env.TZ = zone.before;
});

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

/** The clock: Tuesday 2026-03-10, 9:00 AM in Los Angeles (PDT, UTC−7). */
const NOW = new Date('2026-03-10T16:00:00.000Z');

const dog = (id: string, name: string): Dog => ({
  id,
  profileId: 'c-1',
  name,
  breed: 'Cockapoo',
  birthDate: '2022-05-01',
  trainingAnalytics: { totalSessions: 0 },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const DOGS = [dog('d-1', 'Biscuit'), dog('d-2', 'Pepper')];

const OPEN: OpenTimesResponse = {
  timeZone: 'America/New_York',
  bookableTypes: [
    { sessionType: 'training', durationMinutes: 60 },
    { sessionType: 'evaluation', durationMinutes: 90 },
  ],
  sessionType: 'training',
  durationMinutes: 60,
  from: '2026-03-10T16:00:00.000Z',
  to: '2026-04-07T16:00:00.000Z',
  times: [
    '2026-03-12T16:00:00.000Z',
    '2026-03-12T17:30:00.000Z',
    // 10:00 PM on Thursday in Los Angeles, Friday already in UTC and in the business's zone.
    '2026-03-13T05:00:00.000Z',
    '2026-03-13T16:00:00.000Z',
  ],
};
const EVALUATION: OpenTimesResponse = {
  ...OPEN,
  sessionType: 'evaluation',
  durationMinutes: 90,
  times: ['2026-03-16T20:00:00.000Z'],
};

const booking = (over: Partial<BookingView> = {}): BookingView => ({
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

interface Answers {
  open?: (call: ApiCall) => Response | Promise<Response>;
  credits?: { balance: number; held: number };
  vaccinations?: (dogId: string) => DogVaccinations;
  request?: (call: ApiCall) => Response;
  bookings?: BookingView[];
  cancel?: (call: ApiCall) => Response;
}

const NO_GAPS: DogVaccinations = { items: [], required: [] };

function setup(answers: Answers = {}, screenUnderTest = <BookSession />) {
  vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const calls = stubApi((call) => {
    const { method, url } = call;
    if (method === 'POST' && url === '/api/me/bookings')
      return answers.request?.(call) ?? json(201, { booking: booking({ ...(call.body as object) }) });
    if (method === 'POST' && url.endsWith('/cancel'))
      return answers.cancel?.(call) ?? json(200, { booking: booking({ status: 'cancelled' }) });
    if (url.startsWith('/api/me/open-times?'))
      return answers.open?.(call) ?? json(200, params(url).sessionType === 'evaluation' ? EVALUATION : OPEN);
    if (url.startsWith('/api/me/dogs?')) return json(200, { items: DOGS, cursor: null });
    if (url === '/api/me/credits') return json(200, { credits: answers.credits ?? { balance: 3, held: 0 } });
    if (url === '/api/me/bookings') return json(200, { items: answers.bookings ?? [] });
    if (url === '/api/public/business')
      return json(200, {
        name: 'Happy Tails',
        phone: '(941) 555-0177',
        email: 'desk@happytails.test',
        timeZone: 'America/New_York',
      });
    const vaccinations = /^\/api\/dogs\/([^/]+)\/vaccinations$/.exec(url);
    if (vaccinations) return json(200, answers.vaccinations?.(vaccinations[1]) ?? NO_GAPS);
    return json(404, { error: { message: 'Not found' } });
  });
  renderAt('/sessions', '/sessions', screenUnderTest);
  return { user, calls };
}

const openTimeCalls = (calls: ApiCall[]) => calls.filter((c) => c.url.startsWith('/api/me/open-times?'));
const requests = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/me/bookings');
const day = async (label: string) => within(await screen.findByRole('region', { name: label }));

afterEach(() => {
  vi.useRealTimers();
  resetBusinessInfoForTests();
});

describe('Book a session', () => {
  it('says the open times are loading until they come', async () => {
    let answer: (r: Response) => void = () => undefined;
    setup({ open: () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(await screen.findByText('Loading open times')).toBeInTheDocument();
    answer(json(200, OPEN));
    expect(await day('Thursday, March 12')).toBeTruthy();
    expect(screen.queryByText('Loading open times')).toBeNull();
  });

  it('shows the open times by day in the viewer’s own zone, with the trainer’s zone named', async () => {
    const { calls } = setup();
    const thursday = await day('Thursday, March 12');
    expect(thursday.getAllByRole('button').map((b) => b.textContent)).toEqual(['9:00 AM', '10:30 AM', '10:00 PM']);
    expect((await day('Friday, March 13')).getAllByRole('button').map((b) => b.textContent)).toEqual(['9:00 AM']);
    expect(screen.getByRole('heading', { name: 'Book a session' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Times are shown in your time zone (America/Los_Angeles). The trainer works in America/New_York.',
      ),
    ).toBeInTheDocument();
    expect(params(openTimeCalls(calls)[0].url)).toEqual({ weeks: '4' });
    // The first dog and the type the times are for are chosen; the credits are shown.
    expect(screen.getByText('Biscuit')).toBeInTheDocument();
    expect(screen.getByText('Training (60 min)')).toBeInTheDocument();
    expect(await screen.findByText('3 credits left')).toBeInTheDocument();
  });

  /** The empty state's offer: a conversation in the portal, an e-mail to the business's address (with a subject) and its phone. */
  const expectMessageOffer = async () => {
    expect(await screen.findByText(BOOKING_TEXTS.noOpenTimes)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: WRITE_TO_TRAINER })).toHaveAttribute('href', WRITE_TO_TRAINER_PATH);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: BOOKING_TEXTS.messageTrainer })).toHaveAttribute(
        'href',
        'mailto:desk@happytails.test?subject=Booking%20a%20session',
      ),
    );
    expect(screen.getByRole('link', { name: 'Call (941) 555-0177' })).toHaveAttribute('href', 'tel:+19415550177');
  };

  it('says there is nothing to book and offers a message to the trainer when nothing is bookable online', async () => {
    const { calls } = setup({ open: () => json(200, { ...OPEN, bookableTypes: [], sessionType: null, times: [] }) });
    await waitFor(() => expect(openTimeCalls(calls)).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'Book a session' })).toBeInTheDocument();
    await expectMessageOffer();
    expect(screen.queryByRole('button', { name: /Choose a dog|Biscuit/ })).toBeNull();
  });

  it('says when there is no open time and offers a message to the trainer', async () => {
    setup({ open: () => json(200, { ...OPEN, times: [] }) });
    await expectMessageOffer();
    expect(screen.queryByRole('region', { name: 'Open times' })).toBeNull();
  });

  it('says when the open times cannot be loaded', async () => {
    setup({ open: () => json(500, { error: { message: 'Internal error' } }) });
    expect(await screen.findByText(BOOKING_TEXTS.loadFailed)).toBeInTheDocument();
  });

  it('requests a chosen time for the chosen dog and type, and says the trainer will confirm it', async () => {
    const { user, calls } = setup();
    await user.click((await day('Thursday, March 12')).getByRole('button', { name: '10:30 AM' }));
    expect(screen.getByText('Request Thursday, March 12, 10:30 AM?')).toBeInTheDocument();
    expect(screen.getByText('Biscuit, Training, 60 minutes.')).toBeInTheDocument();
    // Back leaves the time unchosen and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByText(/^Request Thursday/)).toBeNull();

    await user.click(screen.getByRole('button', { name: /Dog/ }));
    await user.click(await screen.findByRole('option', { name: 'Pepper' }));
    await user.click((await day('Thursday, March 12')).getByRole('button', { name: '10:00 PM' }));
    expect(screen.getByText('Pepper, Training, 60 minutes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request this time' }));

    expect(await screen.findByText(BOOKING_TEXTS.requested, SHOWN)).toBeInTheDocument();
    expect(requests(calls)).toHaveLength(1);
    expect(requests(calls)[0].body).toEqual({
      dogId: 'd-2',
      sessionType: 'training',
      scheduledAt: '2026-03-13T05:00:00.000Z',
    });
    expect(screen.queryByRole('button', { name: 'Request this time' })).toBeNull();
    // The open times and the credits are read again.
    await waitFor(() => expect(openTimeCalls(calls)).toHaveLength(2));
  });

  it('says the session is booked when the business confirms at once', async () => {
    const { user } = setup({
      request: () => json(201, { booking: booking({ status: 'approved', sessionId: 's-9' }) }),
    });
    await user.click((await day('Friday, March 13')).getByRole('button', { name: '9:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    expect(await screen.findByText(BOOKING_TEXTS.confirmed, SHOWN)).toBeInTheDocument();
  });

  it('asks for the open times of another type, and forgets the time chosen', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { user, calls } = setup({
      open: ({ url }) =>
        params(url).sessionType === 'evaluation'
          ? new Promise<Response>((resolve) => (answer = resolve))
          : json(200, OPEN),
    });
    await user.click((await day('Thursday, March 12')).getByRole('button', { name: '9:00 AM' }));
    await user.click(screen.getByRole('button', { name: /Session type/ }));
    await user.click(await screen.findByRole('option', { name: 'Evaluation (90 min)' }));
    // Until they come, the training times are not offered as the evaluation's.
    expect(await screen.findByText('Loading open times')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Thursday, March 12' })).toBeNull();
    expect(screen.getByText('Evaluation (90 min)')).toBeInTheDocument();
    answer(json(200, EVALUATION));
    const monday = await day('Monday, March 16');
    expect(monday.getAllByRole('button').map((b) => b.textContent)).toEqual(['1:00 PM']);
    expect(params(openTimeCalls(calls).at(-1)?.url as string)).toEqual({ weeks: '4', sessionType: 'evaluation' });
    expect(screen.queryByText(/^Request Thursday/)).toBeNull();
    await user.click(monday.getByRole('button', { name: '1:00 PM' }));
    expect(screen.getByText('Biscuit, Evaluation, 90 minutes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    await waitFor(() =>
      expect(requests(calls)[0]?.body).toEqual({
        dogId: 'd-1',
        sessionType: 'evaluation',
        scheduledAt: '2026-03-16T20:00:00.000Z',
      }),
    );
  });

  it('says "That time was just taken" when another client got it first', async () => {
    const { user, calls } = setup({
      request: () => json(409, { error: { code: 'CONFLICT', message: BOOKING_TEXTS.taken } }),
    });
    await user.click((await day('Thursday, March 12')).getByRole('button', { name: '9:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    expect(await screen.findByText(BOOKING_TEXTS.taken)).toBeInTheDocument();
    expect(screen.queryByText(/^Request Thursday/)).toBeNull();
    expect(screen.queryByText(BOOKING_TEXTS.requested, SHOWN)).toBeNull();
    // The times are read again, without the one taken.
    await waitFor(() => expect(openTimeCalls(calls)).toHaveLength(2));
  });

  it('offers the single-session payment when the server finds no credit', async () => {
    const { user } = setup({
      request: () => json(409, { error: { code: 'CONFLICT', message: BOOKING_TEXTS.noCredit } }),
    });
    await user.click((await day('Thursday, March 12')).getByRole('button', { name: '9:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Request this time' }));
    expect(await screen.findByText(BOOKING_TEXTS.noCredit)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy a single session' })).toHaveAttribute(
      'href',
      '/payment?service=single_session',
    );
  });

  it('without a credit, says so, links to the payment and does not let a time be requested', async () => {
    const { user, calls } = setup({ credits: { balance: 0, held: 1 } });
    expect(await screen.findByText(BOOKING_TEXTS.noCredit)).toBeInTheDocument();
    expect(screen.getByText('No credits left (1 held by your bookings)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy a single session' })).toHaveAttribute(
      'href',
      '/payment?service=single_session',
    );
    await user.click((await day('Thursday, March 12')).getByRole('button', { name: '9:00 AM' }));
    const request = screen.getByRole('button', { name: 'Request this time' });
    expect(request).toBeDisabled();
    await user.click(request);
    expect(requests(calls)).toEqual([]);
  });

  it('warns when the dog’s required vaccinations are not in order on that day, and still lets it be requested', async () => {
    const { user } = setup({
      vaccinations: (id) => (id === 'd-1' ? { items: [], required: ['rabies'] } : NO_GAPS),
    });
    await user.click((await day('Thursday, March 12')).getByRole('button', { name: '9:00 AM' }));
    expect(
      await screen.findByText(
        "Biscuit's required vaccinations are not in order on the session's date: missing Rabies. You can still save this session.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request this time' })).toBeEnabled();
  });
});

describe('My booking requests', () => {
  const PENDING = booking();
  const APPROVED = booking({
    id: 'b-2',
    dogName: 'Pepper',
    scheduledAt: '2026-03-13T16:00:00.000Z',
    status: 'approved',
    note: 'See you at the park',
  });
  const DECLINED = booking({ id: 'b-3', scheduledAt: '2026-03-14T16:00:00.000Z', status: 'declined' });
  // Over a day in the past: no longer listed.
  const OLD = booking({ id: 'b-4', scheduledAt: '2026-03-08T16:00:00.000Z', status: 'approved' });

  const row = async (text: string) =>
    (await screen.findByText(new RegExp(text))).closest('.booking-row') as HTMLElement;

  it('lists the own requests with their status and the trainer’s note; only open ones can be cancelled', async () => {
    setup({ bookings: [PENDING, APPROVED, DECLINED, OLD] }, <MyBookings />);
    expect(await screen.findByRole('heading', { name: 'My booking requests' })).toBeInTheDocument();
    const pending = within(await row('Thursday, March 12, 9:00 AM · Biscuit · Training'));
    expect(pending.getByText('Awaiting approval')).toBeInTheDocument();
    expect(pending.getByRole('button', { name: 'Cancel booking Thursday, March 12, 9:00 AM' })).toBeInTheDocument();
    const approved = within(await row('Friday, March 13, 9:00 AM · Pepper'));
    expect(approved.getByText('Approved')).toBeInTheDocument();
    expect(approved.getByText(/Trainer's note: See you at the park/)).toBeInTheDocument();
    expect(approved.getByRole('button', { name: /^Cancel booking/ })).toBeInTheDocument();
    const declined = within(await row('Saturday, March 14'));
    expect(declined.getByText('Declined')).toBeInTheDocument();
    expect(declined.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/Sunday, March 8/)).toBeNull();
  });

  it('shows nothing without requests', async () => {
    const { calls } = setup({ bookings: [OLD] }, <MyBookings />);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/me/bookings')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'My booking requests' })).toBeNull());
  });

  it('cancels one and says whether the credit came back or was used', async () => {
    let late = false;
    const { user, calls } = setup(
      {
        bookings: [PENDING, APPROVED],
        cancel: () => json(200, { booking: booking({ status: 'cancelled', creditUsed: late }) }),
      },
      <MyBookings />,
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel booking Thursday, March 12, 9:00 AM' }));
    expect(await screen.findByText(BOOKING_TEXTS.cancelled, SHOWN)).toBeInTheDocument();
    late = true;
    await user.click(screen.getByRole('button', { name: 'Cancel booking Friday, March 13, 9:00 AM' }));
    expect(await screen.findByText(BOOKING_TEXTS.cancelledLate, SHOWN)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/me/bookings/b-1/cancel',
      '/api/me/bookings/b-2/cancel',
    ]);
  });

  it("says the server's reason when a cancellation is refused", async () => {
    const { user } = setup(
      {
        bookings: [PENDING],
        cancel: () => json(409, { error: { code: 'CONFLICT', message: BOOKING_TEXTS.cancelOnlyOpen } }),
      },
      <MyBookings />,
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel booking Thursday, March 12, 9:00 AM' }));
    expect(await screen.findByText(BOOKING_TEXTS.cancelOnlyOpen, SHOWN)).toBeInTheDocument();
  });
});
