import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, lazy, type ReactElement, Suspense, useState } from 'react';
import { isPhoneNumber, SETTINGS_TEXTS } from '#shared/contracts/settings-options';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth-context';
import { useToasts } from '../../../lib/toasts';
import { type OwnProfile, useOwnProfile, useSaveOwnProfile } from '../api/settings';
import { AccountDataSection } from './account-data-section';
import { TabLoadError, TabLoading } from './settings-states';
import { TwoStepSignInContainer } from './two-step-sign-in';

/** The password change (Amplify UI's form, about 55 KB gzip) is a chunk of its own, fetched when asked for. */
const ChangePasswordForm = lazy(() => import('./change-password').then((m) => ({ default: m.ChangePasswordForm })));

/** "Change password": the form opens (and loads) on demand and closes after a change. */
function PasswordSection() {
  const [open, setOpen] = useState(false);
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="After a change you stay signed in here; sign in with the new password next time."
          actions={
            open ? (
              <Button onClick={() => setOpen(false)}>Cancel</Button>
            ) : (
              <Button onClick={() => setOpen(true)}>Change password</Button>
            )
          }
        >
          Password
        </Header>
      }
    >
      {open && (
        <Suspense fallback={<TabLoading>Loading password form</TabLoading>}>
          <ChangePasswordForm onDone={() => setOpen(false)} />
        </Suspense>
      )}
    </Container>
  );
}

/** SPEC 8: "Profile updated successfully!" shows 3 s in settings. */
export const PROFILE_TOAST_MS = 3000;
export const PHONE_INVALID = 'Phone must be a valid phone number';

interface Values {
  firstName: string;
  lastName: string;
  phone: string;
}
type Errors = Partial<Record<keyof Values, string>>;

/** The same checks as PATCH /api/me/profile, with its messages. */
export function validateProfile(v: Values): { errors: Errors; formError?: string } {
  const errors: Errors = {};
  let formError: string | undefined;
  if (!v.firstName.trim() || !v.lastName.trim()) {
    formError = SETTINGS_TEXTS.namesRequired;
    if (!v.firstName.trim()) errors.firstName = SETTINGS_TEXTS.namesRequired;
    if (!v.lastName.trim()) errors.lastName = SETTINGS_TEXTS.namesRequired;
  }
  if (v.firstName.trim().length > 100) errors.firstName = 'First name must be at most 100 characters';
  if (v.lastName.trim().length > 100) errors.lastName = 'Last name must be at most 100 characters';
  const phone = v.phone.trim();
  if (phone && (phone.length > 40 || !isPhoneNumber(phone))) errors.phone = PHONE_INVALID;
  return { errors, formError };
}

function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { notify } = useToasts();
  const save = useSaveOwnProfile();
  const [values, setValues] = useState<Values>({
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);

  const onChange = (field: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(undefined);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending) return;
    const found = validateProfile(values);
    setErrors(found.errors);
    setFormError(found.formError);
    if (found.formError || Object.values(found.errors).some(Boolean)) return;
    try {
      const { profile: saved } = await save.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: values.phone.trim(),
      });
      setValues({ firstName: saved.firstName, lastName: saved.lastName, phone: saved.phone ?? '' });
      notify({ type: 'success', content: SETTINGS_TEXTS.profileUpdated, durationMs: PROFILE_TOAST_MS });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.message) setFormError(e.message);
      notify({ type: 'error', content: SETTINGS_TEXTS.profileUpdateFailed });
    }
  };

  const input = (field: keyof Values) => ({
    value: values[field],
    disabled: save.isPending,
    invalid: !!errors[field],
    onChange: ({ detail }: { detail: { value: string } }) => onChange(field, detail.value),
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Form
        errorText={formError}
        actions={
          <Button variant="primary" formAction="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
        }
      >
        <Container header={<Header variant="h2">Profile</Header>}>
          <ColumnLayout columns={2} minColumnWidth={220}>
            <FormField label="First name" errorText={errors.firstName}>
              <Input {...input('firstName')} autoComplete="given-name" ariaRequired />
            </FormField>
            <FormField label="Last name" errorText={errors.lastName}>
              <Input {...input('lastName')} autoComplete="family-name" ariaRequired />
            </FormField>
            <FormField label="Email" description="Your e-mail is your sign-in and cannot be changed here.">
              <Input value={profile.email} type="email" readOnly disabled onChange={() => undefined} />
            </FormField>
            <FormField label="Phone" errorText={errors.phone} constraintText="Optional">
              <Input {...input('phone')} inputMode="tel" autoComplete="tel" />
            </FormField>
          </ColumnLayout>
        </Container>
      </Form>
    </form>
  );
}

/**
 * Profile & Account: the caller's own name and phone (e-mail read-only), their password, an admin's
 * two-step sign-in, then their account data.
 */
export function ProfileTab() {
  const { user } = useAuth();
  const query = useOwnProfile();
  // The sections below come with the profile, not before it: nothing moves down when it arrives (CLS).
  if (query.isPending) return <TabLoading>Loading profile</TabLoading>;
  let content: ReactElement;
  if (query.isError)
    content = (
      <TabLoadError header="Error loading profile data" error={query.error} onRetry={() => void query.refetch()} />
    );
  else content = <ProfileForm key={query.data.profile.id} profile={query.data.profile} />;
  return (
    <SpaceBetween size="l">
      {content}
      <PasswordSection />
      {user?.role === 'admin' && <TwoStepSignInContainer />}
      <AccountDataSection />
    </SpaceBetween>
  );
}
