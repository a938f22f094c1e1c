import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { format } from 'date-fns';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOW_HEARD_SIGNUP_OPTIONS } from '#shared/contracts/client-options';
import {
  DOG_BIRTH_DATE_FORMAT_TEXT,
  DOG_BIRTH_DATE_FUTURE_TEXT,
  type InvitationView,
  PASSWORD_MIN_LENGTH,
  PASSWORDS_MISMATCH_TEXT,
  passwordProblem,
  SIGNUP_REDIRECT_MS,
  SIGNUP_REQUIRED_TEXTS,
  SIGNUP_SUCCESS_TEXT,
} from '#shared/contracts/signup-options';
import { DateInput } from '../../../components/portal/date-input';
import { ApiError } from '../../../lib/api';
import { useSignup } from '../api/signup';

export interface SignupValues {
  firstName: string;
  lastName: string;
  phone: string;
  dogName: string;
  dogBreed: string;
  dogBirthDate: string;
  howHeardAboutUs: string;
  password: string;
  confirmPassword: string;
}

const NOT_SPECIFIED = { value: '', label: 'Not specified' };
/** SPEC 3: the signup screen's list. */
const HOW_HEARD = [NOT_SPECIFIED, ...HOW_HEARD_SIGNUP_OPTIONS.map((o) => ({ value: o, label: o }))];

export type SignupErrors = Partial<Record<keyof SignupValues, string>>;

const todayIso = () => format(new Date(), 'yyyy-MM-dd');

/** The problems of the form, per field, in the spec's words (an empty object when it can be sent). */
export function validateSignup(v: SignupValues, today = todayIso()): SignupErrors {
  const errors: SignupErrors = {};
  for (const field of ['firstName', 'lastName', 'dogName', 'dogBreed', 'dogBirthDate'] as const) {
    if (!v[field].trim()) errors[field] = SIGNUP_REQUIRED_TEXTS[field];
  }
  const date = v.dogBirthDate.trim();
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.dogBirthDate = DOG_BIRTH_DATE_FORMAT_TEXT;
  else if (date && date > today) errors.dogBirthDate = DOG_BIRTH_DATE_FUTURE_TEXT;
  if (!v.password) errors.password = SIGNUP_REQUIRED_TEXTS.password;
  else {
    const problem = passwordProblem(v.password);
    if (problem) errors.password = problem;
  }
  if (v.password && v.confirmPassword !== v.password) errors.confirmPassword = PASSWORDS_MISMATCH_TEXT;
  return errors;
}

/** The server's field messages (zod issues by field) shown under the matching inputs. */
function serverErrors(fields: Record<string, string[]> | undefined): SignupErrors {
  const out: SignupErrors = {};
  const keys = ['firstName', 'lastName', 'phone', 'dogName', 'dogBreed', 'dogBirthDate', 'howHeardAboutUs', 'password'];
  for (const key of keys as (keyof SignupValues)[]) {
    const message = fields?.[key]?.[0];
    if (message) out[key] = message;
  }
  return out;
}

