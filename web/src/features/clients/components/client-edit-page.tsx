import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { type ClientProfile, HOW_HEARD_SIGNUP_OPTIONS } from '#shared/contracts/client-options';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { ApiError } from '../../../lib/api';
import { fullName, REDIRECT_DELAY_MS } from '../../../lib/format';
import { useToasts } from '../../../lib/toasts';
import { useClient, useUpdateClient } from '../api/clients';
import {
  ClientFields,
  type ClientFormErrors,
  type ClientFormValues,
  optionalFields,
  validateClientForm,
} from './client-fields';

export const NAMES_REQUIRED = 'First name and last name are required';
export const UPDATED_TEXT = 'Profile updated successfully!';
export const UPDATE_FAILED_TEXT = 'Failed to update profile. Please try again.';
const PROFILE_NOT_FOUND_TEXT = 'Profile not found';

/** `?from=` when it is a path of this site (never another origin), else the client's page. */
export function backTarget(from: string | null, clientId: string): string {
  if (from?.startsWith('/') && !from.startsWith('//') && !from.includes('\\')) return from;
  return `/dashboard/clients/${clientId}`;
}

const toForm = (c: ClientProfile): ClientFormValues => ({
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phone: c.phone ?? '',
  address: c.address ?? '',
  emergencyContact: c.emergencyContact ?? '',
  emergencyPhone: c.emergencyPhone ?? '',
  howHeardAboutUs: c.howHeardAboutUs ?? '',
  notes: c.notes ?? '',
});

function EditForm({ client, back }: { client: ClientProfile; back: string }) {
  const navigate = useNavigate();
  const follow = useFollow();
  const { notify } = useToasts();
  const update = useUpdateClient(client.id);
  const [values, setValues] = useState<ClientFormValues>(() => toForm(client));
  const [errors, setErrors] = useState<ClientFormErrors>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const t = setTimeout(() => navigate(back), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [saved, back, navigate]);

  const onChange = (field: keyof ClientFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(undefined);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (update.isPending || saved) return;
    const found = validateClientForm(values, { requireEmail: false });
    if (found.firstName || found.lastName) {
      setFormError(NAMES_REQUIRED);
      setErrors({ firstName: found.firstName && NAMES_REQUIRED, lastName: found.lastName && NAMES_REQUIRED });
      return;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // A stored answer from the create screen's list is kept by leaving it out (the API takes this screen's list).
    const { howHeardAboutUs, ...rest } = optionalFields(values);
    const howHeardChanged = (howHeardAboutUs ?? '') !== (client.howHeardAboutUs ?? '');
    try {
      await update.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        ...rest,
        ...(howHeardChanged ? { howHeardAboutUs } : {}),
      });
      notify({ type: 'success', content: UPDATED_TEXT });
      setSaved(true);
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.message) setFormError(e.message);
      notify({ type: 'error', content: UPDATE_FAILED_TEXT });
    }
  };

  const busy = update.isPending || saved;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Form
        errorText={formError}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button href={back} onFollow={follow} variant="link" disabled={busy}>
              Cancel
            </Button>
            <Button variant="primary" formAction="submit" loading={update.isPending} disabled={saved}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </SpaceBetween>
        }
      >
        <Container header={<Header variant="h2">Profile</Header>}>
          <ClientFields
            values={values}
            errors={errors}
            onChange={onChange}
            disabled={busy}
            emailReadOnly
            howHeardOptions={HOW_HEARD_SIGNUP_OPTIONS}
          />
        </Container>
      </Form>
    </form>
  );
}

/** /dashboard/clients/{id}/edit?from= (admin): the client's profile fields; the e-mail is read-only. */
export function ClientEditPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const back = backTarget(params.get('from'), id);
  const query = useClient(id);
  const backLink = <RouterLink href={back}>Back</RouterLink>;
  const seo = <Seo title="Edit Client | Pawsitive Portal" description="Edit a client" robots="noindex, nofollow" />;

  if (query.isPending || query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <ContentLayout
        header={
          <SpaceBetween size="xs">
            {backLink}
            <Header variant="h1">Edit Client</Header>
          </SpaceBetween>
        }
      >
        {seo}
        {query.isPending ? (
          <Box textAlign="center" padding="xxl">
            <StatusIndicator type="loading">Loading client</StatusIndicator>
          </Box>
        ) : (
          <Alert
            type="error"
            // SPEC 8: the profile screen's texts (the client page says Client not found).
            header={notFound ? PROFILE_NOT_FOUND_TEXT : 'Error loading profile data'}
            action={notFound ? undefined : <Button onClick={() => void query.refetch()}>Retry</Button>}
          >
            {notFound ? 'This client does not exist or has been deleted.' : query.error?.message}
          </Alert>
        )}
      </ContentLayout>
    );
  }

  const { client } = query.data;
  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          {backLink}
          <Header variant="h1" description={client.email}>
            Edit {fullName(client)}
          </Header>
        </SpaceBetween>
      }
    >
      {seo}
      <EditForm key={client.id} client={client} back={back} />
    </ContentLayout>
  );
}
