import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, client, json, location, renderAt, stubApi } from '../../../testing/portal-harness';
import { ClientDetailPage } from './client-detail-page';
import { ClientEditPage } from './client-edit-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const MARIA = client({ notes: 'Reactive to bikes', address: '12 Palm Ave' });
// The dogs' and notes' tabs show what the app hands in for the client (app/portal/client-detail-screen.tsx).
const detail = () =>
  renderAt(
    '/dashboard/clients/c-1',
    '/dashboard/clients/:id',
    <ClientDetailPage
      dogsPanel={(clientId) => <p>Dogs of {clientId}</p>}
      notesPanel={(clientId) => <p>Notes on {clientId}</p>}
    />,
  );
const writes = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET');

/** The open select lists exactly `labels`, in this order. */
async function expectOptions(labels: string[]) {
  const options = await screen.findAllByRole('option');
  expect(options).toHaveLength(labels.length);
  for (const [i, label] of labels.entries()) expect(options[i]).toHaveAccessibleName(label);
}

describe('client detail', () => {
  it('shows the profile to the admin, the actions and an empty sessions tab', async () => {
    stubApi(() => json(200, { client: MARIA, sessions: [] }));
    detail();
    expect(await screen.findByRole('heading', { name: 'Maria Lopez', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(941) 555-0111' })).toBeInTheDocument();
    expect(screen.getByText('Reactive to bikes')).toBeInTheDocument();
    expect(screen.getByText('Mar 1, 2025 10:30 AM ET')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/dashboard/clients/c-1/edit');
    expect(screen.getByRole('link', { name: 'Add dog' })).toHaveAttribute('href', '/dashboard/clients/c-1/dogs/add');
    await userEvent.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect(await screen.findByText('No sessions yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Dogs' }));
    expect(await screen.findByText('Dogs of c-1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(await screen.findByText('Notes on c-1')).toBeInTheDocument();
  });

  it('offers Schedule session and Message for this client (issue 38); a deactivated client gets neither', async () => {
    stubApi(() => json(200, { client: MARIA, sessions: [] }));
    const view = detail();
    expect(await screen.findByRole('link', { name: 'Message' })).toHaveAttribute(
      'href',
      '/dashboard/messages/compose?recipient=c-1&from=%2Fdashboard%2Fclients%2Fc-1',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Schedule session' }));
    expect(location()).toBe('/dashboard/sessions/create?client=c-1');
    view.unmount();

    stubApi(() => json(200, { client: { ...MARIA, isActive: false }, sessions: [] }));
    detail();
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Schedule session' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
  });

  it("shows the client's session credits, and what they owe below 0", async () => {
    let balance = 3;
    const calls = stubApi(({ url }) =>
      url.endsWith('/credits') ? json(200, { credits: { balance } }) : json(200, { client: MARIA, sessions: [] }),
    );
    const first = detail();
    expect(await screen.findByText('3 credits left')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/clients/c-1/credits')).toBe(true);
    first.unmount();
    balance = -1;
    detail();
    expect(await screen.findByText('No credits left (1 session owed)')).toBeInTheDocument();
  });

  it('answers a missing client with "Client not found" and a failure with the load error', async () => {
    stubApi(() => json(404, { error: { code: 'NOT_FOUND', message: 'Client not found' } }));
    const first = detail();
    expect(await screen.findByText('Client not found')).toBeInTheDocument();
    first.unmount();
    stubApi(() => json(500, { error: { message: 'Something went wrong. Please try again.' } }));
    detail();
    expect(await screen.findByText('Error loading client information')).toBeInTheDocument();
  });

  it('deactivates after confirmation', async () => {
    const calls = stubApi(({ method }) =>
      method === 'POST'
        ? json(200, { client: { ...MARIA, isActive: false } })
        : json(200, { client: MARIA, sessions: [] }),
    );
    detail();
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    // Deactivated clients are listed under the Deactivated filter of the client book, not under All.
    expect(dialog).toHaveTextContent('you can still find them under Deactivated.');
    expect(dialog).not.toHaveTextContent('under All');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText('Client has been deactivated and removed from Client Management.'),
    ).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/clients/c-1/deactivate']);
    await waitFor(() => expect(screen.getAllByText('Deactivated').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('sends a new signup invitation and copies its link; a failure says so with the spec text', async () => {
    const user = userEvent.setup();
    const link = 'http://127.0.0.1/signup?token=t-1&email=maria%40example.com';
    let fail = false;
    const calls = stubApi(({ method }) =>
      method === 'POST'
        ? fail
          ? json(500, { error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } })
          : json(201, { invitationLink: link })
        : json(200, { client: MARIA, sessions: [] }),
    );
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    detail();
    await user.click(await screen.findByRole('button', { name: 'Send signup invitation' }));
    expect(
      await screen.findByText('Invitation link copied to clipboard - send this to Maria Lopez.'),
    ).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(link);
    expect(writes(calls).map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/clients/c-1/invitation']);

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Send signup invitation' }));
    expect(await screen.findByText('Failed to create signup invitation. Please try again.')).toBeInTheDocument();
  });

  it('offers no invitation to a client who completed signup', async () => {
    stubApi(() => json(200, { client: { ...MARIA, signupCompletedAt: '2026-01-02T10:00:00.000Z' }, sessions: [] }));
    detail();
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send signup invitation' })).toBeNull();
  });

  it('reactivates a deactivated client', async () => {
    let active = false;
    const calls = stubApi(({ method }) => {
      if (method === 'POST') active = true;
      return method === 'POST'
        ? json(200, { client: { ...MARIA, isActive: true } })
        : json(200, { client: { ...MARIA, isActive: active }, sessions: [] });
    });
    detail();
    expect((await screen.findAllByText('Deactivated')).length).toBeGreaterThan(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Reactivate' }));
    expect(
      await screen.findByText('Client has been reactivated and is back in Client Management.'),
    ).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/clients/c-1/reactivate']);
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reactivate' })).toBeNull();
  });

  it('deletes permanently only once the e-mail is typed, then returns to the list', async () => {
    const calls = stubApi(({ method }) =>
      method === 'DELETE' ? json(204) : json(200, { client: MARIA, sessions: [] }),
    );
    detail();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete permanently' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete permanently' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Type maria@example.com to confirm'), 'maria@example.co');
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Type maria@example.com to confirm'), 'm');
    await userEvent.click(confirm);
    expect(
      await screen.findByText('Client and all associated data have been permanently deleted.'),
    ).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/clients/c-1']);
    await waitFor(() => expect(location()).toBe('/dashboard/clients'));
  });
});

describe('client edit', () => {
  const edit = (url = '/dashboard/clients/c-1/edit') =>
    renderAt(url, '/dashboard/clients/:id/edit', <ClientEditPage />);

  it('requires the names, sends trimmed fields with empty ones as null, then goes back after 2 s', async () => {
    const calls = stubApi(({ method, body }) =>
      method === 'PATCH'
        ? json(200, { client: { ...MARIA, ...(body as object) } })
        : json(200, { client: MARIA, sessions: [] }),
    );
    edit('/dashboard/clients/c-1/edit?from=/dashboard/clients');
    const first = await screen.findByLabelText('First name');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    await userEvent.clear(first);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getAllByText('First name and last name are required').length).toBeGreaterThan(0);
    expect(writes(calls)).toEqual([]);

    await userEvent.type(first, '  Mariana ');
    await userEvent.clear(screen.getByLabelText('Address'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(writes(calls)[0].body).toEqual({
      firstName: 'Mariana',
      lastName: 'Lopez',
      phone: '(941) 555-0111',
      address: null,
      emergencyContact: null,
      emergencyPhone: null,
      notes: 'Reactive to bikes',
    });
    await waitFor(() => expect(location()).toBe('/dashboard/clients'));
  });

  it('offers the signup/edit list for how they heard about us, and keeps a stored answer from the create list', async () => {
    const calls = stubApi(({ method, body }) =>
      method === 'PATCH'
        ? json(200, { client: { ...MARIA, ...(body as object) } })
        : json(200, { client: { ...MARIA, howHeardAboutUs: 'Walk-in' }, sessions: [] }),
    );
    const user = userEvent.setup();
    edit();
    const howHeard = await screen.findByLabelText('How did they hear about us?');
    // The stored answer (create-client list) still shows.
    expect(howHeard).toHaveTextContent('Walk-in');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(writes(calls)[0].body).not.toHaveProperty('howHeardAboutUs');
  });

  it('sends a newly chosen answer from the signup/edit list', async () => {
    const calls = stubApi(({ method, body }) =>
      method === 'PATCH'
        ? json(200, { client: { ...MARIA, ...(body as object) } })
        : json(200, { client: MARIA, sessions: [] }),
    );
    const user = userEvent.setup();
    edit();
    await user.click(await screen.findByLabelText('How did they hear about us?'));
    await expectOptions([
      'Not specified',
      'Google Search',
      'Facebook',
      'Instagram',
      'Referral',
      'Vet Recommendation',
      'Yelp',
      'Other',
    ]);
    await user.click(screen.getByRole('option', { name: 'Instagram' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(writes(calls)[0].body).toMatchObject({ howHeardAboutUs: 'Instagram' });
  });

  it('says Profile not found for an unknown profile id', async () => {
    stubApi(() => json(404, { error: { code: 'NOT_FOUND', message: 'Client not found' } }));
    edit('/dashboard/clients/no-such-id/edit');
    expect(await screen.findByText('Profile not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('shows the failure text and stays', async () => {
    stubApi(({ method }) =>
      method === 'PATCH'
        ? json(409, { error: { message: 'The client was changed meanwhile. Please reload and try again.' } })
        : json(200, { client: MARIA, sessions: [] }),
    );
    edit();
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeInTheDocument();
    expect(location()).toBe('/dashboard/clients/c-1/edit');
  });
});
