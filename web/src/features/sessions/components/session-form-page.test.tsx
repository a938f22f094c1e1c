import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dog } from '#shared/contracts/client-options';
import { NO_CREDITS_WARNING } from '#shared/contracts/credit-options';
import { type HomeworkOption, SERIES_TEXTS, type SessionView } from '#shared/contracts/session-options';
import {
  type ApiCall,
  client,
  json,
  location,
  params,
  renderAt,
  SHOWN,
  session,
  sessionAt,
  stubApi,
} from '../test/harness';
import { groupHomework, SessionFormPage } from './session-form-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const MARIA = client();
const TOM = client({ id: 'c-2', firstName: 'Tom', lastName: 'Baker', email: 'tom@example.com' });
/** A client far down a big book: only the server's search finds her (the first page never reaches her). */
const ZELDA = client({ id: 'c-1500', firstName: 'Zelda', lastName: 'Quist', email: 'zelda@example.com' });

const dog = (over: Partial<Dog> = {}): Dog => ({
  id: 'd-1',
  profileId: 'c-1',
  name: 'Biscuit',
  breed: 'Cockapoo',
  birthDate: '2024-01-15',
  trainingAnalytics: { totalSessions: 0 },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});
const BISCUIT = dog();
const PEPPER = dog({ id: 'd-2', name: 'Pepper', breed: 'Beagle' });
const REX = dog({ id: 'd-3', name: 'Rex', breed: 'Boxer', profileId: 'c-2' });

const homework = (over: Partial<HomeworkOption> = {}): HomeworkOption => ({
  id: 'm-1',
  subject: 'Week 1: sit and stay',
  messageType: 'homework',
  preview: 'Practise sit for five minutes twice a day.',
  sentAt: '2026-02-20T15:00:00.000Z',
  ...over,
});
const HOMEWORK = [
  homework({ id: 'm-3', subject: 'Great first session', messageType: 'feedback' }),
  homework({ id: 'm-4', subject: 'Bring treats', messageType: 'appointment' }),
  homework(),
  homework({ id: 'm-2', subject: 'Week 2: recall' }),
];

/** The clock: 2026-03-01, a week before the US switches to daylight saving time (2026-03-08). */
const NOW = new Date('2026-03-01T17:00:00.000Z');

interface Answers {
  post?: (call: ApiCall) => Response;
  put?: (call: ApiCall) => Response;
  daySessions?: SessionView[];
  existing?: SessionView | Response;
  defaultSessionDuration?: number;
  /** Session credits per client id (GET /api/clients/{id}/credits). */
  credits?: Record<string, number>;
  /** A dog's vaccination records and the required vaccines (GET /api/dogs/{id}/vaccinations). */
  vaccinations?: { items: { vaccine: string; expiresOn: string }[]; required: string[] };
}

