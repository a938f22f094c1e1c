import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLASS_TEXTS, type ClassView } from '#shared/contracts/class-options';
import { type ApiCall, json, location, renderAt, stubApi } from '../../../testing/portal-harness';
import { klass } from '../test/fixtures';
import { ClassFormPage } from './class-form-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

/** The clock: 2026-11-20 12:00 Eastern. */
const NOW = new Date('2026-11-20T17:00:00.000Z');

function setup(url: string, answers: { save?: (call: ApiCall) => Response; existing?: ClassView } = {}) {
  vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const calls = stubApi((call) => {
    if (call.method === 'POST' || call.method === 'PUT')
      return answers.save?.(call) ?? json(call.method === 'POST' ? 201 : 200, { class: klass({ status: 'draft' }) });
    if (call.url === '/api/settings/business')
      return json(200, { settings: { requiredVaccines: ['rabies', 'bordetella'] } });
    if (call.url === '/api/classes/c-1') return json(200, { class: answers.existing ?? klass() });
    return json(404, { error: { message: 'Not found' } });
  });
  const path = url.endsWith('/edit') ? '/dashboard/classes/:id/edit' : '/dashboard/classes/create';
  renderAt(url, path, <ClassFormPage />);
  return { user, calls };
}

type User = ReturnType<typeof userEvent.setup>;

async function fill(user: User) {
  await user.type(screen.getByLabelText('Title'), 'Puppy Basics');
  await user.type(screen.getByLabelText(/^Description/), 'Sit and **stay**.');
  await user.clear(screen.getByLabelText(/^Credits/));
  await user.type(screen.getByLabelText(/^Credits/), '6');
  await user.type(screen.getByLabelText(/^Location/), 'Riverside Park');
  await user.type(screen.getByLabelText('First meeting date'), '2026-12-08');
  await user.type(screen.getByLabelText(/^Time/), '1800');
}

const writes = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' || c.method === 'PUT');

afterEach(() => vi.useRealTimers());

describe('class form', () => {
  it('creates a class: the body has every field, the first meeting in the business time zone', async () => {
    const { user, calls } = setup('/dashboard/classes/create');
    // The required vaccinations start as the business's.
    expect(await screen.findByText('Bordetella')).toBeInTheDocument();
    await fill(user);
    await user.type(screen.getByLabelText(/^Price/), '180.5');
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const [post] = writes(calls);
    expect(post.url).toBe('/api/classes');
    expect(post.body).toEqual({
      title: 'Puppy Basics',
      description: 'Sit and **stay**.',
      program: null,
      credits: 6,
      price: 180.5,
      capacity: 8,
      location: 'Riverside Park',
      online: false,
      requiredVaccines: ['rabies', 'bordetella'],
      vaccinationRule: 'warn',
      firstMeeting: '2026-12-08T23:00:00.000Z',
      durationMinutes: 60,
      weeks: 6,
    });
    await waitFor(() => expect(location()).toBe('/dashboard/classes'));
  });

  it("shows the server's message when it refuses the class", async () => {
    const { user } = setup('/dashboard/classes/create', {
      save: () =>
        json(400, {
          error: { code: 'VALIDATION', message: CLASS_TEXTS.capacity, fields: { capacity: [CLASS_TEXTS.capacity] } },
        }),
    });
    await screen.findByText('Bordetella');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect((await screen.findAllByText(CLASS_TEXTS.capacity)).length).toBeGreaterThan(0);
    expect(location()).toBe('/dashboard/classes/create');
  });

  it('checks the fields with the server texts before sending', async () => {
    const { user, calls } = setup('/dashboard/classes/create');
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(await screen.findByText(CLASS_TEXTS.title)).toBeInTheDocument();
    expect(screen.getByText(CLASS_TEXTS.locationRequired)).toBeInTheDocument();
    expect(screen.getByText(CLASS_TEXTS.firstMeeting)).toBeInTheDocument();
    await user.type(screen.getByLabelText('First meeting date'), '2026-11-01');
    await user.type(screen.getByLabelText(/^Time/), '1000');
    await user.click(screen.getByRole('checkbox', { name: /Online class/ }));
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(await screen.findByText(CLASS_TEXTS.firstMeetingPast)).toBeInTheDocument();
    expect(screen.queryByText(CLASS_TEXTS.locationRequired)).toBeNull();
    expect(writes(calls)).toHaveLength(0);
  });

  it("keeps a published class's schedule read-only and sends it unchanged", async () => {
    const { user, calls } = setup('/dashboard/classes/c-1/edit');
    expect(await screen.findByDisplayValue('Puppy Basics')).toBeInTheDocument();
    expect(screen.getByText(CLASS_TEXTS.scheduleLocked)).toBeInTheDocument();
    expect(screen.getByLabelText('First meeting date')).toBeDisabled();
    expect(screen.getByLabelText(/^Weeks/)).toBeDisabled();
    await user.clear(screen.getByLabelText(/^Capacity/));
    await user.type(screen.getByLabelText(/^Capacity/), '10');
    await user.click(screen.getByRole('button', { name: 'Save class' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const [put] = writes(calls);
    expect(put.url).toBe('/api/classes/c-1');
    expect(put.body).toMatchObject({ capacity: 10, firstMeeting: '2026-12-08T23:00:00.000Z', weeks: 6 });
  });
});
