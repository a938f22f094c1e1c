import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  addDays,
  EXPIRING_WITHIN_DAYS,
  latestExpiries,
  VACCINATION_TEXTS as T,
  VACCINE_LABELS,
  type VaccinationRecord,
  vaccinationGaps,
  vaccineName,
} from '#shared/contracts/vaccination-options';
import { ConfirmModal } from '../../../components/portal/confirm-modal';
import { PlainTable } from '../../../components/portal/plain-table';
import { RouterLink } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { useAuth } from '../../../lib/auth-context';
import { formatDogDate } from '../../../lib/dog-dates';
import { useDog } from '../../../lib/queries/dogs';
import { useDogVaccinations } from '../../../lib/queries/vaccinations';
import { useToasts } from '../../../lib/toasts';
import { certificateLink, useDeleteVaccination, useVerifyVaccination } from '../api/vaccinations';
import { VaccinationForm } from './vaccination-form';

const todayLocal = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function ExpiryStatus({ record }: { record: VaccinationRecord }) {
  const today = todayLocal();
  if (record.expiresOn < today) return <StatusIndicator type="error">Expired</StatusIndicator>;
  const soon = record.expiresOn <= addDays(today, EXPIRING_WITHIN_DAYS);
  return soon ? (
    <StatusIndicator type="warning">Expires soon</StatusIndicator>
  ) : (
    <StatusIndicator type="success">Current</StatusIndicator>
  );
}

/**
 * A dog's vaccination records (`/dogs/:dogId`): the owner adds, edits and deletes them with their
 * certificates; the trainer sees them and verifies each. The required ones missing are named on top.
 */
export function DogVaccinationsPage() {
  const { dogId = '' } = useParams();
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const { notify } = useToasts();
  const dog = useDog(dogId);
  const records = useDogVaccinations(dogId);
  const remove = useDeleteVaccination(dogId);
  const verify = useVerifyVaccination(dogId);
  const [editing, setEditing] = useState<VaccinationRecord | 'new' | undefined>(undefined);
  const [deleting, setDeleting] = useState<VaccinationRecord | undefined>(undefined);

  const openCertificate = async (r: VaccinationRecord) => {
    try {
      window.open(await certificateLink(r.id), '_blank', 'noopener');
    } catch {
      notify({ type: 'error', content: 'The certificate could not be opened. Please try again.' });
    }
  };

  const items = records.data?.items ?? [];
  const missing = records.data
    ? vaccinationGaps(latestExpiries(items), records.data.required, todayLocal()).filter((g) => g.state === 'missing')
    : [];
  const name = dog.data?.name ?? 'Dog';
  const back = isAdmin && dog.data ? `/dashboard/clients/${dog.data.profileId}` : '/dashboard';

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Vaccine, date given, expiry, clinic and certificate of each vaccination."
          actions={
            !isAdmin && (
              <Button variant="primary" onClick={() => setEditing('new')}>
                Add record
              </Button>
            )
          }
        >
          {name}'s vaccinations
        </Header>
      }
    >
      <Seo
        title={`${name}'s vaccinations | Pawsitive Portal`}
        description="Vaccination records"
        robots="noindex, nofollow"
      />
      <SpaceBetween size="l">
        <RouterLink href={back}>{isAdmin ? 'Back to the client' : 'Back to Dashboard'}</RouterLink>
        {records.isError && (
          <Alert type="error" action={<Button onClick={() => void records.refetch()}>Retry</Button>}>
            {T.loadFailed}
          </Alert>
        )}
        {missing.length > 0 && (
          <Alert type="warning" header="Required vaccinations missing">
            {missing.map((g) => VACCINE_LABELS[g.vaccine]).join(', ')}
          </Alert>
        )}
        <PlainTable
          label="Vaccination records"
          header={<Header counter={records.data ? `(${items.length})` : undefined}>Records</Header>}
          loading={records.isPending}
          loadingText="Loading vaccination records"
          items={items}
          trackBy="id"
          empty={<Box textAlign="center">No vaccination records yet.</Box>}
          columnDefinitions={[
            { id: 'vaccine', header: 'Vaccine', cell: (r) => vaccineName(r) },
            { id: 'given', header: 'Date given', cell: (r) => formatDogDate(r.givenOn) },
            { id: 'expires', header: 'Expires', cell: (r) => formatDogDate(r.expiresOn) },
            { id: 'status', header: 'Status', cell: (r) => <ExpiryStatus record={r} /> },
            { id: 'clinic', header: 'Clinic', cell: (r) => r.clinic },
            {
              id: 'certificate',
              header: 'Certificate',
              cell: (r) =>
                r.hasCertificate ? (
                  <Button variant="inline-link" onClick={() => void openCertificate(r)}>
                    View certificate
                  </Button>
                ) : (
                  'None'
                ),
            },
            {
              id: 'verified',
              header: 'Verified',
              cell: (r) =>
                r.verifiedBy && r.verifiedAt ? (
                  <StatusIndicator type="success">
                    Verified by {r.verifiedBy.name} on {formatDogDate(r.verifiedAt)}
                  </StatusIndicator>
                ) : (
                  <StatusIndicator type="pending">Not verified</StatusIndicator>
                ),
            },
            {
              id: 'actions',
              header: 'Actions',
              cell: (r) =>
                isAdmin ? (
                  !r.verifiedAt && (
                    <Button
                      loading={verify.isPending && verify.variables === r.id}
                      ariaLabel={`Verify ${vaccineName(r)} record`}
                      onClick={() =>
                        verify.mutate(r.id, {
                          onSuccess: () => notify({ type: 'success', content: T.verified }),
                          onError: (e) => notify({ type: 'error', content: e.message }),
                        })
                      }
                    >
                      Verify
                    </Button>
                  )
                ) : (
                  <SpaceBetween direction="horizontal" size="xs">
                    <Button ariaLabel={`Edit ${vaccineName(r)} record`} onClick={() => setEditing(r)}>
                      Edit
                    </Button>
                    <Button ariaLabel={`Delete ${vaccineName(r)} record`} onClick={() => setDeleting(r)}>
                      Delete
                    </Button>
                  </SpaceBetween>
                ),
            },
          ]}
        />
      </SpaceBetween>
      {editing && (
        <VaccinationForm
          dogId={dogId}
          record={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      {deleting && (
        <ConfirmModal
          header="Delete vaccination record"
          confirmLabel="Delete"
          busy={remove.isPending}
          onCancel={() => setDeleting(undefined)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notify({ type: 'success', content: T.deleted });
                setDeleting(undefined);
              },
              onError: (e) => notify({ type: 'error', content: e.message }),
            })
          }
        >
          Delete the {vaccineName(deleting)} record and its certificate? This cannot be undone.
        </ConfirmModal>
      )}
    </ContentLayout>
  );
}
