import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastFlashbar } from '../../../components/portal/toast-flashbar';
import { TOTP_TEXTS } from '../../../lib/auth';
import { resetRuntimeConfigForTests } from '../../../lib/config';
import { TEST_CONFIG } from '../../../lib/content/test-support';
import { ToastProvider } from '../../../lib/toasts';
import { AmplifyAuthProvider } from './auth-provider';
import { LoginPage, SESSION_EXPIRED } from './login-page';
import { RequireAuth } from './require-auth';

const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

/** Text as shown, not the copies Cloudscape keeps for screen-reader announcements. */
const SHOWN = { ignore: 'script, style, [hidden], [aria-live]' };

const CLAIMS = { sub: 'u-new', email: 'new.client@example.com', 'cognito:groups': ['client'] };
const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const ID_TOKEN = `${b64url({ alg: 'RS256' })}.${b64url(CLAIMS)}.sig`;

/** The Amplify session: empty until a sign-in step succeeds. */
let signedIn = false;
let meStatus = 200;
let apiCalls: string[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  signedIn = false;
  meStatus = 200;
  apiCalls = [];
  for (const fn of Object.values(amplify)) fn.mockReset();
  amplify.fetchAuthSession.mockImplementation(async () =>
    signedIn ? { tokens: { idToken: { toString: () => ID_TOKEN, payload: CLAIMS } } } : { tokens: undefined },
  );
  amplify.signIn.mockResolvedValue({
    isSignedIn: false,
    nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes: [] },
  });
  amplify.confirmSignIn.mockImplementation(async () => {
    signedIn = true;
    return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
  });
  amplify.signOut.mockImplementation(async () => {
    signedIn = false;
  });
  resetRuntimeConfigForTests();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/config.json') return json(200, TEST_CONFIG);
      apiCalls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/me') {
        return meStatus === 200
          ? json(200, { profile: { id: 'p-new' } })
          : json(meStatus, { error: { code: 'FORBIDDEN', message: 'This account has been deactivated' } });
      }
      return json(404, { error: { message: 'Not found' } });
    }),
  );
});

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderLogin(path = '/sessions?view=calendar') {
  return render(
    <ToastProvider>
      <AmplifyAuthProvider authFlowType="USER_PASSWORD_AUTH">
        <MemoryRouter initialEntries={[path]}>
          <ToastFlashbar />
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route element={<RequireAuth />}>
              <Route path="/sessions" element={<h1>My sessions</h1>} />
              <Route path="/dashboard" element={<h1>Dashboard home</h1>} />
            </Route>
          </Routes>
          <Where />
        </MemoryRouter>
      </AmplifyAuthProvider>
    </ToastProvider>,
  );
}

/** Signs in with the temporary password and waits for the new-password step. */
async function signInWithTemporaryPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), ' New.Client@example.com ');
  await user.type(screen.getByLabelText('Password'), 'Tmp4Pass');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
}

