import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PlainLink } from '../../../components/portal/plain-link';
import { Seo } from '../../../components/seo';
import { confirmPasswordReset, preloadAuthFlows, requestPasswordReset } from '../../../lib/auth';
import type { LoginLocationState } from '../../../lib/auth-context';
import { useToasts } from '../../../lib/toasts';
import { AuthHeader, FormActions, FormError, SecondaryButton, SubmitButton, TextField } from './auth-form';
import { EMPTY_NEW_PASSWORD, NewPasswordFields, newPasswordErrors } from './new-password-fields';

/** SPEC 8: the reset request's success text, shown for 8 s. */
export const RESET_SENT = 'Password reset instructions have been sent to your email address.';
export const RESET_SENT_MS = 8000;
export const PASSWORD_RESET_DONE = 'Your password has been reset. Sign in with your new password.';

const errorText = (error: unknown, fallback: string) => (error as Error).message || fallback;

/**
 * Password reset by e-mail: the address, then the e-mailed code with a new password (Cognito's
 * ForgotPassword and ConfirmForgotPassword through Amplify), then back to /login.
 */
export function ForgotPasswordPage() {
  const { notify } = useToasts();
  const navigate = useNavigate();
  const [step, setStep] = useState<'request' | 'confirm'>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [passwords, setPasswords] = useState(EMPTY_NEW_PASSWORD);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState<'request' | 'confirm' | 'resend' | null>(null);
  const [error, setError] = useState<string>();

  async function sendCode(kind: 'request' | 'resend') {
    setBusy(kind);
    setError(undefined);
    try {
      await requestPasswordReset(email);
      notify({ type: 'success', content: RESET_SENT, durationMs: RESET_SENT_MS });
      setSubmitted(false);
      setStep('confirm');
    } catch (e) {
      setError(errorText(e, 'The reset code could not be sent.'));
    } finally {
      setBusy(null);
    }
  }

  function onRequest(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!email.trim()) return;
    void sendCode('request');
  }

  async function onConfirm(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const errors = newPasswordErrors(passwords);
    if (!code.trim() || errors.password || errors.confirm) return;
    setBusy('confirm');
    setError(undefined);
    try {
      await confirmPasswordReset(email, code, passwords.password);
      notify({ type: 'success', content: PASSWORD_RESET_DONE });
      const state: LoginLocationState = { email: email.trim() };
      navigate('/login', { replace: true, state });
    } catch (e) {
      setError(errorText(e, 'The password could not be reset.'));
      setBusy(null);
    }
  }

  return (
    <>
      <Seo title="Reset Password | Pawsitive Portal" description="Reset your password." robots="noindex, nofollow" />
      {step === 'request' ? (
        <form className="auth-form" onSubmit={onRequest} noValidate onInput={preloadAuthFlows}>
          <AuthHeader
            title="Reset your password"
            description="Enter the email address you sign in with. We will email you a code to choose a new password."
          />
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="username"
            value={email}
            autoFocus
            onValueChange={setEmail}
            error={submitted && !email.trim() ? 'Email is required' : undefined}
          />
          <FormError>{error}</FormError>
          <FormActions>
            <SubmitButton busy={busy === 'request'}>Send reset code</SubmitButton>
          </FormActions>
        </form>
      ) : (
        <form className="auth-form" onSubmit={onConfirm} noValidate>
          <AuthHeader
            title="Choose a new password"
            description={`Enter the code we emailed to ${email.trim()} and choose a new password.`}
          />
          <input type="email" name="username" autoComplete="username" value={email.trim()} readOnly hidden />
          <TextField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            autoFocus
            onValueChange={setCode}
            error={submitted && !code.trim() ? 'Code is required' : undefined}
          />
          <NewPasswordFields value={passwords} onChange={setPasswords} showErrors={submitted} />
          <FormError>{error}</FormError>
          <FormActions>
            <SecondaryButton disabled={busy !== null} busy={busy === 'resend'} onClick={() => void sendCode('resend')}>
              Send a new code
            </SecondaryButton>
            <SubmitButton busy={busy === 'confirm'}>Reset password</SubmitButton>
          </FormActions>
        </form>
      )}
      <p className="auth-note">
        <PlainLink href="/login">Back to sign in</PlainLink>
      </p>
    </>
  );
}
