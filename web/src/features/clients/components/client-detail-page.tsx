import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Tabs from '@cloudscape-design/components/tabs';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ClientProfile } from '#shared/contracts/client-options';
import { Modal } from '../../../components/portal/modal';
import { PlainTable } from '../../../components/portal/plain-table';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { ApiError } from '../../../lib/api';
import { copyToClipboard } from '../../../lib/clipboard';
import { formatDateTime, fullName } from '../../../lib/format';
import { clientProfileHref, messageClientHref, scheduleForClientHref } from '../../../lib/portal-links';
import type { ClientSessionSummary } from '../../../lib/queries/clients';
import { creditsText, useClientCredits } from '../../../lib/queries/credits';
import { useToasts } from '../../../lib/toasts';
import { useClient, useDeactivateClient, useDeleteClient, useInviteClient, useReactivateClient } from '../api/clients';
import { ClientStatus } from './client-status';

export const DEACTIVATED_TEXT = 'Client has been deactivated and removed from Client Management.';
export const DELETED_TEXT = 'Client and all associated data have been permanently deleted.';

const SESSION_TYPES: Record<ClientSessionSummary['sessionType'], string> = {
  evaluation: 'Evaluation',
  training: 'Training',
  follow_up: 'Follow-up',
};
const SESSION_STATUS: Record<ClientSessionSummary['status'], 'pending' | 'info' | 'success' | 'stopped'> = {
  scheduled: 'pending',
  confirmed: 'info',
  completed: 'success',
  cancelled: 'stopped',
};

const text = (v: string | undefined) => v || '-';

/** The client's session credits (packages give them, completed sessions use them). */
function ClientCredits({ id }: { id: string }) {
  const credits = useClientCredits(id);
  if (credits.isPending) return <StatusIndicator type="loading">Loading</StatusIndicator>;
  const balance = credits.data?.credits?.balance;
  if (credits.isError || typeof balance !== 'number')
    return <StatusIndicator type="error">Not available</StatusIndicator>;
  return <>{creditsText(balance)}</>;
}

function Overview({ client }: { client: ClientProfile }) {
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Contact</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Email', value: <Link href={`mailto:${client.email}`}>{client.email}</Link> },
            {
              label: 'Phone',
              value: client.phone ? (
                <Link href={`tel:${client.phone.replace(/[^\d+]/g, '')}`}>{client.phone}</Link>
              ) : (
                '-'
              ),
            },
            { label: 'Address', value: text(client.address) },
            { label: 'Emergency contact', value: text(client.emergencyContact) },
            { label: 'Emergency phone', value: text(client.emergencyPhone) },
            { label: 'How they heard about us', value: text(client.howHeardAboutUs) },
          ]}
        />
      </Container>
      <Container header={<Header variant="h2">Account</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Status', value: <ClientStatus client={client} /> },
            { label: 'Onboarding step', value: String(client.onboardingStep) },
            { label: 'From a contact request', value: client.createdFromContactForm ? 'Yes' : 'No' },
            { label: 'Created', value: formatDateTime(client.createdAt) },
            { label: 'Last updated', value: formatDateTime(client.updatedAt) },
            {
              label: 'Signed up',
              value: client.signupCompletedAt ? formatDateTime(client.signupCompletedAt) : 'Not yet',
            },
            { label: 'Session credits', value: <ClientCredits id={client.id} /> },
            { label: 'Client ID', value: <Box variant="code">{client.id}</Box> },
          ]}
        />
      </Container>
      <Container
        header={
          <Header variant="h2" description="Only you see these notes.">
            Trainer notes
          </Header>
        }
      >
        <Box variant="p" color={client.notes ? undefined : 'text-body-secondary'}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{client.notes || 'No notes.'}</span>
        </Box>
      </Container>
    </SpaceBetween>
  );
}

function Sessions({ sessions }: { sessions: ClientSessionSummary[] }) {
  return (
    <PlainTable
      items={sessions.slice(0, 10)}
      trackBy="id"
      label="Recent sessions"
      header={
        <Header variant="h2" description="The last 10 sessions, newest first.">
          Sessions
        </Header>
      }
      columnDefinitions={[
        { id: 'date', header: 'Date', isRowHeader: true, cell: (s) => formatDateTime(s.scheduledAt) },
        { id: 'dog', header: 'Dog', cell: (s) => s.dogName ?? '-' },
        { id: 'type', header: 'Type', cell: (s) => SESSION_TYPES[s.sessionType] ?? s.sessionType },
        { id: 'duration', header: 'Duration', cell: (s) => `${s.durationMinutes} min` },
        {
          id: 'status',
          header: 'Status',
          cell: (s) => (
            <StatusIndicator type={SESSION_STATUS[s.status] ?? 'info'}>
              {s.status.charAt(0).toUpperCase() + s.status.slice(1)}
            </StatusIndicator>
          ),
        },
      ]}
      empty={
        <Box textAlign="center" color="inherit" padding="l">
          <b>No sessions yet.</b>
          <Box variant="p" color="inherit">
            Sessions scheduled for this client's dogs appear here.
          </Box>
        </Box>
      }
    />
  );
}

