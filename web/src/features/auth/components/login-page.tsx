import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Seo } from '../../../components/seo';
import { useAuth } from '../../../lib/auth-context';
import { useToasts } from '../../../lib/toasts';
import { RouterLink } from '../../portal/components/router-link';
import { EMPTY_NEW_PASSWORD, NewPasswordFields, newPasswordErrors } from './new-password-fields';
import type { LoginLocationState } from './require-auth';

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

export function LoginPage() {
  const auth = useAuth();
  const { notify } = useToasts();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<'credentials' | 'newPassword'>('credentials');
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

  return (
    <>
      {seo}
      <form onSubmit={onSubmit} noValidate>
        <Form
          header={
            <Header variant="h1" description="Trainers and clients sign in here.">
              Sign in
            </Header>
          }
          actions={
            <Button variant="primary" formAction="submit" loading={busy} loadingText="Signing in">
              Sign in
            </Button>
          }
        >
          <SpaceBetween size="l">
            <FormField label="Email" errorText={submitted && !email.trim() ? 'Email is required' : undefined}>
              <Input
                type="email"
                inputMode="email"
                autoComplete="username"
                value={email}
                ariaRequired
                autoFocus={!email}
                onChange={({ detail }) => setEmail(detail.value)}
              />
            </FormField>
            <FormField
              label="Password"
              errorText={submitted && !password ? 'Password is required' : undefined}
              secondaryControl={<RouterLink href="/forgot-password">Forgot password?</RouterLink>}
            >
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                ariaRequired
                autoFocus={!!email}
                onChange={({ detail }) => setPassword(detail.value)}
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
      <Box margin={{ top: 'l' }} color="text-body-secondary" textAlign="center">
        Accounts are created by invitation. New to Pawsitive? <RouterLink href="/contact">Contact us</RouterLink> to
        book a free evaluation.
      </Box>
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
    <form onSubmit={submit} noValidate>
      <Form
        header={
          <Header
            variant="h1"
            description="Your account has a temporary password. Choose your own password to finish signing in."
          >
            Set a new password
          </Header>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="primary" formAction="submit" loading={busy} loadingText="Setting password">
              Set password
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {/* Tells password managers which account the new password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <NewPasswordFields value={value} onChange={setValue} showErrors={submitted} autoFocus />
        </SpaceBetween>
      </Form>
    </form>
  );
}
