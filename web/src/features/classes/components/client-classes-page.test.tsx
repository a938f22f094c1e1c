import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClassView, EnrolmentView } from '#shared/contracts/class-options';
import type { Dog } from '#shared/contracts/client-options';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { enrolment, klass } from '../test/fixtures';
import { ClientClassesPage } from './client-classes-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const dog = (id: string, name: string): Dog => ({
  id,
  profileId: 'p-1',
  name,
  breed: 'Boxer',
  birthDate: '2024-01-15',
  trainingAnalytics: { totalSessions: 0 },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const BISCUIT = dog('d-1', 'Biscuit');
const REX = dog('d-2', 'Rex');

const PUPPY = klass();
const FULL = klass({
  id: 'c-2',
  title: 'Reactive Rover',
  description: 'Calm on walks.',
  online: true,
  location: null,
  capacity: 4,
  seatsTaken: 4,
  seatsLeft: 0,
  waitlisted: 2,
  credits: 1,
  weeks: 1,
  meetings: klass().meetings.slice(0, 1),
});

interface Answers {
  classes?: ClassView[];
  enrolments?: EnrolmentView[];
  dogs?: Dog[];
  enrol?: (call: ApiCall) => Response;
}

function serve(answers: Answers = {}) {
  let enrolments = answers.enrolments ?? [];
  return stubApi((call) => {
    if (call.method === 'GET' && call.url === '/api/classes')
      return json(200, { classes: answers.classes ?? [PUPPY, FULL], enrolments });
    if (call.method === 'GET' && call.url.startsWith('/api/me/dogs?'))
      return json(200, { items: answers.dogs ?? [BISCUIT, REX], cursor: null });
    if (call.method === 'POST' && call.url.endsWith('/accept')) {
      const id = call.url.split('/').at(-2);
      enrolments = enrolments.map((e) => (e.id === id ? { ...e, status: 'enrolled', offerExpiresAt: null } : e));
      return json(200, { enrolment: enrolments.find((e) => e.id === id) });
    }
    if (call.method === 'POST') return answers.enrol?.(call) ?? json(404, { error: { message: 'Not found' } });
    if (call.method === 'DELETE') {
      const id = call.url.split('/').at(-1);
      const gone = enrolments.find((e) => e.id === id);
      enrolments = enrolments.filter((e) => e.id !== id);
      return json(200, { enrolment: { ...gone, status: 'cancelled' } });
    }
    return json(404, { error: { message: 'Not found' } });
  });
}

const renderPage = () => renderAt('/dashboard/classes', '/dashboard/classes', <ClientClassesPage />);
const card = async (title: string) => screen.findByRole('listitem', { name: title });

