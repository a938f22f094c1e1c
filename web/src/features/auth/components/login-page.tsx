import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { PlainLink } from '../../../components/portal/plain-link';
import { Seo } from '../../../components/seo';
import { preloadAuthFlows } from '../../../lib/auth';
import type { LoginLocationState } from '../../../lib/auth-context';
import { type TotpSetupDetails, useAuth } from '../../../lib/auth-context';
import { useToasts } from '../../../lib/toasts';
import { AuthHeader, FormActions, SecondaryButton, SubmitButton, TextField } from './auth-form';
import { EMPTY_NEW_PASSWORD, NewPasswordFields, newPasswordErrors } from './new-password-fields';
import { TotpStepForm } from './totp-step';

/** Where to go after signing in: the remembered page (same-site paths only), else /dashboard. */
export function afterLoginPath(state: unknown): string {
  const from = (state as LoginLocationState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')
    ? from
    : '/dashboard';
}

/** An e-mail address handed over by another auth page (after a password reset). */
function emailFrom(state: unknown): string {
  const email = (state as LoginLocationState | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** Errors after which the new-password step cannot go on (its Cognito session is gone). */
const SIGN_IN_AGAIN = new Set(['NotAuthorizedException', 'SignInException']);
export const SESSION_EXPIRED = 'Your sign-in session has expired. Please sign in again.';
/** A wrong authenticator code: the step stays open for another try. */
const WRONG_CODE = new Set(['CodeMismatchException', 'EnableSoftwareTokenMFAException']);

export function LoginPage() {
  const auth = useAuth();
  const { notify } = useToasts();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<'credentials' | 'newPassword' | 'totp'>('credentials');
  const [totpSetup, setTotpSetup] = useState<TotpSetupDetails | undefined>(undefined);
  const [totpError, setTotpError] = useState<string | undefined>(undefined);
  const [email, setEmail] = useState(() => emailFrom(location.state));
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const target = afterLoginPath(location.state);

  // While a sign-in is under way the provider may already say signedIn: the API check decides first.
  if (auth.status === 'signedIn' && !busy) return <Navigate to={target} replace />;

  const showError = (error: unknown, fallback: string) =>
    // SPEC 8: the server's message in a danger toast for 5 s.
    notify({ type: 'error', content: (error as Error).message || fallback, durationMs: 5000 });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!email.trim() || !password) return;
    setBusy(true);
    try {
      const next = await auth.signIn(email, password);
      if (next === 'newPasswordRequired') {
        setPassword('');
        setStep('newPassword');
        return;
      }
      if (next === 'totpCodeRequired' || typeof next === 'object') {
        setPassword('');
        setTotpSetup(typeof next === 'object' ? next.totpSetup : undefined);
        setTotpError(undefined);
        setStep('totp');
        return;
      }
      navigate(target, { replace: true });
    } catch (error) {
      showError(error, 'Sign-in failed.');
    } finally {
      setBusy(false);
    }
  }

  async function onNewPassword(newPassword: string) {
    setBusy(true);
    try {
      await auth.confirmNewPassword(newPassword);
      navigate(target, { replace: true });
    } catch (error) {
      const { name } = error as Error;
      if (SIGN_IN_AGAIN.has(name)) {
        notify({ type: 'error', content: SESSION_EXPIRED, durationMs: 5000 });
        setStep('credentials');
        return;
      }
      showError(error, 'The password could not be set.');
      // A refused (deactivated) account has been signed out: start over.
      if ((error as { status?: number }).status === 403) setStep('credentials');
    } finally {
      setBusy(false);
    }
  }

  async function onTotpCode(code: string) {
    setBusy(true);
    try {
      await auth.confirmTotpCode(code);
      navigate(target, { replace: true });
    } catch (error) {
      const { name, message } = error as Error;
      if (WRONG_CODE.has(name)) {
        setTotpError(message);
        return;
      }
      if (SIGN_IN_AGAIN.has(name)) {
        notify({ type: 'error', content: SESSION_EXPIRED, durationMs: 5000 });
        setStep('credentials');
        return;
      }
      showError(error, 'The code could not be checked.');
      if ((error as { status?: number }).status === 403) setStep('credentials');
    } finally {
      setBusy(false);
    }
  }

  const seo = (
    <Seo title="Sign In | Pawsitive Portal" description="Sign in to the Pawsitive portal." robots="noindex, nofollow" />
  );

  if (step === 'newPassword') {
    return (
      <>
        {seo}
        <SetNewPasswordForm
          email={email.trim()}
          busy={busy}
          onSubmit={onNewPassword}
          onCancel={() => setStep('credentials')}
        />
      </>
    );
  }

  if (step === 'totp') {
    return (
      <>
        {seo}
        <TotpStepForm
          setup={totpSetup}
          busy={busy}
          error={totpError}
          onSubmit={onTotpCode}
          onEdit={() => setTotpError(undefined)}
          onCancel={() => setStep('credentials')}
        />
      </>
    );
  }

  return (
    <>
      {seo}
      <form className="auth-form" onSubmit={onSubmit} noValidate onInput={preloadAuthFlows}>
        <AuthHeader title="Sign in" description="Trainers and clients sign in here." />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="username"
          value={email}
          autoFocus={!email}
          onValueChange={setEmail}
          error={submitted && !email.trim() ? 'Email is required' : undefined}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          autoFocus={!!email}
          onValueChange={setPassword}
          error={submitted && !password ? 'Password is required' : undefined}
          secondary={<PlainLink href="/forgot-password">Forgot password?</PlainLink>}
        />
        <FormActions>
          <SubmitButton busy={busy}>Sign in</SubmitButton>
        </FormActions>
      </form>
      <p className="auth-note">
        Accounts are created by invitation. New to Pawsitive? <PlainLink href="/contact">Contact us</PlainLink> to book
        a free evaluation.
      </p>
    </>
  );
}

/**
 * The first sign-in of an invited account (Cognito's NEW_PASSWORD_REQUIRED): the user replaces the
 * temporary password with their own, then the sign-in finishes like any other.
 */
function SetNewPasswordForm({
  email,
  busy,
  onSubmit,
  onCancel,
}: {
  email: string;
  busy: boolean;
  onSubmit(newPassword: string): void;
  onCancel(): void;
}) {
  const [value, setValue] = useState(EMPTY_NEW_PASSWORD);
  const [submitted, setSubmitted] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const errors = newPasswordErrors(value);
    if (errors.password || errors.confirm) return;
    onSubmit(value.password);
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <AuthHeader
        title="Set a new password"
        description="Your account has a temporary password. Choose your own password to finish signing in."
      />
      {/* Tells password managers which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordFields value={value} onChange={setValue} showErrors={submitted} autoFocus />
      <FormActions>
        <SecondaryButton disabled={busy} onClick={onCancel}>
          Cancel
        </SecondaryButton>
        <SubmitButton busy={busy}>Set password</SubmitButton>
      </FormActions>
    </form>
  );
}
