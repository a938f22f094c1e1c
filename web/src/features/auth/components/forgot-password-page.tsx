import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Seo } from '../../../components/seo';
import { confirmPasswordReset, requestPasswordReset } from '../../../lib/auth';
import { useToasts } from '../../../lib/toasts';
import { RouterLink } from '../../portal/components/router-link';
import { EMPTY_NEW_PASSWORD, NewPasswordFields, newPasswordErrors } from './new-password-fields';
import type { LoginLocationState } from './require-auth';

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
    <SpaceBetween size="l">
      <Seo title="Reset Password | Pawsitive Portal" description="Reset your password." robots="noindex, nofollow" />
      {step === 'request' ? (
        <form onSubmit={onRequest} noValidate>
          <Form
            header={
              <Header
                variant="h1"
                description="Enter the email address you sign in with. We will email you a code to choose a new password."
              >
                Reset your password
              </Header>
            }
            errorText={error}
            errorIconAriaLabel="Error"
            actions={
              <Button variant="primary" formAction="submit" loading={busy === 'request'} loadingText="Sending code">
                Send reset code
              </Button>
            }
          >
            <FormField label="Email" errorText={submitted && !email.trim() ? 'Email is required' : undefined}>
              <Input
                type="email"
                inputMode="email"
                autoComplete="username"
                value={email}
                ariaRequired
                autoFocus
                onChange={({ detail }) => setEmail(detail.value)}
              />
            </FormField>
          </Form>
        </form>
      ) : (
        <form onSubmit={onConfirm} noValidate>
          <Form
            header={
              <Header
                variant="h1"
                description={`Enter the code we emailed to ${email.trim()} and choose a new password.`}
              >
                Choose a new password
              </Header>
            }
            errorText={error}
            errorIconAriaLabel="Error"
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  variant="link"
                  formAction="none"
                  disabled={busy !== null}
                  loading={busy === 'resend'}
                  onClick={() => void sendCode('resend')}
                >
                  Send a new code
                </Button>
                <Button
                  variant="primary"
                  formAction="submit"
                  loading={busy === 'confirm'}
                  loadingText="Resetting password"
                >
                  Reset password
                </Button>
              </SpaceBetween>
            }
          >
            <SpaceBetween size="l">
              <input type="email" name="username" autoComplete="username" value={email.trim()} readOnly hidden />
              <FormField label="Code" errorText={submitted && !code.trim() ? 'Code is required' : undefined}>
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  ariaRequired
                  autoFocus
                  onChange={({ detail }) => setCode(detail.value)}
                />
              </FormField>
              <NewPasswordFields value={passwords} onChange={setPasswords} showErrors={submitted} />
            </SpaceBetween>
          </Form>
        </form>
      )}
      <Box textAlign="center">
        <RouterLink href="/login">Back to sign in</RouterLink>
      </Box>
    </SpaceBetween>
  );
}
