import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastFlashbar } from '../../../components/portal/toast-flashbar';
import { AuthContext, type AuthContextValue } from '../../../lib/auth-context';
import { ToastProvider } from '../../../lib/toasts';
import { ForgotPasswordPage, PASSWORD_RESET_DONE, RESET_SENT } from './forgot-password-page';
import { LoginPage } from './login-page';

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

const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

const SIGNED_OUT: AuthContextValue = {
  status: 'signedOut',
  user: null,
  signIn: vi.fn(),
  confirmNewPassword: vi.fn(),
  confirmTotpCode: vi.fn(),
  signOut: vi.fn(),
  getIdToken: async () => undefined,
};

beforeEach(() => {
  for (const fn of Object.values(amplify)) fn.mockReset();
  amplify.resetPassword.mockResolvedValue({
    isPasswordReset: false,
    nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: {} },
  });
  amplify.confirmResetPassword.mockResolvedValue(undefined);
});

function renderPage() {
  return render(
    <AuthContext.Provider value={SIGNED_OUT}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/forgot-password']}>
          <ToastFlashbar />
          <Routes>
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/login" element={<LoginPage />} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </AuthContext.Provider>,
  );
}

async function requestCode(user: ReturnType<typeof userEvent.setup>, email = ' Owner@Example.com ') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset code' }));
}

async function fillCodeForm(
  user: ReturnType<typeof userEvent.setup>,
  code: string,
  password: string,
  confirm = password,
) {
  await user.type(screen.getByLabelText('Code'), code);
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('/forgot-password', () => {
  it('asks for the e-mail address, with a back link to /login', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(screen.getByText('Email is required', SHOWN)).toBeInTheDocument();
    expect(amplify.resetPassword).not.toHaveBeenCalled();
  });

  it('sends the code, shows the success text for 8 s and then asks for the code and a new password', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await requestCode(user);

    expect(await screen.findByText(RESET_SENT, SHOWN)).toBeInTheDocument();
    expect(amplify.resetPassword).toHaveBeenCalledWith({ username: 'owner@example.com' });
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(
      screen.getByText('Enter the code we emailed to Owner@Example.com and choose a new password.', SHOWN),
    ).toBeVisible();
    expect(screen.getByLabelText('Code')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');

    await vi.advanceTimersByTimeAsync(7900);
    expect(screen.getByText(RESET_SENT, SHOWN)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(200);
    await waitFor(() => expect(screen.queryByText(RESET_SENT, SHOWN)).not.toBeInTheDocument());
  });

  it('answers an unknown address like a known one (no account enumeration)', async () => {
    amplify.resetPassword.mockRejectedValue(cognitoError('UserNotFoundException', 'User does not exist.'));
    const user = userEvent.setup();
    renderPage();
    await requestCode(user, 'nobody@example.com');
    expect(await screen.findByText(RESET_SENT, SHOWN)).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toBeInTheDocument();
  });

  it("shows Cognito's error when the code cannot be sent", async () => {
    amplify.resetPassword.mockRejectedValue(
      cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
    );
    const user = userEvent.setup();
    renderPage();
    await requestCode(user);
    expect(await screen.findByText('Attempt limit exceeded, please try after some time.', SHOWN)).toBeInTheDocument();
    expect(screen.queryByText(RESET_SENT, SHOWN)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it('checks the code form before calling Cognito', async () => {
    const user = userEvent.setup();
    renderPage();
    await requestCode(user);
    await screen.findByLabelText('Code');

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Code is required', SHOWN)).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long', SHOWN)).toBeInTheDocument();

    await fillCodeForm(user, '123456', 'sit and stay', 'sit and sta');
    expect(screen.getByText('Passwords do not match', SHOWN)).toBeInTheDocument();
    expect(screen.queryByText('Code is required', SHOWN)).not.toBeInTheDocument();
    expect(amplify.confirmResetPassword).not.toHaveBeenCalled();
  });

  it('shows a wrong code, then resets the password and returns to /login with the e-mail filled in', async () => {
    amplify.confirmResetPassword.mockRejectedValueOnce(
      cognitoError('CodeMismatchException', 'Incorrect confirmation code'),
    );
    const user = userEvent.setup();
    renderPage();
    await requestCode(user);
    await screen.findByLabelText('Code');

    await fillCodeForm(user, '654321', 'sit and stay');
    expect(await screen.findByText('Invalid verification code provided, please try again.', SHOWN)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_RESET_DONE, SHOWN)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('Owner@Example.com');
    expect(amplify.confirmResetPassword).toHaveBeenLastCalledWith({
      username: 'owner@example.com',
      confirmationCode: '123456',
      newPassword: 'sit and stay',
    });
  });

  it('sends a new code on request', async () => {
    const user = userEvent.setup();
    renderPage();
    await requestCode(user);
    await screen.findByLabelText('Code');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(amplify.resetPassword).toHaveBeenCalledTimes(2));
    expect(screen.getByLabelText('Code')).toBeInTheDocument();
  });
});
