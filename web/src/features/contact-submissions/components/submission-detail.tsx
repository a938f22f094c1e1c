import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ContactStatus, ContactSubmission } from '#shared/contracts/contact-options';
import { RouterLink } from '../../../components/portal/router-link';
import { useContactSubmission } from '../api/contact-submissions';
import { StatusActions } from './status-actions';
import { STATUS_INDICATOR, STATUS_LABELS } from './status-filter';
import { formatDay, formatInstant, fullName, programLabel, sexLabel } from './submission-format';

/** Every field of one submission, with its status controls and, when converted, the client's profile. */
export function SubmissionDetail({
  id,
  busy,
  onRequest,
  onClose,
}: {
  id: string;
  busy: boolean;
  onRequest: (submission: ContactSubmission, to: ContactStatus) => void;
  onClose: () => void;
}) {
  const query = useContactSubmission(id);
  const s = query.data?.submission;
  const profile = query.data?.assignedProfile;
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={<Button iconName="close" variant="icon" ariaLabel="Close details" onClick={onClose} />}
          description={s ? `Received ${formatInstant(s.createdAt)}` : undefined}
        >
          {s ? `Submission from ${fullName(s)}` : 'Submission details'}
        </Header>
      }
    >
      {query.isPending ? (
        <Box textAlign="center">
          <Spinner /> Loading submission
        </Box>
      ) : query.isError ? (
        <Alert type="error" header="Could not load the submission">
          {query.error.message}
        </Alert>
      ) : s ? (
        <SpaceBetween size="l">
          <KeyValuePairs
            columns={3}
            ariaLabel="Submission details"
            items={[
              { label: 'Name', value: fullName(s) },
              { label: 'Email', value: <Link href={`mailto:${s.email}`}>{s.email}</Link> },
              { label: 'Phone', value: s.phone },
              { label: "Dog's name", value: s.dogName },
              { label: 'Breed', value: s.dogBreed || 'Unknown' },
              { label: 'Sex', value: sexLabel(s.dogSex) || '-' },
              { label: 'Birth date', value: formatDay(s.dogBirthDate) },
              { label: 'Program', value: programLabel(s.program) },
              { label: 'Received', value: formatInstant(s.createdAt) },
              {
                label: 'Status',
                value: <StatusIndicator type={STATUS_INDICATOR[s.status]}>{STATUS_LABELS[s.status]}</StatusIndicator>,
              },
              {
                label: 'Client profile',
                value: profile ? (
                  <RouterLink href={`/dashboard/clients/${profile.id}`}>
                    {`${profile.firstName} ${profile.lastName}`.trim()}
                    {profile.isActive ? '' : ' (deactivated)'}
                  </RouterLink>
                ) : s.assignedProfileId ? (
                  'No longer exists'
                ) : (
                  'Not converted'
                ),
              },
            ]}
          />
          <div>
            <Box variant="awsui-key-label">Message</Box>
            <Box variant="p">
              <span style={{ whiteSpace: 'pre-wrap' }}>{s.message}</span>
            </Box>
          </div>
          <StatusActions submission={s} busy={busy} onRequest={onRequest} />
        </SpaceBetween>
      ) : null}
    </Container>
  );
}
