import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOW_HEARD_OPTIONS } from '#shared/contracts/client-options';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { ApiError } from '../../../lib/api';
import { copyToClipboard } from '../../../lib/clipboard';
import { fullName, REDIRECT_DELAY_MS } from '../../../lib/format';
import { useToasts } from '../../../lib/toasts';
import { useCreateClient } from '../api/clients';
import {
  ClientFields,
  type ClientFormErrors,
  type ClientFormValues,
  EMPTY_CLIENT_FORM,
  optionalFields,
  serverFieldErrors,
  validateClientForm,
} from './client-fields';

export const createdText = (name: string, invited: boolean) =>
  invited
    ? `Client created successfully! Invitation link copied to clipboard - send this to ${name}.`
    : 'Client profile created successfully!';

/** /dashboard/clients/create (admin): a new client account, with a signup invitation by default. */
export function ClientCreatePage() {
  const navigate = useNavigate();
  const follow = useFollow();
  const { notify } = useToasts();
  const create = useCreateClient();
  const [values, setValues] = useState<ClientFormValues>(EMPTY_CLIENT_FORM);
  const [errors, setErrors] = useState<ClientFormErrors>({});
  const [sendInvitation, setSendInvitation] = useState(true);
  const [createdId, setCreatedId] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!createdId) return;
    const t = setTimeout(() => navigate(`/dashboard/clients/${createdId}`), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [createdId, navigate]);

  const onChange = (field: keyof ClientFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (create.isPending || createdId) return;
    const found = validateClientForm(values, { requireEmail: true });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const created = await create.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        ...optionalFields(values),
        sendInvitation,
      });
      const name = fullName(created.client);
      if (created.invitationLink) {
        const copied = await copyToClipboard(created.invitationLink);
        notify({ type: 'success', content: createdText(name, true) });
        if (!copied) {
          notify({
            type: 'warning',
            content: `The browser did not allow copying. The invitation was e-mailed; the link is ${created.invitationLink}`,
            durationMs: 10_000,
          });
        }
      } else {
        notify({ type: 'success', content: createdText(name, false) });
      }
      setCreatedId(created.client.id);
    } catch (e) {
      if (e instanceof ApiError) setErrors(serverFieldErrors(e.fields));
      const message = e instanceof Error && e.message ? e.message : 'Failed to create client profile';
      notify({ type: 'error', content: message });
    }
  };

  const busy = create.isPending || !!createdId;
  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <RouterLink href="/dashboard/clients">Back to Client Management</RouterLink>
          <Header variant="h1" description="Creates the client's account. The invitation lets them set a password.">
            Add Client
          </Header>
        </SpaceBetween>
      }
    >
      <Seo title="Add Client | Pawsitive Portal" description="Add a client" robots="noindex, nofollow" />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button href="/dashboard/clients" onFollow={follow} variant="link" disabled={busy}>
                Cancel
              </Button>
              <Button variant="primary" formAction="submit" loading={create.isPending} disabled={!!createdId}>
                {create.isPending ? 'Creating...' : 'Create Client'}
              </Button>
            </SpaceBetween>
          }
        >
          <Container header={<Header variant="h2">Client details</Header>}>
            <SpaceBetween size="l">
              <ClientFields
                values={values}
                errors={errors}
                onChange={onChange}
                disabled={busy}
                howHeardOptions={HOW_HEARD_OPTIONS}
              />
              <Checkbox
                checked={sendInvitation}
                disabled={busy}
                onChange={({ detail }) => setSendInvitation(detail.checked)}
                description="E-mails a signup link (valid for 7 days) and copies it to your clipboard."
              >
                Send signup invitation
              </Checkbox>
            </SpaceBetween>
          </Container>
        </Form>
      </form>
    </ContentLayout>
  );
}
