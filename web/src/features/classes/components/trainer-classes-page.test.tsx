import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClassView } from '#shared/contracts/class-options';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { klass } from '../test/fixtures';
import { TrainerClassesPage } from './trainer-classes-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const PUPPY = klass({ seatsTaken: 3, waitlisted: 2 });
const AGILITY = klass({
  id: 'c-2',
  title: 'Agility Starter',
  status: 'draft',
  capacity: 6,
  seatsTaken: 0,
  seatsLeft: 6,
  weeks: 4,
  meetings: klass().meetings.slice(0, 4),
});

function serve(classes: ClassView[] | Response = [PUPPY, AGILITY], answers: { publish?: Response } = {}) {
  let items = classes instanceof Response ? [] : [...classes];
  return stubApi((call: ApiCall) => {
    if (call.method === 'GET' && call.url === '/api/classes')
      return classes instanceof Response ? classes : json(200, { classes: items });
    if (call.method === 'POST' && call.url === '/api/classes/c-2/publish') {
      if (answers.publish) return answers.publish;
      items = items.map((c) => (c.id === 'c-2' ? { ...c, status: 'published' } : c));
      return json(200, { class: items.find((c) => c.id === 'c-2') });
    }
    if (call.method === 'GET' && call.url === '/api/classes/c-1/roster') {
      const paid = { clientId: 'p-1', clientName: 'Maria Lopez', serviceName: 'Puppy Basics (Biscuit)' };
      return json(200, {
        class: PUPPY,
        enrolled: [],
        offered: [],
        waitlist: [],
        payments: [{ id: 'pay-1', ...paid, amountCents: 18_000, paidAt: '2026-11-20T15:00:00.000Z' }],
      });
    }
    if (call.method === 'DELETE') {
      items = items.filter((c) => !call.url.endsWith(`/${c.id}`));
      return json(204);
    }
    return json(404, { error: { message: 'Not found' } });
  });
}

const renderPage = () => renderAt('/dashboard/classes', '/dashboard/classes', <TrainerClassesPage />);
const rowOf = async (title: string) =>
  (await within(await screen.findByRole('table', { name: 'Classes' })).findByText(title)).closest('tr') as HTMLElement;

describe("the trainer's classes", () => {
  it('lists each class with its first meeting, weeks, seats, waitlist and status', async () => {
    serve();
    renderPage();
    const puppy = await rowOf('Puppy Basics');
    expect(within(puppy).getByText('Dec 8, 2026 6:00 PM ET')).toBeInTheDocument();
    expect(within(puppy).getByText('6')).toBeInTheDocument();
    expect(within(puppy).getByText('3 / 8')).toBeInTheDocument();
    expect(within(puppy).getByText('2')).toBeInTheDocument();
    expect(within(puppy).getByText('Published')).toBeInTheDocument();
    expect(within(puppy).queryByRole('button', { name: /^Publish/ })).toBeNull();
    const agility = await rowOf('Agility Starter');
    expect(within(agility).getByText('0 / 6')).toBeInTheDocument();
    expect(within(agility).getByText('Draft')).toBeInTheDocument();
    expect(within(agility).getByRole('link', { name: 'Edit Agility Starter' })).toHaveAttribute(
      'href',
      '/dashboard/classes/c-2/edit',
    );
    expect(within(agility).getByRole('link', { name: 'Roster of Agility Starter' })).toHaveAttribute(
      'href',
      '/dashboard/classes/c-2/roster',
    );
    expect(screen.getByRole('link', { name: 'Create class' })).toHaveAttribute('href', '/dashboard/classes/create');
  });

  it('says so when there is no class yet', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No classes yet.')).toBeInTheDocument();
  });

  it('says the classes could not be loaded, with the server message', async () => {
    serve(json(500, { error: { message: 'Database unavailable' } }));
    renderPage();
    expect(await screen.findByText('Failed to load classes')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it('publishes a draft', async () => {
    const calls = serve();
    renderPage();
    await userEvent.click(
      within(await rowOf('Agility Starter')).getByRole('button', { name: 'Publish Agility Starter' }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/classes/c-2/publish');
    await waitFor(async () =>
      expect(within(await rowOf('Agility Starter')).getByText('Published')).toBeInTheDocument(),
    );
  });

  it('shows why a publish was refused', async () => {
    serve(undefined, { publish: json(409, { error: { message: 'The class has no meeting left to publish' } }) });
    renderPage();
    await userEvent.click(
      within(await rowOf('Agility Starter')).getByRole('button', { name: 'Publish Agility Starter' }),
    );
    expect((await screen.findAllByText('The class has no meeting left to publish')).length).toBeGreaterThan(0);
  });

  it('deletes a class after a confirmation that says the credits go back and lists the payments to refund', async () => {
    const calls = serve();
    renderPage();
    await userEvent.click(within(await rowOf('Puppy Basics')).getByRole('button', { name: 'Delete Puppy Basics' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('3 dogs are enrolled. Enrolled clients get their credits back.');
    const refunds = await within(dialog).findByRole('list', { name: 'Payments to refund' });
    expect(refunds).toHaveTextContent('Maria Lopez: $180.00 on Nov 20, 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/classes/c-1'));
    await waitFor(() => expect(screen.queryByText('Puppy Basics')).toBeNull());
  });
});