function setup(url = '/dashboard/sessions/create', answers: Answers = {}) {
  vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const calls = stubApi((call) => {
    const { method, url: u } = call;
    if (method === 'POST') return answers.post?.(call) ?? json(201, { session: session({ id: 's-new' }) });
    if (method === 'PUT') return answers.put?.(call) ?? json(200, { session: session() });
    if (u.startsWith('/api/clients?')) {
      const { search, cursor } = params(u);
      if (cursor) return json(200, { items: [], cursor: null });
      if (search) return json(200, { items: search === 'zel' ? [ZELDA] : [], cursor: null });
      return json(200, { items: [MARIA, TOM], cursor: 'more' });
    }
    if (u.startsWith('/api/clients/c-1500/dogs')) return json(200, { items: [], cursor: null });
    if (u.startsWith('/api/clients/c-1500/homework')) return json(200, { items: [] });
    if (u.startsWith('/api/clients/c-1/dogs')) return json(200, { items: [BISCUIT, PEPPER], cursor: null });
    if (u.startsWith('/api/clients/c-2/dogs')) return json(200, { items: [REX], cursor: null });
    if (u.startsWith('/api/clients/c-1/homework')) return json(200, { items: HOMEWORK });
    if (u.startsWith('/api/clients/c-2/homework')) return json(200, { items: [] });
    const credits = /^\/api\/clients\/([^/]+)\/credits$/.exec(u);
    if (credits && answers.credits?.[credits[1]] !== undefined)
      return json(200, { credits: { balance: answers.credits[credits[1]] } });
    if (u.startsWith('/api/clients/c-1')) return json(200, { client: MARIA, sessions: [] });
    if (u === '/api/clients/c-2') return json(200, { client: TOM, sessions: [] });
    if (/^\/api\/dogs\/[^/]+\/vaccinations$/.test(u))
      return json(200, answers.vaccinations ?? { items: [], required: [] });
    if (u.startsWith('/api/dogs/d-2')) return json(200, { dog: PEPPER });
    if (u.startsWith('/api/sessions?')) return json(200, { items: answers.daySessions ?? [], cursor: null });
    if (u.startsWith('/api/settings/business') && answers.defaultSessionDuration)
      return json(200, { settings: { defaultSessionDuration: answers.defaultSessionDuration } });
    if (u.startsWith('/api/sessions/s-1')) {
      const e = answers.existing ?? session();
      return e instanceof Response ? e : json(200, { session: e });
    }
    return json(404, { error: { message: 'Not found' } });
  });
  const path = url.includes('/edit') ? '/dashboard/sessions/:id/edit' : '/dashboard/sessions/create';
  renderAt(url, path, <SessionFormPage />);
  return { user, calls };
}

type User = ReturnType<typeof userEvent.setup>;

const trigger = (label: RegExp) => screen.getByRole('button', { name: label });