/** The signup form of a loaded invitation: prefilled, e-mail locked, then /login 3 s after success. */
export function SignupForm({ token, invitation }: { token: string; invitation: InvitationView }) {
  const navigate = useNavigate();
  const signup = useSignup();
  const { prefill } = invitation;
  const [values, setValues] = useState<SignupValues>({
    firstName: prefill.firstName ?? '',
    lastName: prefill.lastName ?? '',
    phone: prefill.phone ?? '',
    dogName: prefill.dogName ?? '',
    dogBreed: prefill.dogBreed ?? '',
    dogBirthDate: prefill.dogBirthDate ?? '',
    howHeardAboutUs: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<SignupErrors>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [done, setDone] = useState(false);
  const today = todayIso();

  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => navigate('/login', { replace: true }), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [done, navigate]);

  const set = (field: keyof SignupValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    if (formError) setFormError(undefined);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (signup.isPending || done) return;
    const found = validateSignup(values, today);
    setErrors(found);
    setFormError(undefined);
    if (Object.keys(found).length > 0) return;
    const phone = values.phone.trim();
    try {
      await signup.mutateAsync({
        token,
        email: invitation.email,
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        ...(phone ? { phone } : {}),
        dogName: values.dogName.trim(),
        dogBreed: values.dogBreed.trim(),
        dogBirthDate: values.dogBirthDate.trim(),
        ...(values.howHeardAboutUs ? { howHeardAboutUs: values.howHeardAboutUs } : {}),
      });
      setDone(true);
    } catch (e) {
      if (e instanceof ApiError) setErrors(serverErrors(e.fields));
      setFormError(e instanceof Error && e.message ? e.message : 'Failed to create your account. Please try again.');
    }
  };

  const busy = signup.isPending || done;
  const field = (name: keyof SignupValues, extra: Partial<InputProps> = {}) => ({
    value: values[name],
    disabled: busy,
    invalid: !!errors[name],
    onChange: ({ detail }: { detail: { value: string } }) => set(name, detail.value),
    ...extra,
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Form
        header={
          <Header variant="h1" description="Your trainer invited you. Check your details and choose a password.">
            Create your account
          </Header>
        }
        errorText={formError}
        errorIconAriaLabel="Error"
        actions={
          <Button variant="primary" formAction="submit" loading={signup.isPending} disabled={done}>
            {signup.isPending ? 'Creating account...' : 'Create Account'}
          </Button>
        }
      >
        <SpaceBetween size="l">
          <div role="status">
            {done && (
              <Alert type="success" statusIconAriaLabel="Success">
                {SIGNUP_SUCCESS_TEXT}
              </Alert>
            )}
          </div>
          <FormField label="Email" description="The address your invitation was sent to.">
            <Input value={invitation.email} readOnly type="email" autoComplete="username" />
          </FormField>
          <ColumnLayout columns={2}>
            <FormField label="First name" errorText={errors.firstName}>
              <Input {...field('firstName', { autoComplete: 'given-name', ariaRequired: true })} />
            </FormField>
            <FormField label="Last name" errorText={errors.lastName}>
              <Input {...field('lastName', { autoComplete: 'family-name', ariaRequired: true })} />
            </FormField>
          </ColumnLayout>
          <FormField label="Phone" constraintText="Optional" errorText={errors.phone}>
            <Input {...field('phone', { type: 'text', inputMode: 'tel', autoComplete: 'tel' })} />
          </FormField>
          <Header variant="h2">Your dog</Header>
          <ColumnLayout columns={2}>
            <FormField label="Dog's name" errorText={errors.dogName}>
              <Input {...field('dogName', { autoComplete: false, ariaRequired: true })} />
            </FormField>
            <FormField label="Breed" errorText={errors.dogBreed}>
              <Input {...field('dogBreed', { autoComplete: false, ariaRequired: true })} />
            </FormField>
          </ColumnLayout>
          <FormField label="Date of birth" constraintText="Not after today." errorText={errors.dogBirthDate}>
            <DateInput
              value={values.dogBirthDate}
              onChange={({ detail }) => set('dogBirthDate', detail.value)}
              max={today}
              disabled={busy}
              ariaRequired
              invalid={!!errors.dogBirthDate}
            />
          </FormField>
          <FormField label="How did you hear about us?" constraintText="Optional" errorText={errors.howHeardAboutUs}>
            <Select
              selectedOption={HOW_HEARD.find((o) => o.value === values.howHeardAboutUs) ?? NOT_SPECIFIED}
              options={HOW_HEARD}
              disabled={busy}
              onChange={({ detail }) => set('howHeardAboutUs', detail.selectedOption.value ?? '')}
            />
          </FormField>
          <Header variant="h2">Password</Header>
          <FormField
            label="Password"
            constraintText={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            errorText={errors.password}
          >
            <Input {...field('password', { type: 'password', autoComplete: 'new-password', ariaRequired: true })} />
          </FormField>
          <FormField label="Confirm password" errorText={errors.confirmPassword}>
            <Input
              {...field('confirmPassword', { type: 'password', autoComplete: 'new-password', ariaRequired: true })}
            />
          </FormField>
          {done && <Box color="text-body-secondary">Taking you to the sign-in page...</Box>}
        </SpaceBetween>
      </Form>
    </form>
  );
}
