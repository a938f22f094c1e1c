import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/portal/modal';
import { useAuth } from '../../../lib/auth-context';
import { useToasts } from '../../../lib/toasts';
import { useDeleteMyAccount, useExportMyData } from '../api/account';

export const EXPORT_DONE_TEXT = 'Your data has been downloaded.';
export const EXPORT_FAILED_TEXT = 'Failed to download your data. Please try again.';
export const ACCOUNT_DELETED_TEXT = 'Your account and all its data have been deleted.';
export const DELETE_FAILED_TEXT = 'Failed to delete your account. Please try again.';

function DeleteAccountModal({ email, onClose }: { email: string; onClose: () => void }) {
  const { notify } = useToasts();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const remove = useDeleteMyAccount();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const confirm = async () => {
    if (!matches || remove.isPending) return;
    try {
      await remove.mutateAsync(typed.trim());
    } catch (e) {
      notify({ type: 'error', content: (e as Error).message || DELETE_FAILED_TEXT });
      return;
    }
    // The account is gone: end the local session whatever Cognito answers to the sign-out.
    await signOut().catch(() => undefined);
    notify({ type: 'success', content: ACCOUNT_DELETED_TEXT });
    navigate('/login', { replace: true });
  };
  return (
    <Modal
      visible
      onDismiss={() => !remove.isPending && onClose()}
      header="Delete your account permanently?"
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="primary"
              onClick={() => void confirm()}
              disabled={!matches}
              loading={remove.isPending}
              loadingText="Deleting your account"
            >
              Delete my account
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Alert type="warning">
          This deletes your account, your dogs, messages and sessions. You will be signed out and cannot sign in again.
          It cannot be undone.
        </Alert>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <FormField label={`Type ${email} to confirm`}>
            <Input
              value={typed}
              onChange={({ detail }) => setTyped(detail.value)}
              type="email"
              autoComplete="off"
              disabled={remove.isPending}
            />
          </FormField>
        </form>
      </SpaceBetween>
    </Modal>
  );
}

/**
 * Settings, Profile & Account: Download my data (a JSON file of everything stored about the
 * signed-in person) for everyone; Delete my account for clients.
 */
export function AccountDataSection() {
  const { user } = useAuth();
  const { notify } = useToasts();
  const exporter = useExportMyData();
  const [deleting, setDeleting] = useState(false);
  const isClient = user?.role === 'client';

  const download = async () => {
    try {
      await exporter.mutateAsync();
      notify({ type: 'success', content: EXPORT_DONE_TEXT });
    } catch (e) {
      notify({ type: 'error', content: (e as Error).message || EXPORT_FAILED_TEXT });
    }
  };

  return (
    <Container header={<Header variant="h2">Your data</Header>}>
      <SpaceBetween size="l">
        <SpaceBetween size="xs">
          <Box>
            A JSON file of everything the portal stores about you: your profile, settings
            {isClient ? ', dogs, sessions, messages and read receipts' : ''}.
          </Box>
          <Button
            iconName="download"
            onClick={() => void download()}
            loading={exporter.isPending}
            loadingText="Preparing your data"
          >
            Download my data
          </Button>
        </SpaceBetween>
        {isClient && user?.email && (
          <SpaceBetween size="xs">
            <Box>Deleting your account removes all your data for good and signs you out.</Box>
            <Button onClick={() => setDeleting(true)}>Delete my account</Button>
          </SpaceBetween>
        )}
      </SpaceBetween>
      {deleting && user?.email && <DeleteAccountModal email={user.email} onClose={() => setDeleting(false)} />}
    </Container>
  );
}