/** SPEC 8 (Clients/profile): a signup invitation that could not be made. */
export const INVITATION_FAILED_TEXT = 'Failed to create signup invitation. Please try again.';

/**
 * A new signup invitation for a client who has not signed up yet (the first one expired, or none was
 * sent): e-mailed by the server, its link copied for the trainer to pass on.
 */
function InviteButton({ client }: { client: ClientProfile }) {
  const { notify } = useToasts();
  const invite = useInviteClient(client.id);
  const run = async () => {
    try {
      const { invitationLink } = await invite.mutateAsync();
      const copied = await copyToClipboard(invitationLink);
      notify({
        type: 'success',
        content: copied
          ? `Invitation link copied to clipboard - send this to ${fullName(client)}.`
          : `The invitation was e-mailed; the link is ${invitationLink}`,
      });
    } catch (e) {
      // The reason, when the server gives one the trainer can act on (already signed up, deactivated).
      const reason = e instanceof ApiError && e.status === 409 ? ` ${e.message}` : '';
      notify({ type: 'error', content: `${INVITATION_FAILED_TEXT}${reason}` });
    }
  };
  return (
    <Button onClick={() => void run()} loading={invite.isPending} iconName="envelope">
      Send signup invitation
    </Button>
  );
}

export const REACTIVATED_TEXT = 'Client has been reactivated and is back in Client Management.';

/** A deactivated client comes back: active again, back in the active list, able to sign in. */
function ReactivateButton({ id }: { id: string }) {
  const { notify } = useToasts();
  const reactivate = useReactivateClient(id);
  const run = async () => {
    try {
      await reactivate.mutateAsync();
      notify({ type: 'success', content: REACTIVATED_TEXT });
    } catch (e) {
      notify({ type: 'error', content: (e as Error).message || 'Failed to reactivate client' });
    }
  };
  return (
    <Button onClick={() => void run()} loading={reactivate.isPending}>
      Reactivate
    </Button>
  );
}

function DeactivateModal({ client, onClose }: { client: ClientProfile; onClose: () => void }) {
  const { notify } = useToasts();
  const deactivate = useDeactivateClient(client.id);
  const confirm = async () => {
    try {
      await deactivate.mutateAsync();
      notify({ type: 'success', content: DEACTIVATED_TEXT });
      onClose();
    } catch (e) {
      notify({ type: 'error', content: (e as Error).message || 'Failed to deactivate client' });
    }
  };
  return (
    <Modal
      visible
      onDismiss={() => !deactivate.isPending && onClose()}
      header={`Deactivate ${fullName(client)}?`}
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={deactivate.isPending}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => void confirm()} loading={deactivate.isPending}>
              Deactivate
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {fullName(client)} will no longer be able to sign in, and leaves the active client list. Their dogs, notes and
      history are kept; you can still find them under Deactivated.
    </Modal>
  );
}

