import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastFlashbar } from '../../../components/portal/toast-flashbar';
import { TOTP_TEXTS } from '../../../lib/auth';
import { AuthContext, type AuthContextValue } from '../../../lib/auth-context';
import { resetRuntimeConfigForTests } from '../../../lib/config';
import { TEST_CONFIG } from '../../../lib/content/test-support';
import { ToastProvider } from '../../../lib/toasts';
import { TWO_STEP_TEXTS, TwoStepSignInContainer } from './two-step-sign-in';

/** Amplify's MFA calls, mocked at the module the app loads them from. */
const flows = vi.hoisted(() => ({
  fetchMFAPreference: vi.fn(),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
  signIn: vi.fn(),
  signOut: vi.fn(),
  confirmSignIn: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
}));
vi.mock('../../../lib/auth-flows', () => flows);

/** Text as shown, not the copies Cloudscape keeps for screen-reader announcements. */
const SHOWN = { ignore: 'script, style, [hidden], [aria-live]' };
const SECRET = 'JBSWY3DPEHPK3PXP';

const AUTH: AuthContextValue = {
  status: 'signedIn',
  user: { userId: 'u-1', email: 'Trainer@Pawsitive.test', role: 'admin' },
  signIn: vi.fn(),
  confirmNewPassword: vi.fn(),
  confirmTotpCode: vi.fn(),
  signOut: vi.fn(),
  getIdToken: async () => 'id-token',
};

/** What Cognito holds for the user: TOTP on or off. */
let totpOn = false;

function stubConfig(config: Record<string, unknown>) {
  resetRuntimeConfigForTests();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === '/config.json')
        return new Response(JSON.stringify(config), { headers: { 'content-type': 'application/json' } });
      return new Response(null, { status: 404 });
    }),
  );
}

beforeEach(() => {
  totpOn = false;
  for (const fn of Object.values(flows)) fn.mockReset();
  stubConfig(TEST_CONFIG);
  flows.fetchMFAPreference.mockImplementation(async () =>
    totpOn ? { enabled: ['TOTP'], preferred: 'TOTP' } : { enabled: undefined, preferred: undefined },
  );
  flows.setUpTOTP.mockResolvedValue({
    sharedSecret: SECRET,
    getSetupUri: (app: string, account: string) =>
      new URL(`otpauth://totp/${encodeURIComponent(`${app}:${account}`)}?secret=${SECRET}&issuer=${app}`),
  });
  // Only 123456 is the app's current code.
  flows.verifyTOTPSetup.mockImplementation(async ({ code }: { code: string }) => {
    if (code !== '123456')
      throw Object.assign(new Error('Code mismatch and fail enable Software Token MFA'), {
        name: 'EnableSoftwareTokenMFAException',
      });
  });
  flows.updateMFAPreference.mockImplementation(async ({ totp }: { totp: string }) => {
    totpOn = totp === 'PREFERRED' || totp === 'ENABLED';
  });
});

function renderSection() {
  return render(
    <AuthContext.Provider value={AUTH}>
      <ToastProvider>
        <ToastFlashbar />
        <TwoStepSignInContainer />
      </ToastProvider>
    </AuthContext.Provider>,
  );
}

describe('two-step sign-in settings', () => {
  it('sets up an authenticator app: key and link shown, code verified, TOTP made the preferred step', async () => {
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText(/Off: sign-in asks for your password only/, SHOWN)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: TWO_STEP_TEXTS.title })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up' }));
    expect(await screen.findByRole('textbox', { name: 'Setup key' })).toHaveValue(SECRET);
    expect(screen.getByRole('textbox', { name: 'Setup link' })).toHaveValue(
      `otpauth://totp/Pawsitive%20Portal%3Atrainer%40pawsitive.test?secret=${SECRET}&issuer=Pawsitive%20Portal`,
    );

    // A wrong code: said under the field, nothing turned on, the user tries again.
    const code = screen.getByRole('textbox', { name: 'Code from the app' });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText(TOTP_TEXTS.wrongCode, SHOWN)).toBeInTheDocument();
    expect(flows.updateMFAPreference).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText(TWO_STEP_TEXTS.turnedOn, SHOWN)).toBeInTheDocument();
    expect(screen.getByText(/On: sign-in asks for a code/, SHOWN)).toBeInTheDocument();
    expect(flows.verifyTOTPSetup).toHaveBeenLastCalledWith({ code: '123456' });
    expect(flows.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
    expect(totpOn).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Setup key' })).not.toBeInTheDocument();
  });

  it('refuses a code that is not 6 digits without asking Cognito', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    await user.type(await screen.findByRole('textbox', { name: 'Code from the app' }), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText(TOTP_TEXTS.codeFormat, SHOWN)).toBeInTheDocument();
    expect(flows.verifyTOTPSetup).not.toHaveBeenCalled();
  });

  it('turns two-step sign-in off after a confirmation', async () => {
    totpOn = true;
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in?' });
    expect(flows.updateMFAPreference).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText(TWO_STEP_TEXTS.turnedOff, SHOWN)).toBeInTheDocument();
    expect(flows.updateMFAPreference).toHaveBeenCalledWith({ totp: 'DISABLED' });
    expect(totpOn).toBe(false);
    expect(screen.getByRole('button', { name: 'Set up' })).toBeInTheDocument();
  });

  it('says two-step sign-in lives in the cloud deployment when the pool is cognito-local', async () => {
    stubConfig({ ...TEST_CONFIG, userPoolEndpoint: 'http://127.0.0.1:9229' });
    renderSection();
    expect(await screen.findByText(TWO_STEP_TEXTS.unavailable, SHOWN)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up' })).not.toBeInTheDocument();
    expect(flows.fetchMFAPreference).not.toHaveBeenCalled();
    expect(flows.setUpTOTP).not.toHaveBeenCalled();
  });

  it('shows a failed status read with a working Retry', async () => {
    flows.fetchMFAPreference.mockRejectedValueOnce(new Error('Network error'));
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText(TWO_STEP_TEXTS.loadFailed, SHOWN)).toBeInTheDocument();
    expect(screen.getByText('Network error', SHOWN)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeInTheDocument();
  });

  it('keeps the section usable when Cognito refuses to start the setup', async () => {
    flows.setUpTOTP.mockRejectedValue(new Error('Access Token has been revoked'));
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    expect(await screen.findByText('Access Token has been revoked', SHOWN)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up' })).toBeEnabled();
  });
});