describe('first sign-in with a temporary password', () => {
  it('asks for a new password instead of failing, with the e-mail in lower case', async () => {
    const user = userEvent.setup();
    renderLogin();
    await signInWithTemporaryPassword(user);
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'new.client@example.com',
      password: 'Tmp4Pass',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(screen.getByText('At least 8 characters.', SHOWN)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(apiCalls).toEqual([]);
  });

  it('refuses a password under 8 characters and a confirmation that does not match', async () => {
    const user = userEvent.setup();
    renderLogin();
    await signInWithTemporaryPassword(user);

    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('Password must be at least 8 characters long', SHOWN)).toBeInTheDocument();
    expect(screen.queryByText('Passwords do not match', SHOWN)).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'walkies every day');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'walkies every night');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('Passwords do not match', SHOWN)).toBeInTheDocument();
    expect(screen.queryByText('Password must be at least 8 characters long', SHOWN)).not.toBeInTheDocument();
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();
  });

  it('sets the password, checks the account with the API and goes on to the remembered page', async () => {
    const user = userEvent.setup();
    renderLogin('/sessions?view=calendar');
    await signInWithTemporaryPassword(user);
    await user.type(screen.getByLabelText('New password'), 'walkies every day');
    await user.type(screen.getByLabelText('Confirm new password'), 'walkies every day');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByRole('heading', { name: 'My sessions' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/sessions?view=calendar');
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'walkies every day' });
    expect(apiCalls).toEqual(['GET /api/me']);
  });

  it('refuses a deactivated account after the new password, signing it out', async () => {
    meStatus = 403;
    const user = userEvent.setup();
    renderLogin('/login');
    await signInWithTemporaryPassword(user);
    await user.type(screen.getByLabelText('New password'), 'walkies every day');
    await user.type(screen.getByLabelText('Confirm new password'), 'walkies every day');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText('This account has been deactivated', SHOWN)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(amplify.signOut).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('starts over when the sign-in session has expired', async () => {
    amplify.confirmSignIn.mockRejectedValue(
      Object.assign(new Error('Invalid session for the user, session is expired.'), {
        name: 'NotAuthorizedException',
      }),
    );
    const user = userEvent.setup();
    renderLogin('/login');
    await signInWithTemporaryPassword(user);
    await user.type(screen.getByLabelText('New password'), 'walkies every day');
    await user.type(screen.getByLabelText('Confirm new password'), 'walkies every day');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText(SESSION_EXPIRED, SHOWN)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('New.Client@example.com');
  });

  it("shows Cognito's refusal of the new password and stays on the step", async () => {
    amplify.confirmSignIn.mockRejectedValue(
      Object.assign(new Error('Password does not conform to policy: Password not long enough'), {
        name: 'InvalidPasswordException',
      }),
    );
    const user = userEvent.setup();
    renderLogin('/login');
    await signInWithTemporaryPassword(user);
    await user.type(screen.getByLabelText('New password'), 'walkies every day');
    await user.type(screen.getByLabelText('Confirm new password'), 'walkies every day');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(
      await screen.findByText('Password does not conform to policy: Password not long enough', SHOWN),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
  });

  it('goes back to the sign-in form on Cancel', async () => {
    const user = userEvent.setup();
    renderLogin('/login');
    await signInWithTemporaryPassword(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('signs in at once when no new password is needed', async () => {
    amplify.signIn.mockImplementation(async () => {
      signedIn = true;
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
    const user = userEvent.setup();
    renderLogin('/login');
    await user.type(await screen.findByLabelText('Email'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password'), 'walkies every day');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    await waitFor(() => expect(apiCalls).toEqual(['GET /api/me']));
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();
  });
});

describe('two-step sign-in with an authenticator app', () => {
  const codeMismatch = () =>
    Object.assign(new Error('Invalid code received for user'), { name: 'CodeMismatchException' });

  beforeEach(() => {
    amplify.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    });
    // The code from the app: only 123456 signs in.
    amplify.confirmSignIn.mockImplementation(async ({ challengeResponse }: { challengeResponse: string }) => {
      if (challengeResponse !== '123456') throw codeMismatch();
      signedIn = true;
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
  });

  async function signInUpToTheCode(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText('Email'), 'Maria@example.com');
    await user.type(screen.getByLabelText('Password'), 'walkies every day');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
  }

  it('asks for the code after the password, then goes on to the remembered page', async () => {
    const user = userEvent.setup();
    renderLogin('/sessions?view=calendar');
    await signInUpToTheCode(user);
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(apiCalls).toEqual([]);

    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'My sessions' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/sessions?view=calendar');
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
    expect(apiCalls).toEqual(['GET /api/me']);
  });

  it('refuses what is not 6 digits without asking Cognito', async () => {
    const user = userEvent.setup();
    renderLogin('/login');
    await signInUpToTheCode(user);
    await user.type(screen.getByLabelText('Authentication code'), '12a45');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText(TOTP_TEXTS.codeFormat, SHOWN)).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute('aria-invalid', 'true');
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();
  });

  it('says a wrong code is wrong and lets the user try again', async () => {
    const user = userEvent.setup();
    renderLogin('/login');
    await signInUpToTheCode(user);
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(TOTP_TEXTS.wrongCode, SHOWN)).toBeInTheDocument();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining(TOTP_TEXTS.wrongCode));
    expect(screen.getByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(apiCalls).toEqual([]);

    await user.clear(code);
    expect(screen.queryByText(TOTP_TEXTS.wrongCode, SHOWN)).not.toBeInTheDocument();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    expect(amplify.confirmSignIn).toHaveBeenCalledTimes(2);
  });

  it('starts over when Cognito ends the sign-in session', async () => {
    amplify.confirmSignIn.mockRejectedValue(
      Object.assign(new Error('Invalid session for the user, session is expired.'), {
        name: 'NotAuthorizedException',
      }),
    );
    const user = userEvent.setup();
    renderLogin('/login');
    await signInUpToTheCode(user);
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SESSION_EXPIRED, SHOWN)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows the key to add when the pool asks for an authenticator app first', async () => {
    const getSetupUri = vi.fn(
      (app: string, account: string) =>
        new URL(`otpauth://totp/${app}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${app}`),
    );
    amplify.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: {
        signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
        totpSetupDetails: { sharedSecret: 'JBSWY3DPEHPK3PXP', getSetupUri },
      },
    });
    const user = userEvent.setup();
    renderLogin('/login');
    await user.type(await screen.findByLabelText('Email'), 'Maria@example.com');
    await user.type(screen.getByLabelText('Password'), 'walkies every day');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Setup key')).toHaveValue('JBSWY3DPEHPK3PXP');
    expect(screen.getByLabelText('Setup link')).toHaveValue(
      'otpauth://totp/Pawsitive%20Portal:maria@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Pawsitive%20Portal',
    );
    expect(getSetupUri).toHaveBeenCalledWith('Pawsitive Portal', 'maria@example.com');

    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
  });

  it('goes back to the sign-in form on Cancel', async () => {
    const user = userEvent.setup();
    renderLogin('/login');
    await signInUpToTheCode(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();
  });
});
