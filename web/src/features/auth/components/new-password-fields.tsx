import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { PASSWORD_MIN_LENGTH, PASSWORDS_DO_NOT_MATCH, passwordProblem } from '../../../../../shared/auth-policy';

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
      <FormField
        label="New password"
        constraintText={errors.password ? undefined : `At least ${PASSWORD_MIN_LENGTH} characters.`}
        errorText={errors.password}
      >
        <Input
          type="password"
          autoComplete="new-password"
          value={value.password}
          ariaRequired
          autoFocus={autoFocus}
          onChange={({ detail }) => onChange({ ...value, password: detail.value })}
        />
      </FormField>
      <FormField label="Confirm new password" errorText={errors.confirm}>
        <Input
          type="password"
          autoComplete="new-password"
          value={value.confirm}
          ariaRequired
          onChange={({ detail }) => onChange({ ...value, confirm: detail.value })}
        />
      </FormField>
    </>
  );
}