function DeleteModal({ client, onClose }: { client: ClientProfile; onClose: () => void }) {
  const { notify } = useToasts();
  const navigate = useNavigate();
  const remove = useDeleteClient(client.id);
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === client.email.toLowerCase();
  const confirm = async () => {
    if (!matches) return;
    try {
      await remove.mutateAsync();
      notify({ type: 'success', content: DELETED_TEXT });
      onClose();
      navigate('/dashboard/clients');
    } catch (e) {
      notify({ type: 'error', content: (e as Error).message || 'Failed to delete client' });
    }
  };
  return (
    <Modal
      visible
      onDismiss={() => !remove.isPending && onClose()}
      header={`Delete ${fullName(client)} permanently?`}
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => void confirm()} disabled={!matches} loading={remove.isPending}>
              Delete permanently
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Alert type="warning">
          This deletes the client's account, dogs, notes, messages and sessions. It cannot be undone.
        </Alert>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <FormField label={`Type ${client.email} to confirm`}>
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
 * /dashboard/clients/{id} (admin): one client with their dogs, sessions and notes. The dogs, notes,
 * payments and conversations tabs are other features' panels, which the app hands in
 * (app/portal/client-detail-screen.tsx); a tab's content is rendered only while it is shown.
 */
export function ClientDetailPage({
  dogsPanel,
  notesPanel,
  paymentsPanel,
  conversationsPanel,
}: {
  dogsPanel: (clientId: string) => ReactNode;
  notesPanel: (clientId: string) => ReactNode;
  /** The client's payments (the payments feature's panel); no tab without it. */
  paymentsPanel?: (clientId: string) => ReactNode;
  /** The client's conversations with the trainer (the messages feature's list); no tab without it. */
  conversationsPanel?: (client: ClientProfile) => ReactNode;
}) {
  const { id = '' } = useParams();
  const follow = useFollow();
  const query = useClient(id);
  const [tab, setTab] = useState('overview');
  const [modal, setModal] = useState<'deactivate' | 'delete' | undefined>(undefined);

  const back = <RouterLink href="/dashboard/clients">Back to Client Management</RouterLink>;
  const seo = <Seo title="Client | Pawsitive Portal" description="Client profile" robots="noindex, nofollow" />;

  if (query.isPending) {
    return (
      <ContentLayout header={<SpaceBetween size="xs">{back}</SpaceBetween>}>
        {seo}
        <Box textAlign="center" padding="xxl">
          <StatusIndicator type="loading">Loading client</StatusIndicator>
        </Box>
      </ContentLayout>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <ContentLayout header={<SpaceBetween size="xs">{back}</SpaceBetween>}>
        {seo}
        <Alert
          type="error"
          header={notFound ? 'Client not found' : 'Error loading client information'}
          action={notFound ? undefined : <Button onClick={() => void query.refetch()}>Retry</Button>}
        >
          {notFound ? 'This client does not exist or has been deleted.' : query.error.message}
        </Alert>
      </ContentLayout>
    );
  }

  const { client, sessions } = query.data;
  const name = fullName(client);
  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          {back}
          <Header
            variant="h1"
            description={client.email}
            info={client.isActive ? undefined : <Badge color="grey">Deactivated</Badge>}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                {client.isActive && (
                  <>
                    <Button href={scheduleForClientHref(client.id)} onFollow={follow} iconName="calendar">
                      Schedule session
                    </Button>
                    <Button
                      href={messageClientHref(client.id, clientProfileHref(client.id))}
                      onFollow={follow}
                      iconName="send"
                    >
                      Message
                    </Button>
                  </>
                )}
                <Button href={`/dashboard/clients/${client.id}/edit`} onFollow={follow} iconName="edit">
                  Edit
                </Button>
                <Button href={`/dashboard/clients/${client.id}/dogs/add`} onFollow={follow} iconName="add-plus">
                  Add dog
                </Button>
                {client.isActive && !client.signupCompletedAt && <InviteButton client={client} />}
                {client.isActive ? (
                  <Button onClick={() => setModal('deactivate')}>Deactivate</Button>
                ) : (
                  <ReactivateButton id={client.id} />
                )}
                <Button onClick={() => setModal('delete')}>Delete permanently</Button>
              </SpaceBetween>
            }
          >
            {name}
          </Header>
        </SpaceBetween>
      }
    >
      <Seo title={`${name} | Pawsitive Portal`} description="Client profile" robots="noindex, nofollow" />
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId)}
        ariaLabel="Client sections"
        i18nStrings={{ scrollLeftAriaLabel: 'Scroll tabs left', scrollRightAriaLabel: 'Scroll tabs right' }}
        tabs={[
          { id: 'overview', label: 'Overview', content: <Overview client={client} /> },
          { id: 'dogs', label: 'Dogs', content: dogsPanel(client.id) },
          { id: 'sessions', label: 'Sessions', content: <Sessions sessions={sessions} /> },
          { id: 'notes', label: 'Notes', content: notesPanel(client.id) },
          ...(paymentsPanel ? [{ id: 'payments', label: 'Payments', content: paymentsPanel(client.id) }] : []),
          ...(conversationsPanel
            ? [{ id: 'conversations', label: 'Conversations', content: conversationsPanel(client) }]
            : []),
        ]}
      />
      {modal === 'deactivate' && <DeactivateModal client={client} onClose={() => setModal(undefined)} />}
      {modal === 'delete' && <DeleteModal client={client} onClose={() => setModal(undefined)} />}
    </ContentLayout>
  );
}
