import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, client, json, location, renderAt, stubApi } from '../../../testing/portal-harness';
import { ClientCreatePage } from './client-create-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const LINK = 'http://127.0.0.1:3000/signup?token=abc&email=nora%40example.com';
const NORA = client({ id: 'new-7', firstName: 'Nora', lastName: 'Baptiste', email: 'nora@example.com' });

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

function setup(
  answer: (call: ApiCall) => Response = () =>
    json(201, { client: NORA, invitationLink: LINK, temporaryPassword: 'aB3dE5gH' }),
) {
  const user = userEvent.setup();
  const calls = stubApi(answer);
  const writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderAt('/dashboard/clients/create', '/dashboard/clients/create', <ClientCreatePage />);
  return { user, calls, writeText };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), ' Nora ');
  await user.type(screen.getByLabelText('Last name'), 'Baptiste');
  await user.type(screen.getByLabelText('Email'), 'nora@example.com');
}

describe('create client form', () => {
  it('checks the required fields and the e-mail before sending anything', async () => {
    const { user, calls } = setup();
    expect(screen.getByRole('checkbox', { name: 'Send signup invitation' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Back to Client Management' })).toHaveAttribute(
      'href',
      '/dashboard/clients',
    );
    await user.click(screen.getByRole('button', { name: 'Create Client' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create Client' }));
    expect(screen.getByText('Email must be a valid email address')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it('creates with an invitation: copies the link, shows the exact text, opens the client after 2 s', async () => {
    const { user, calls, writeText } = setup();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Phone'), '(941) 555-0142');
    await user.type(screen.getByLabelText('Trainer notes'), '  Prefers mornings ');
    await user.click(screen.getByRole('button', { name: 'Create Client' }));

    expect(
      await screen.findByText(
        'Client created successfully! Invitation link copied to clipboard - send this to Nora Baptiste.',
      ),
    ).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(LINK);
    const [post] = posts(calls);
    expect(post.url).toBe('/api/clients');
    expect(post.body).toEqual({
      firstName: 'Nora',
      lastName: 'Baptiste',
      email: 'nora@example.com',
      phone: '(941) 555-0142',
      address: null,
      emergencyContact: null,
      emergencyPhone: null,
      howHeardAboutUs: null,
      notes: 'Prefers mornings',
      sendInvitation: true,
    });
    expect(location()).toBe('/dashboard/clients/create');
    await waitFor(() => expect(location()).toBe('/dashboard/clients/new-7'));
  });

  it('creates without an invitation when the box is cleared, with a how-heard choice', async () => {
    const { user, calls, writeText } = setup(() => json(201, { client: NORA, temporaryPassword: 'aB3dE5gH' }));
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: /How did they hear about us/ }));
    await user.click(await screen.findByRole('option', { name: 'Vet Recommendation' }));
    await user.click(screen.getByRole('checkbox', { name: 'Send signup invitation' }));
    await user.click(screen.getByRole('button', { name: 'Create Client' }));
    expect(await screen.findByText('Client profile created successfully!')).toBeInTheDocument();
    expect(writeText).not.toHaveBeenCalled();
    expect(posts(calls)[0].body).toMatchObject({ sendInvitation: false, howHeardAboutUs: 'Vet Recommendation' });
  });

  it('shows the server message when creation fails, and stays on the form', async () => {
    const message =
      'An authentication account already exists for nora@example.com. Please delete the existing user first, or use a different email.';
    const { user } = setup(() => json(409, { error: { code: 'CONFLICT', message } }));
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Client' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(location()).toBe('/dashboard/clients/create');
    expect(screen.getByRole('button', { name: 'Create Client' })).toBeEnabled();
  });

  it('shows the thrown message when the server cannot be reached', async () => {
    const { user } = setup(() => {
      throw new Error('');
    });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Client' }));
    expect(
      await screen.findByText('Could not reach the server. Please check your connection and try again.'),
    ).toBeInTheDocument();
    expect(location()).toBe('/dashboard/clients/create');
  });
});