async function choose(user: User, label: RegExp, option: RegExp | string) {
  await user.click(trigger(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fill(user: User, date = '2026-03-09', time = '1000') {
  await choose(user, /^Client/, /Maria Lopez/);
  await choose(user, /^Dog/, /Biscuit/);
  await user.type(screen.getByLabelText('Date'), date);
  await user.type(screen.getByLabelText('Time'), time);
}

const LATER = 'Also change the later sessions of this series';
const writes = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' || c.method === 'PUT');

afterEach(() => vi.useRealTimers());

describe('session form', () => {
  it('asks for the required fields before saving anything', async () => {
    const { user, calls } = setup();
    expect(screen.getByRole('heading', { name: 'Schedule Session' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(screen.getByText('Please fill in all required fields')).toBeInTheDocument();
    await choose(user, /^Client/, /Maria Lopez/);
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(screen.getByText('Please fill in all required fields')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('starts with Training, 60 minutes, and Dog and Relevant Homework disabled until a client is chosen', async () => {
    const { user } = setup();
    expect(trigger(/^Session Type/)).toHaveTextContent('Training');
    expect(trigger(/^Duration/)).toHaveTextContent('60 minutes');
    expect(trigger(/^Dog/)).toBeDisabled();
    expect(trigger(/^Relevant Homework/)).toBeDisabled();
    await user.click(trigger(/^Duration/));
    const durations = (await screen.findAllByRole('option')).map((o) => o.textContent?.match(/^\d+ minutes/)?.[0]);
    expect(durations).toEqual(['30 minutes', '45 minutes', '60 minutes', '90 minutes', '120 minutes']);
    await user.keyboard('{Escape}');
    await choose(user, /^Client/, /Maria Lopez/);
    expect(trigger(/^Dog/)).toBeEnabled();
    expect(trigger(/^Relevant Homework/)).toBeEnabled();
  });

  it("starts at the business's default duration when the form offers it", async () => {
    setup('/dashboard/sessions/create', { defaultSessionDuration: 90 });
    await waitFor(() => expect(trigger(/^Duration/)).toHaveTextContent('90 minutes'));
  });

  it("lists the client's dogs, and changing the client clears the dog and the homework", async () => {
    const { user } = setup();
    await choose(user, /^Client/, /Maria Lopez/);
    await choose(user, /^Dog/, /Pepper/);
    await choose(user, /^Relevant Homework/, /Week 2: recall/);
    expect(trigger(/^Dog/)).toHaveTextContent('Pepper');
    expect(trigger(/^Relevant Homework/)).toHaveTextContent('Week 2: recall');
    // The chosen message's preview stays shown once the list has closed.
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByTestId('homework-preview')).toHaveTextContent('Practise sit for five minutes twice a day.');

    await choose(user, /^Client/, /Tom Baker/);
    expect(trigger(/^Dog/)).not.toHaveTextContent('Pepper');
    expect(trigger(/^Dog/)).toHaveTextContent('Choose a dog');
    expect(trigger(/^Relevant Homework/)).toHaveTextContent('No homework');
    await user.click(trigger(/^Dog/));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options.join()).toMatch(/Rex/);
    expect(options.join()).not.toMatch(/Biscuit|Pepper/);
  });

  it('groups homework by type: homework first, then the others alphabetically, with a preview', () => {
    const long = 'x'.repeat(250);
    const groups = groupHomework([...HOMEWORK, homework({ id: 'm-9', messageType: 'general', preview: long })]);
    expect(groups.map((g) => g.label)).toEqual([
      'Homework Assignment',
      'Appointment Related',
      'General',
      'Session Feedback',
    ]);
    expect(groups[0].options.map((o) => o.label)).toEqual(['Week 1: sit and stay', 'Week 2: recall']);
    expect(groups[2].options[0].description).toBe(`${'x'.repeat(200)}...`);
  });

  it('schedules in Eastern Time, sent as UTC, on either side of the daylight saving change', async () => {
    const { user, calls } = setup();
    await fill(user, '2026-03-07', '1000');
    await choose(user, /^Session Type/, 'Evaluation');
    await choose(user, /^Duration/, '90 minutes');
    await user.type(screen.getByLabelText('Session Notes'), '  Bring a long line  ');
    await choose(user, /^Relevant Homework/, /Week 1: sit and stay/);
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    await screen.findByText('Session scheduled successfully!', SHOWN);
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      url: '/api/sessions',
      body: {
        clientId: 'c-1',
        dogId: 'd-1',
        // EST (UTC-5) before 2026-03-08.
        scheduledAt: '2026-03-07T15:00:00.000Z',
        durationMinutes: 90,
        sessionType: 'evaluation',
        notes: 'Bring a long line',
        homeworkAssigned: 'm-1',
      },
    });
  });

  it('after the change to daylight time, 10:00 ET is 14:00 UTC; then returns to the list after 2 s', async () => {
    const { user, calls } = setup();
    await fill(user, '2026-03-09', '1000');
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(await screen.findByText('Session scheduled successfully!', SHOWN)).toBeInTheDocument();
    expect(writes(calls)[0].body).toEqual({
      clientId: 'c-1',
      dogId: 'd-1',
      scheduledAt: '2026-03-09T14:00:00.000Z',
      durationMinutes: 60,
      sessionType: 'training',
      notes: null,
      homeworkAssigned: null,
    });
    expect(screen.getByRole('button', { name: 'Schedule Session' })).toBeDisabled();
    await vi.advanceTimersByTimeAsync(1900);
    expect(location()).toBe('/dashboard/sessions/create');
    await vi.advanceTimersByTimeAsync(200);
    await waitFor(() => expect(location()).toBe('/dashboard/sessions'));
  });

  it('shows Saving... while it saves', async () => {
    let release: (r: Response) => void = () => undefined;
    const { user } = setup(undefined, { post: () => new Promise<Response>((r) => (release = r)) as never });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeInTheDocument();
    release(json(201, { session: session() }));
    await screen.findByText('Session scheduled successfully!', SHOWN);
  });

  it('says Failed to schedule session when saving fails, and stays', async () => {
    const { user } = setup(undefined, { post: () => json(500, { error: { message: 'boom' } }) });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(await screen.findByText('Failed to schedule session', SHOWN)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(2500);
    expect(location()).toBe('/dashboard/sessions/create');
    expect(screen.getByRole('button', { name: 'Schedule Session' })).toBeEnabled();
  });

  it('refuses a date before today', async () => {
    const { user, calls } = setup();
    await fill(user, '2026-02-27', '1000');
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(screen.getByText('Choose today or a later date')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('edits a session: starts from its values, sends PUT, says so and returns after 2 s', async () => {
    const existing = session({
      scheduledAt: '2026-03-10T18:30:00.000Z',
      endsAt: '2026-03-10T19:15:00.000Z',
      durationMinutes: 45,
      sessionType: 'follow_up',
      notes: 'Loose-leash walking',
      homeworkAssigned: 'm-2',
    });
    const { user, calls } = setup('/dashboard/sessions/s-1/edit', { existing });
    expect(await screen.findByRole('heading', { name: 'Edit Session' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Date')).toHaveValue('2026-03-10'));
    expect(screen.getByLabelText('Time')).toHaveValue('14:30');
    expect(trigger(/^Client/)).toHaveTextContent('Maria Lopez');
    expect(trigger(/^Dog/)).toHaveTextContent('Biscuit');
    expect(trigger(/^Session Type/)).toHaveTextContent('Follow-up');
    expect(trigger(/^Duration/)).toHaveTextContent('45 minutes');
    expect(screen.getByLabelText('Session Notes')).toHaveValue('Loose-leash walking');
    await waitFor(() => expect(trigger(/^Relevant Homework/)).toHaveTextContent('Week 2: recall'));

    await user.clear(screen.getByLabelText('Time'));
    await user.type(screen.getByLabelText('Time'), '1600');
    await user.click(screen.getByRole('button', { name: 'Update Session' }));
    expect(await screen.findByText('Session updated successfully!', SHOWN)).toBeInTheDocument();
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      url: '/api/sessions/s-1',
      body: {
        clientId: 'c-1',
        dogId: 'd-1',
        scheduledAt: '2026-03-10T20:00:00.000Z',
        durationMinutes: 45,
        sessionType: 'follow_up',
        notes: 'Loose-leash walking',
        homeworkAssigned: 'm-2',
      },
    });
    await vi.advanceTimersByTimeAsync(2100);
    await waitFor(() => expect(location()).toBe('/dashboard/sessions'));
  });

  it('says Failed to update session when the update fails', async () => {
    const { user } = setup('/dashboard/sessions/s-1/edit', { put: () => json(500, { error: { message: 'boom' } }) });
    await waitFor(() => expect(screen.getByLabelText('Date')).toHaveValue('2026-03-09'));
    await user.click(screen.getByRole('button', { name: 'Update Session' }));
    expect(await screen.findByText('Failed to update session', SHOWN)).toBeInTheDocument();
  });

  it('shows an unknown homework id that looks like a UUID as deleted', async () => {
    setup('/dashboard/sessions/s-1/edit', {
      existing: session({ homeworkAssigned: '6f1c2b7a-9d3e-4c1f-8a2b-0e5d7c9b1a23' }),
    });
    await waitFor(() =>
      expect(trigger(/^Relevant Homework/)).toHaveTextContent('(Message not found - may have been deleted)'),
    );
  });

  it("names a saved homework message older than the picker's list by its subject, with its preview", async () => {
    setup('/dashboard/sessions/s-1/edit', {
      existing: session({
        homeworkAssigned: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        homework: { subject: 'Crate games (from last year)', content: 'Ten minutes of crate games a day.' },
      }),
    });
    await waitFor(() => expect(trigger(/^Relevant Homework/)).toHaveTextContent('Crate games (from last year)'));
    expect(trigger(/^Relevant Homework/)).not.toHaveTextContent('Message not found');
    expect(screen.getByTestId('homework-preview')).toHaveTextContent('Ten minutes of crate games a day.');
  });

  it('shows any other unknown homework value as it is', async () => {
    setup('/dashboard/sessions/s-1/edit', { existing: session({ homeworkAssigned: 'legacy-42' }) });
    await waitFor(() => expect(trigger(/^Relevant Homework/)).toHaveTextContent('legacy-42'));
  });

  it('says Failed to load session details when the session cannot be read', async () => {
    setup('/dashboard/sessions/s-1/edit', { existing: json(500, { error: { message: 'boom' } }) });
    expect(await screen.findByText('Failed to load session details')).toBeInTheDocument();
  });

  it("finds a client by what the trainer types through the server's search, not in the loaded pages", async () => {
    const { user, calls } = setup();
    await user.click(trigger(/^Client/));
    expect(await screen.findByRole('option', { name: /Maria Lopez/ })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search clients'), 'zel');
    await user.click(await screen.findByRole('option', { name: /Zelda Quist/ }));
    expect(trigger(/^Client/)).toHaveTextContent('Zelda Quist');
    const searches = calls.filter((c) => c.url.startsWith('/api/clients?') && c.url.includes('search='));
    // Debounced: one request for the whole word, none per keystroke, and only active clients.
    expect(searches.map((c) => params(c.url))).toEqual([expect.objectContaining({ filter: 'active', search: 'zel' })]);
  });

  it('says so when no active client matches the search', async () => {
    const { user } = setup();
    await user.click(trigger(/^Client/));
    await user.type(screen.getByLabelText('Search clients'), 'nobody');
    expect(await screen.findByText('No active clients match "nobody"')).toBeInTheDocument();
  });

  it('says Failed to load clients when the client list cannot load', async () => {
    const user = userEvent.setup();
    stubApi(() => json(500, { error: { message: 'boom' } }));
    renderAt('/dashboard/sessions/create', '/dashboard/sessions/create', <SessionFormPage />);
    await user.click(trigger(/^Client/));
    expect(await screen.findByText('Failed to load clients')).toBeInTheDocument();
  });

  it('preselects ?dog= and its client', async () => {
    setup('/dashboard/sessions/create?dog=d-2');
    await waitFor(() => expect(trigger(/^Dog/)).toHaveTextContent('Pepper'));
    expect(trigger(/^Client/)).toHaveTextContent('Maria Lopez');
  });

  it('preselects ?client= and, when they have only one dog, that dog (a quick action of the client book)', async () => {
    const { user, calls } = setup('/dashboard/sessions/create?client=c-2');
    await waitFor(() => expect(trigger(/^Dog/)).toHaveTextContent('Rex'));
    expect(trigger(/^Client/)).toHaveTextContent('Tom Baker');
    await user.type(screen.getByLabelText('Date'), '2026-03-09');
    await user.type(screen.getByLabelText('Time'), '1000');
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(await screen.findByText('Session scheduled successfully!', SHOWN)).toBeInTheDocument();
    expect(writes(calls)[0].body).toMatchObject({ clientId: 'c-2', dogId: 'd-3' });
  });

  it('preselects ?client= with several dogs and leaves the dog to choose', async () => {
    setup('/dashboard/sessions/create?client=c-1');
    await waitFor(() => expect(trigger(/^Client/)).toHaveTextContent('Maria Lopez'));
    await waitFor(() => expect(trigger(/^Dog/)).toBeEnabled());
    expect(trigger(/^Dog/)).toHaveTextContent('Choose a dog');
  });

  it('warns about an overlapping session that day, and still saves', async () => {
    const clash = sessionAt('2026-03-09T14:30:00.000Z', {
      id: 's-9',
      clientName: 'Tom Baker',
      dogName: 'Rex',
    });
    const cancelled = sessionAt('2026-03-09T14:00:00.000Z', { id: 's-8', status: 'cancelled', dogName: 'Ghost' });
    const { user, calls } = setup(undefined, { daySessions: [clash, cancelled] });
    await fill(user, '2026-03-09', '1000');
    expect(await screen.findByText('This time overlaps another session')).toBeInTheDocument();
    expect(screen.getByText('Tom Baker with Rex, 10:30 AM - 11:30 AM ET (Training)')).toBeInTheDocument();
    expect(screen.queryByText(/Ghost/)).not.toBeInTheDocument();
    // The day in New York (UTC-4 that day), padded by the longest duration (120 minutes) on both sides.
    const day = calls.find((c) => c.url.startsWith('/api/sessions?'));
    expect(params(day?.url ?? '')).toMatchObject({
      from: '2026-03-09T02:00:00.000Z',
      to: '2026-03-10T06:00:00.000Z',
    });
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(await screen.findByText('Session scheduled successfully!', SHOWN)).toBeInTheDocument();
  });

  it("shows the server's clash refusal and schedules anyway with allowOverlap on request", async () => {
    const refusal = 'This time overlaps another session: Monday, March 9, 2026 at 10:30 AM ET with Rex';
    const { user, calls } = setup(undefined, {
      post: ({ body }) =>
        (body as { allowOverlap?: boolean }).allowOverlap
          ? json(201, { session: session({ id: 's-new' }) })
          : json(409, { error: { code: 'CONFLICT', message: refusal, fields: { allowOverlap: [refusal] } } }),
    });
    await fill(user, '2026-03-09', '1000');
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByText('This session clashes with another')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(1);
    expect(writes(calls)[0].body).not.toHaveProperty('allowOverlap');
    expect(location()).toBe('/dashboard/sessions/create');
    await user.click(screen.getByRole('button', { name: 'Schedule anyway' }));
    expect(await screen.findByText('Session scheduled successfully!', SHOWN)).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(2);
    expect(writes(calls)[1].body).toMatchObject({ scheduledAt: '2026-03-09T14:00:00.000Z', allowOverlap: true });
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
  });

  it('schedules a weekly series of 8 by default, and says how many were scheduled', async () => {
    const { user, calls } = setup(undefined, {
      post: () =>
        json(201, {
          session: session({ id: 's-1' }),
          series: { id: 'x-1', sessions: Array.from({ length: 8 }, (_, i) => ({ id: `s-${i + 1}`, scheduledAt: '' })) },
        }),
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Every week' }));
    expect(screen.getByLabelText('Sessions')).toHaveValue(8);
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(await screen.findByText('8 sessions scheduled successfully!', SHOWN)).toBeInTheDocument();
    expect(writes(calls)[0].body).toMatchObject({ repeat: { every: 'week', count: 8 } });
  });

  it('checks the series before sending: a count out of range, a last date not after the first', async () => {
    const { user, calls } = setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Every 2 weeks' }));
    await user.clear(screen.getByLabelText('Sessions'));
    await user.type(screen.getByLabelText('Sessions'), '40');
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(await screen.findByText(SERIES_TEXTS.count)).toBeInTheDocument();
    await choose(user, /^Ends/, 'On a date');
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(await screen.findByText(SERIES_TEXTS.untilTooSoon)).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
    await user.clear(screen.getByLabelText('Last date'));
    await user.type(screen.getByLabelText('Last date'), '2026-04-20');
    await user.click(screen.getByRole('button', { name: 'Does not repeat' }));
    expect(screen.queryByLabelText('Last date')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(await screen.findByText('Session scheduled successfully!', SHOWN)).toBeInTheDocument();
    expect(writes(calls)[0].body).not.toHaveProperty('repeat');
  });

  it('offers no Repeat when editing; a session of a series can change the later ones with it', async () => {
    setup('/dashboard/sessions/s-1/edit');
    expect(await screen.findByRole('heading', { name: 'Edit Session' })).toBeInTheDocument();
    expect(screen.queryByText('Repeat')).not.toBeInTheDocument();
    expect(screen.queryByText(LATER)).not.toBeInTheDocument();
    cleanup();
    vi.useRealTimers();
    const three = ['s-1', 's-2', 's-3'].map((id) => session({ id, seriesId: 'r-1' }));
    const { user, calls } = setup('/dashboard/sessions/s-1/edit', {
      existing: three[0],
      put: () => json(200, { session: three[0], updated: three }),
    });
    await user.click(await screen.findByRole('checkbox', { name: LATER }));
    await user.click(screen.getByRole('button', { name: 'Update Session' }));
    expect(await screen.findByText('3 sessions updated successfully!', SHOWN)).toBeInTheDocument();
    expect(writes(calls)[0].body).toMatchObject({ following: true, clientId: 'c-1' });
  });

  it("shows any other 409 as the form's error, with no Schedule anyway", async () => {
    const { user } = setup(undefined, {
      post: () => json(409, { error: { code: 'CONFLICT', message: 'Something changed' } }),
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(await screen.findByText('Something changed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule anyway' })).not.toBeInTheDocument();
  });

  it('warns when the chosen client has no session credit left, not for one who has; and still saves', async () => {
    const { user, calls } = setup(undefined, { credits: { 'c-1': 0, 'c-2': 3 } });
    await choose(user, /^Client/, /Tom Baker/);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/clients/c-2/credits')).toBe(true));
    expect(screen.queryByText(NO_CREDITS_WARNING)).not.toBeInTheDocument();
    await choose(user, /^Client/, /Maria Lopez/);
    expect(await screen.findByText(NO_CREDITS_WARNING)).toBeInTheDocument();
    expect(screen.getByText(/No credits left\. You can still save this session/)).toBeInTheDocument();
    await choose(user, /^Dog/, /Biscuit/);
    await user.type(screen.getByLabelText('Date'), '2026-03-09');
    await user.type(screen.getByLabelText('Time'), '1000');
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(await screen.findByText('Session scheduled successfully!', SHOWN)).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(1);
  });

  it("warns when the dog's required vaccinations are missing or expired on the session's date; and still saves", async () => {
    const { user, calls } = setup(undefined, {
      vaccinations: {
        items: [
          { vaccine: 'rabies', expiresOn: '2026-03-08' },
          { vaccine: 'bordetella', expiresOn: '2027-03-01' },
        ],
        required: ['rabies', 'dhpp', 'bordetella'],
      },
    });
    await choose(user, /^Client/, /Maria Lopez/);
    await choose(user, /^Dog/, /Biscuit/);
    await user.type(screen.getByLabelText('Date'), '2026-03-08');
    // Rabies covers through its expiry date: on the 8th only DHPP is missing.
    expect(await screen.findByText(/not in order on the session's date: missing DHPP\./)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2026-03-09');
    expect(
      await screen.findByText(/missing DHPP; expired Rabies\. You can still save this session\./),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Time'), '1000');
    await user.click(screen.getByRole('button', { name: 'Schedule Session' }));
    expect(await screen.findByText('Session scheduled successfully!', SHOWN)).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(1);
  });

  it('says what a client owes when their balance is below 0', async () => {
    const { user } = setup(undefined, { credits: { 'c-1': -2 } });
    await choose(user, /^Client/, /Maria Lopez/);
    expect(await screen.findByText(NO_CREDITS_WARNING)).toBeInTheDocument();
    expect(screen.getByText(/No credits left \(2 sessions owed\)/)).toBeInTheDocument();
  });

  it('warns when editing an open session of a client with no credit, not a completed one', async () => {
    const open = setup('/dashboard/sessions/s-1/edit', { existing: session(), credits: { 'c-1': 0 } });
    expect(await screen.findByText(NO_CREDITS_WARNING)).toBeInTheDocument();
    cleanup();
    vi.useRealTimers();
    const done = setup('/dashboard/sessions/s-1/edit', {
      existing: session({ status: 'completed' }),
      credits: { 'c-1': 0 },
    });
    expect(await screen.findByRole('heading', { name: 'Edit Session' })).toBeInTheDocument();
    await waitFor(() => expect(done.calls.some((c) => c.url.startsWith('/api/clients/c-1/homework'))).toBe(true));
    expect(done.calls.some((c) => c.url.endsWith('/credits'))).toBe(false);
    expect(open.calls.some((c) => c.url === '/api/clients/c-1/credits')).toBe(true);
    expect(screen.queryByText(NO_CREDITS_WARNING)).not.toBeInTheDocument();
  });

  it('warns about a session still running from the evening before, past midnight', async () => {
    // 11:00 PM ET on March 9 for 120 minutes; the new one is 12:30 AM ET on March 10.
    const late = sessionAt('2026-03-10T03:00:00.000Z', { id: 's-7', clientName: 'Tom Baker', dogName: 'Rex' }, 120);
    const { user } = setup(undefined, { daySessions: [late] });
    await fill(user, '2026-03-10', '0030');
    expect(await screen.findByText('This time overlaps another session')).toBeInTheDocument();
    expect(screen.getByText('Tom Baker with Rex, 11:00 PM - 1:00 AM ET (Training)')).toBeInTheDocument();
  });
});
