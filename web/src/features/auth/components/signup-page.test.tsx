import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { InvitationView } from '#shared/contracts/signup-options';
import { resetRuntimeConfigForTests } from '../../../lib/config';
import { TEST_CONFIG } from '../../../lib/content/test-support';
import { ToastProvider } from '../../../lib/toasts';
import { SignupPage } from './signup-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: undefined })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

interface Call {
  method: string;
  url: string;
  body?: unknown;
  headers: Headers;
}

type Answer = (call: Call) => Response | Promise<Response>;

function stubApi(answer: Answer) {
  resetRuntimeConfigForTests();
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/config.json') return json(200, TEST_CONFIG);
      const call: Call = {
        method: init?.method ?? 'GET',
        url,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: new Headers(init?.headers),
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

const location = () => screen.getByTestId('location').textContent;

function renderSignup(url: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/signup" element={<SignupPage />} />
            <Route path="/login" element={<p>Sign-in page</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const LINK = '/signup?token=tok-123&email=maria%40example.com';

const FROM_SUBMISSION: InvitationView = {
  email: 'maria@example.com',
  prefill: {
    firstName: 'Maria',
    lastName: 'Lopez',
    phone: '(941) 555-0111',
    dogName: 'Biscuit',
    dogBreed: 'Beagle',
    dogBirthDate: '2021-04-10',
  },
};

const FROM_PROFILE: InvitationView = {
  email: 'maria@example.com',
  prefill: { firstName: 'Maria', lastName: 'Lopez' },
};

const gets = (calls: Call[]) => calls.filter((c) => c.method === 'GET');
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

/** Answers the invitation with `invitation` and the signup with `signup`. */
function api(invitation: InvitationView, signup: Answer = () => json(201, { success: true })): Answer {
  return (call) => (call.method === 'POST' ? signup(call) : json(200, invitation));
}

/** The form is its own chunk: its first load (with the date picker) can take a few seconds here. */
const formReady = () => screen.findByLabelText('Password');

async function setPasswords(user: ReturnType<typeof userEvent.setup>, password: string, confirm = password) {
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
}

/** The open select lists exactly `labels`, in this order. */
async function expectOptions(labels: string[]) {
  const options = await screen.findAllByRole('option');
  expect(options).toHaveLength(labels.length);
  for (const [i, label] of labels.entries()) expect(options[i]).toHaveAccessibleName(label);
}

describe('signup page', () => {
  it('without a token asks for an invitation, with a Contact Us button to /contact, and calls nothing', async () => {
    const calls = stubApi(() => json(500));
    renderSignup('/signup');
    expect(screen.getByRole('heading', { level: 1, name: 'Invitation Required' })).toBeInTheDocument();
    // /contact is a page of the public site: the browser follows the link (a document of its own).
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(calls).toEqual([]);
  });

  it('shows the invalid-link text when the server refuses the invitation', async () => {
    const calls = stubApi(() =>
      json(404, { error: { code: 'NOT_FOUND', message: 'Invalid or expired invitation link.' } }),
    );
    renderSignup(LINK);
    expect(await screen.findByText('Invalid or expired invitation link.')).toBeInTheDocument();
    expect(gets(calls).map((c) => c.url)).toEqual(['/api/invitations/tok-123?email=maria%40example.com']);
    expect(calls[0].headers.get('authorization')).toBeNull();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('treats a link without an e-mail as invalid, without asking the server', async () => {
    const calls = stubApi(() => json(200, FROM_PROFILE));
    renderSignup('/signup?token=tok-123');
    expect(await screen.findByText('Invalid or expired invitation link.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the load error when the invitation cannot be read', async () => {
    stubApi(() => json(500, { error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } }));
    renderSignup(LINK);
    expect(await screen.findByText('Error loading invitation data')).toBeInTheDocument();
    expect(screen.queryByText('Invalid or expired invitation link.')).not.toBeInTheDocument();
  });

  it('shows the load error when the server cannot be reached', async () => {
    stubApi(() => {
      throw new TypeError('Failed to fetch');
    });
    renderSignup(LINK);
    expect(await screen.findByText('Error loading invitation data')).toBeInTheDocument();
  });

  it('prefills from the invitation and locks the e-mail', async () => {
    stubApi(api(FROM_SUBMISSION));
    renderSignup(LINK);
    await formReady();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('maria@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText('First name')).toHaveValue('Maria');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lopez');
    expect(screen.getByLabelText('Phone')).toHaveValue('(941) 555-0111');
    expect(screen.getByLabelText("Dog's name")).toHaveValue('Biscuit');
    expect(screen.getByLabelText('Breed')).toHaveValue('Beagle');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('2021-04-10');
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('refuses short and mismatched passwords and missing fields with their texts, sending nothing', async () => {
    const calls = stubApi(api(FROM_PROFILE));
    const user = userEvent.setup();
    renderSignup(LINK);
    await formReady();
    await user.clear(screen.getByLabelText('First name'));
    await setPasswords(user, 'short', 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText("Dog's name is required")).toBeInTheDocument();
    expect(screen.getByText('Breed is required')).toBeInTheDocument();
    expect(screen.getByText('Date of birth is required')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await setPasswords(user, 'Longer-Pass1', 'Longer-Pass2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.queryByText('Password must be at least 8 characters long')).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it('creates the account, shows the success text and goes to /login after 3 s', async () => {
    const calls = stubApi(api(FROM_PROFILE));
    const user = userEvent.setup();
    renderSignup(LINK);
    await formReady();
    await user.type(screen.getByLabelText('Phone'), '941-555-0142');
    await user.type(screen.getByLabelText("Dog's name"), 'Pepper');
    await user.type(screen.getByLabelText('Breed'), 'Beagle');
    await user.type(screen.getByLabelText('Date of birth'), '2024-05-06');
    await user.click(screen.getByLabelText('How did you hear about us?'));
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
    await user.click(screen.getByRole('option', { name: 'Yelp' }));
    await setPasswords(user, 'Sunny-Days-42');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(
      await screen.findByText('Account created successfully! Please check your email to verify your account.'),
    ).toBeInTheDocument();
    const shownAt = Date.now();
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0].url).toBe('/api/signup');
    expect(posts(calls)[0].body).toEqual({
      token: 'tok-123',
      email: 'maria@example.com',
      password: 'Sunny-Days-42',
      firstName: 'Maria',
      lastName: 'Lopez',
      phone: '941-555-0142',
      dogName: 'Pepper',
      dogBreed: 'Beagle',
      dogBirthDate: '2024-05-06',
      howHeardAboutUs: 'Yelp',
    });
    expect(location()).toBe('/signup');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2500);
  });

  it('shows the server message when the signup is refused, and stays on the form', async () => {
    stubApi(
      api(FROM_SUBMISSION, () =>
        json(404, { error: { code: 'NOT_FOUND', message: 'Invalid or expired invitation link.' } }),
      ),
    );
    const user = userEvent.setup();
    renderSignup(LINK);
    await formReady();
    await setPasswords(user, 'Sunny-Days-42');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Invalid or expired invitation link.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect(location()).toBe('/signup');
  });
});
