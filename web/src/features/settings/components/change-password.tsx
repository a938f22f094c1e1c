import { AccountSettings } from '@aws-amplify/ui-react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { type ChangeEvent, type ComponentProps, type FocusEvent, useState } from 'react';
import {
  PASSWORD_EDGE_SPACE,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  passwordProblem,
} from '#shared/auth-policy';
import { useToasts } from '../../../lib/toasts';

type ChangePasswordProps = ComponentProps<typeof AccountSettings.ChangePassword>;
type Components = NonNullable<ChangePasswordProps['components']>;
type PasswordFieldProps = ComponentProps<NonNullable<Components['NewPasswordField']>>;

export const CHANGE_PASSWORD_TEXTS = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  submit: 'Update password',
  changed: 'Password changed successfully!',
} as const;

/** A settings confirmation shows 3 s, as "Profile updated successfully!" does (SPEC 8). */
const CHANGED_TOAST_MS = 3000;

/** The new password's rules: the shared policy's (shared/auth-policy.ts), each with its message. */
const NEW_PASSWORD_RULES: NonNullable<ChangePasswordProps['validators']> = [
  PASSWORD_TOO_SHORT,
  PASSWORD_EDGE_SPACE,
].map((message) => ({
  validationMode: 'onTouched',
  validator: (value: string) => passwordProblem(value) !== message,
  message,
}));

/** Amplify's own confirmation check, with the spec's text for it. */
const AMPLIFY_TEXTS: Record<string, string> = { 'Your passwords must match': PASSWORDS_DO_NOT_MATCH };

/** The event shape Amplify's form reads (`event.target.name` and `.value`) from a Cloudscape input's change. */
const fieldEvent = (name: string, value: string) =>
  ({ preventDefault: () => undefined, target: { name, value } }) as unknown as ChangeEvent<HTMLInputElement> &
    FocusEvent<HTMLInputElement>;

/** One of Amplify's password fields, drawn as a Cloudscape form field. */
function PasswordField({ label, name, autoComplete, onChange, onBlur, fieldValidationErrors }: PasswordFieldProps) {
  const [value, setValue] = useState('');
  const errors = fieldValidationErrors?.map((error) => AMPLIFY_TEXTS[error] ?? error);
  return (
    <FormField
      label={label}
      errorText={errors?.length ? errors.join(' ') : undefined}
      constraintText={name === 'newPassword' ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
    >
      <Input
        type="password"
        name={name}
        value={value}
        autoComplete={typeof autoComplete === 'string' ? autoComplete : true}
        autoFocus={name === 'currentPassword'}
        ariaRequired
        invalid={!!errors?.length}
        onChange={({ detail }) => {
          setValue(detail.value);
          onChange(fieldEvent(name, detail.value));
        }}
        onBlur={() => onBlur(fieldEvent(name, value))}
      />
    </FormField>
  );
}

const COMPONENTS: Components = {
  CurrentPasswordField: PasswordField,
  NewPasswordField: PasswordField,
  ConfirmPasswordField: PasswordField,
  SubmitButton: ({ isDisabled, children }) => (
    <div>
      <Button variant="primary" formAction="submit" disabled={isDisabled}>
        {children}
      </Button>
    </div>
  ),
  // Cognito's message, as sign-in shows it (SPEC 8).
  ErrorMessage: ({ children }) => <Alert type="error">{children}</Alert>,
};

/**
 * Profile & Account's password change: Amplify UI's `AccountSettings.ChangePassword` (its form state, the
 * checks as the person types, and Amplify Auth's `updatePassword`, which is Cognito's ChangePassword) drawn
 * with Cloudscape's fields and checked with the shared password policy. A chunk of its own, loaded when the
 * person asks to change their password (profile-tab.tsx); `onDone` follows a change.
 */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { notify } = useToasts();
  return (
    <AccountSettings.ChangePassword
      components={COMPONENTS}
      validators={NEW_PASSWORD_RULES}
      displayText={{
        currentPasswordFieldLabel: CHANGE_PASSWORD_TEXTS.currentPassword,
        newPasswordFieldLabel: CHANGE_PASSWORD_TEXTS.newPassword,
        confirmPasswordFieldLabel: CHANGE_PASSWORD_TEXTS.confirmPassword,
        updatePasswordButtonText: CHANGE_PASSWORD_TEXTS.submit,
      }}
      onSuccess={() => {
        notify({ type: 'success', content: CHANGE_PASSWORD_TEXTS.changed, durationMs: CHANGED_TOAST_MS });
        onDone();
      }}
    />
  );
}