describe("the client's classes", () => {
  it('shows a cancelled meeting with its reason on the class card', async () => {
    const meetings = PUPPY.meetings.map((m, i) =>
      i === 1 ? { ...m, cancelled: { at: '2026-12-01T12:00:00.000Z', reason: 'The barn is flooded' } } : m,
    );
    serve({ classes: [{ ...PUPPY, meetings }] });
    renderPage();
    expect(
      await within(await card('Puppy Basics')).findByText(/^Cancelled: Tue 15 Dec 2026.*The barn is flooded$/),
    ).toBeInTheDocument();
  });

  it('shows each class as a card: schedule, place, credits, seats and the description', async () => {
    serve();
    renderPage();
    const puppy = await card('Puppy Basics');
    expect(within(puppy).getByText('6 weeks from Tue 8 Dec, 6:00 PM')).toBeInTheDocument();
    expect(within(puppy).getByText('Riverside Park')).toBeInTheDocument();
    expect(within(puppy).getByText('6 credits')).toBeInTheDocument();
    expect(within(puppy).getByText('5 seats left')).toBeInTheDocument();
    expect(await within(puppy).findByText('loose-lead')).toBeInTheDocument();
    const full = await card('Reactive Rover');
    expect(within(full).getByText('1 week on Tue 8 Dec, 6:00 PM')).toBeInTheDocument();
    expect(within(full).getByText('Online')).toBeInTheDocument();
    expect(within(full).getByText('Full — join the waitlist')).toBeInTheDocument();
    expect(within(full).getByRole('button', { name: 'Enrol in Reactive Rover' })).toBeDisabled();
  });

  it("scrolls to and marks the card the public page's Enrol links to", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    serve();
    renderAt('/dashboard/classes#class-c-2', '/dashboard/classes', <ClientClassesPage />);
    const full = await card('Reactive Rover');
    expect(full).toHaveClass('class-card--linked');
    expect(await card('Puppy Basics')).not.toHaveClass('class-card--linked');
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it('says so when no class is open', async () => {
    serve({ classes: [] });
    renderPage();
    expect(await screen.findByText(/No classes are open for enrolment right now/)).toBeInTheDocument();
  });

  it('enrols the chosen dog and shows the waitlist place and the warning', async () => {
    const calls = serve({
      enrol: (call) =>
        json(201, {
          enrolment: enrolment({
            id: 'e-9',
            classId: 'c-2',
            dogId: 'd-2',
            dogName: 'Rex',
            status: 'waitlisted',
            position: 3,
            creditsUsed: 0,
            ...(call.body as object),
          }),
          class: FULL,
          warning: "Rex's rabies vaccination is not on file",
        }),
    });
    renderPage();
    const full = await card('Reactive Rover');
    const button = within(full).getByRole('button', { name: 'Enrol in Reactive Rover' });
    expect(button).toBeDisabled();
    await userEvent.click(within(full).getByRole('button', { name: /Dog to enrol in Reactive Rover/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Rex' }));
    await userEvent.click(within(full).getByRole('button', { name: 'Enrol Rex in Reactive Rover' }));
    expect(await within(full).findByText('Rex is on the waitlist, place 3')).toBeInTheDocument();
    expect(within(full).getByText("Rex's rabies vaccination is not on file")).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/classes/c-2/enrolments');
    expect(post?.body).toEqual({ dogId: 'd-2' });
  });

  it('enrols the only dog straight away and shows a refusal with the server message', async () => {
    serve({
      dogs: [BISCUIT],
      enrol: () => json(409, { error: { message: 'You do not have enough session credits for this class' } }),
    });
    renderPage();
    const puppy = await card('Puppy Basics');
    await userEvent.click(await within(puppy).findByRole('button', { name: 'Enrol Biscuit in Puppy Basics' }));
    expect(await within(puppy).findByText('You do not have enough session credits for this class')).toBeInTheDocument();
  });

  it('offers a priced class with credits or paid at checkout for the chosen dog, and an offered seat the same way', async () => {
    const priced = { ...PUPPY, price: 180 };
    serve({
      dogs: [BISCUIT],
      classes: [priced],
      enrolments: [
        enrolment({ dogId: 'd-9', dogName: 'Rex', status: 'offered', offerExpiresAt: '2026-12-07T23:00:00.000Z' }),
      ],
    });
    renderPage();
    const puppy = await card('Puppy Basics');
    expect(within(puppy).getByText('$180.00 or 6 credits')).toBeInTheDocument();
    expect(
      await within(puppy).findByRole('button', { name: 'Enrol with credits for Biscuit in Puppy Basics' }),
    ).toBeEnabled();
    expect(within(puppy).getByRole('link', { name: 'Pay $180.00 for Biscuit in Puppy Basics' })).toHaveAttribute(
      'href',
      '/payment?class=c-1&dog=d-1',
    );
    expect(
      within(puppy).getByRole('button', { name: 'Take the seat with credits for Rex in Puppy Basics' }),
    ).toBeEnabled();
    expect(within(puppy).getByRole('link', { name: 'Pay $180.00 for Rex in Puppy Basics' })).toHaveAttribute(
      'href',
      '/payment?class=c-1&dog=d-9',
    );
  });

  it('shows the enrolments on their card and cancels one after a confirmation', async () => {
    const calls = serve({ enrolments: [enrolment()] });
    renderPage();
    const puppy = await card('Puppy Basics');
    const mine = within(puppy).getByRole('list', { name: 'Your enrolments in Puppy Basics' });
    expect(within(mine).getByText('Biscuit')).toBeInTheDocument();
    expect(within(mine).getByText('Enrolled')).toBeInTheDocument();
    // Biscuit is in the class already: only Rex can enrol.
    expect(await within(puppy).findByRole('button', { name: 'Enrol Rex in Puppy Basics' })).toBeEnabled();
    await userEvent.click(
      within(puppy).getByRole('button', { name: 'Cancel the enrolment of Biscuit in Puppy Basics' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel the enrolment of Biscuit in Puppy Basics?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel enrolment' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/enrolments/e-1'));
    await waitFor(() => expect(within(puppy).queryByRole('list', { name: /Your enrolments/ })).toBeNull());
  });

  describe('a seat offered from the waitlist', () => {
    // Tue 1 Dec 2026, 12:00 PM Eastern.
    const OFFER = enrolment({
      id: 'e-7',
      classId: 'c-2',
      classTitle: 'Reactive Rover',
      dogName: 'Rex',
      dogId: 'd-2',
      status: 'offered',
      creditsUsed: 0,
      offerExpiresAt: '2026-12-01T17:00:00.000Z',
    });

    it('shows the deadline and takes the seat', async () => {
      const calls = serve({ enrolments: [OFFER] });
      renderPage();
      const full = await card('Reactive Rover');
      expect(within(full).getByText('Seat offered')).toBeInTheDocument();
      expect(within(full).getByText(/^A seat is yours until Dec 1, 2026,? 12:00/)).toBeInTheDocument();
      expect(within(full).queryByRole('button', { name: /Cancel the enrolment of Rex/ })).toBeNull();
      await userEvent.click(within(full).getByRole('button', { name: 'Take the seat for Rex in Reactive Rover' }));
      await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/enrolments/e-7/accept'));
      expect(await within(full).findByText('Enrolled')).toBeInTheDocument();
      expect(within(full).queryByRole('button', { name: /Take the seat/ })).toBeNull();
    });

    it('declines the seat', async () => {
      const calls = serve({ enrolments: [OFFER] });
      renderPage();
      const full = await card('Reactive Rover');
      await userEvent.click(within(full).getByRole('button', { name: 'Decline the seat for Rex in Reactive Rover' }));
      await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/enrolments/e-7'));
      await waitFor(() => expect(within(full).queryByRole('list', { name: /Your enrolments/ })).toBeNull());
    });
  });

  it("shows the trainer's notes of their dog's marked meetings under its enrolment", async () => {
    serve({
      enrolments: [
        enrolment({
          meetings: [
            {
              meetingId: 'm-1',
              startsAt: PUPPY.meetings[0].startsAt,
              status: 'present',
              note: 'Practise sit at doors.',
            },
            { meetingId: 'm-2', startsAt: PUPPY.meetings[1].startsAt, status: 'absent', note: null },
          ],
        }),
      ],
    });
    renderPage();
    const notes = await within(await card('Puppy Basics')).findByRole('list', { name: "Biscuit's meetings" });
    const items = within(notes).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Tue 8 Dec, 6:00 PM: PresentPractise sit at doors.');
    expect(items[1]).toHaveTextContent('Tue 15 Dec, 6:00 PM: Absent');
  });
});
