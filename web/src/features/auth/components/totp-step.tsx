import { type FormEvent, useId, useState } from 'react';
import { isTotpCode, TOTP_TEXTS } from '../../../lib/auth';
import type { TotpSetupDetails } from '../../../lib/auth-context';
import { AuthHeader, FormActions, SecondaryButton, SubmitButton, TextField } from './auth-form';

/** A read-only value to copy into another app (selected whole on focus). */
function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const id = useId();
  return (
    <div className="auth-field">
      <div className="auth-field__label-row">
        <label htmlFor={id}>{label}</label>
      </div>
      <input
        id={id}
        className="auth-field__input auth-field__input--copy"
        value={value}
        readOnly
        spellCheck={false}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onFocus={(e) => e.currentTarget.select()}
      />
      {hint && (
        <p id={`${id}-hint`} className="auth-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * The sign-in's second step for an account with two-step sign-in on (Cognito's SOFTWARE_TOKEN_MFA):
 * the 6-digit code from the authenticator app. With `setup` (Cognito's MFA_SETUP) the account must add
 * the app first: its key is shown as text to copy into the app, then the first code finishes the sign-in.
 */
export function TotpStepForm({
  setup,
  busy,
  error,
  onSubmit,
  onCancel,
  onEdit,
}: {
  setup?: TotpSetupDetails;
  busy: boolean;
  /** The last answer's error (a wrong code): shown under the field until the code is edited. */
  error?: string;
  onSubmit(code: string): void;
  onCancel(): void;
  onEdit(): void;
}) {
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const formatError = submitted && !isTotpCode(code) ? TOTP_TEXTS.codeFormat : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!isTotpCode(code)) return;
    onSubmit(code);
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      {setup ? (
        <>
          <AuthHeader
            title="Set up two-step sign-in"
            description="Your account needs an authenticator app. Add this key to the app (choose to enter a setup key), then enter the 6-digit code it shows."
          />
          <CopyField label="Setup key" value={setup.secret} hint="Time-based key; type or paste it into the app." />
          <CopyField
            label="Setup link"
            value={setup.uri}
            hint="The same key as an otpauth:// link, for apps that accept one."
          />
        </>
      ) : (
        <AuthHeader
          title="Two-step sign-in"
          description="Open the authenticator app on your phone and enter the 6-digit code it shows for Pawsitive Portal."
        />
      )}
      <TextField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        autoFocus={!setup}
        onValueChange={(value) => {
          setCode(value);
          if (error) onEdit();
        }}
        hint="6 digits; a new code appears every 30 seconds."
        error={error ?? formatError}
      />
      <FormActions>
        <SecondaryButton disabled={busy} onClick={onCancel}>
          Cancel
        </SecondaryButton>
        <SubmitButton busy={busy}>Verify</SubmitButton>
      </FormActions>
    </form>
  );
}
