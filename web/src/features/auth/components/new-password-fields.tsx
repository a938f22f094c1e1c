import { PASSWORD_MIN_LENGTH, PASSWORDS_DO_NOT_MATCH, passwordProblem } from '#shared/auth-policy';
import { TextField } from './auth-form';

export interface NewPasswordValue {
  password: string;
  confirm: string;
}

export const EMPTY_NEW_PASSWORD: NewPasswordValue = { password: '', confirm: '' };

/** Field errors of a chosen password under the shared policy (shared/auth-policy.ts). */
export function newPasswordErrors(value: NewPasswordValue): { password?: string; confirm?: string } {
  return {
    password: passwordProblem(value.password),
    confirm: value.confirm !== value.password ? PASSWORDS_DO_NOT_MATCH : undefined,
  };
}

/** "New password" and "Confirm new password", validated on submit (`showErrors`). */
export function NewPasswordFields({
  value,
  onChange,
  showErrors,
  autoFocus = false,
}: {
  value: NewPasswordValue;
  onChange(value: NewPasswordValue): void;
  showErrors: boolean;
  autoFocus?: boolean;
}) {
  const errors = showErrors ? newPasswordErrors(value) : {};
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={value.password}
        autoFocus={autoFocus}
        onValueChange={(password) => onChange({ ...value, password })}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={value.confirm}
        onValueChange={(confirm) => onChange({ ...value, confirm })}
        error={errors.confirm}
      />
    </>
  );
}
