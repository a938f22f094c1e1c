import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type ReactNode, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { ClassView, RosterEntry } from '#shared/contracts/class-options';
import { VACCINE_LABELS } from '#shared/contracts/vaccination-options';
import { formatDollars } from '#shared/domain/pricing';
import { ConfirmModal } from '../../../components/portal/confirm-modal';
import { type PlainColumn, PlainTable } from '../../../components/portal/plain-table';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { messageClientsHref } from '../../../lib/portal-links';
import { useToasts } from '../../../lib/toasts';
import { useCancelEnrolment, useRoster } from '../api/classes';
import {
  CLASSES_PATH,
  creditsLabel,
  formatOfferDeadline,
  meetingsSummary,
  statusLabel,
  whereLabel,
} from './class-format';
import { ClassMeetingsList } from './class-meetings-list';
import { ClassPaymentsTable } from './class-payments';
import { MeetingAttendance } from './meeting-attendance';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <div>{children}</div>
    </div>
  );
}

function Summary({ item }: { item: ClassView }) {
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={<Badge color={item.status === 'published' ? 'green' : 'grey'}>{statusLabel(item)}</Badge>}
        >
          Summary
        </Header>
      }
    >
      <ColumnLayout columns={3} variant="text-grid">
        <Item label="Schedule">
          {meetingsSummary(item)}, {item.durationMinutes} minutes
        </Item>
        <Item label="Where">{whereLabel(item) || '—'}</Item>
        <Item label="Seats">
          {item.seatsTaken} / {item.capacity} taken, {item.waitlisted} waitlisted
        </Item>
        <Item label="Credits">{creditsLabel(item.credits)} per dog</Item>
        <Item label="Price">{item.price ? formatDollars(Math.round(item.price * 100)) : 'Credits only'}</Item>
        <Item label="Required vaccinations">
          {item.requiredVaccines.length ? item.requiredVaccines.map((v) => VACCINE_LABELS[v]).join(', ') : 'None'}
          {item.requiredVaccines.length > 0 &&
            ` (${item.vaccinationRule === 'refuse' ? 'refused' : 'warned'} when not in order)`}
        </Item>
        {item.program && <Item label="Program">{item.program}</Item>}
      </ColumnLayout>
    </Container>
  );
}

/**
 * /dashboard/classes/{id}/roster (trainer): the class, its meetings, the dogs enrolled with their owners'
 * contacts and the waitlist in order; the trainer may remove an enrolment (its credits are given back), and
 * marks each meeting's attendance with notes for the owners (meeting-attendance.tsx).
 */
/** Compose to the clients of some roster entries, with the class's title as the subject. */
function MessageButton({ entries, title, label }: { entries: RosterEntry[]; title: string; label: string }) {
  const follow = useFollow();
  const { pathname } = useLocation();
  if (entries.length === 0) return null;
  const href = messageClientsHref(
    entries.map((e) => e.clientId),
    { subject: title, from: pathname },
  );
  return (
    <Button href={href} onFollow={follow} iconName="envelope">
      {label}
    </Button>
  );
}

export function ClassRosterPage() {
  const { id } = useParams();
  const { notify } = useToasts();
  const roster = useRoster(id);
  const cancel = useCancelEnrolment();
  const [removing, setRemoving] = useState<RosterEntry>();

  const onRemove = (e: RosterEntry) =>
    cancel.mutate(e.id, {
      onSuccess: () => notify({ type: 'success', content: `${e.dogName} is removed from the class` }),
      onError: (err) => notify({ type: 'error', content: err.message || 'Failed to remove the enrolment' }),
      onSettled: () => setRemoving(undefined),
    });

  const contactColumns: PlainColumn<RosterEntry>[] = [
    { id: 'dog', header: 'Dog', isRowHeader: true, cell: (e) => <b>{e.dogName}</b> },
    { id: 'owner', header: 'Owner', cell: (e) => e.clientName },
    { id: 'email', header: 'Email', cell: (e) => (e.email ? <a href={`mailto:${e.email}`}>{e.email}</a> : '—') },
    { id: 'phone', header: 'Phone', cell: (e) => (e.phone ? <a href={`tel:${e.phone}`}>{e.phone}</a> : '—') },
    {
      id: 'actions',
      header: 'Actions',
      cell: (e) => (
        <Button variant="inline-link" ariaLabel={`Remove ${e.dogName}`} onClick={() => setRemoving(e)}>
          Remove
        </Button>
      ),
    },
  ];
  const waitlistColumns: PlainColumn<RosterEntry>[] = [
    { id: 'position', header: 'Place', cell: (e) => e.position ?? '—' },
    ...contactColumns,
  ];
  // Seats held for the waitlist (ADR 0071): shown with their deadline while any is open.
  const offered = roster.data?.offered ?? [];
  const offeredColumns: PlainColumn<RosterEntry>[] = [
    { id: 'until', header: 'Held until', cell: (e) => formatOfferDeadline(e.offerExpiresAt) },
    ...contactColumns,
  ];

  const data = roster.data;
  const title = data ? `Roster: ${data.class.title}` : 'Roster';

  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <RouterLink href={CLASSES_PATH}>Back to Classes</RouterLink>
          <Header variant="h1">{title}</Header>
        </SpaceBetween>
      }
    >
      <Seo title="Class Roster | Pawsitive Portal" description="Class roster" robots="noindex, nofollow" />
      {roster.isPending ? (
        <Box textAlign="center" padding="xxl">
          <StatusIndicator type="loading">Loading roster</StatusIndicator>
        </Box>
      ) : roster.isError ? (
        <Alert
          type="error"
          header="Failed to load the roster"
          action={<Button onClick={() => void roster.refetch()}>Retry</Button>}
        >
          {roster.error.message}
        </Alert>
      ) : (
        <SpaceBetween size="l">
          <Summary item={roster.data.class} />
          <Container header={<Header variant="h2">Meetings</Header>}>
            <ClassMeetingsList item={roster.data.class} />
          </Container>
          <MeetingAttendance initial={roster.data} />
          <PlainTable
            label="Enrolled dogs"
            header={
              <Header
                counter={`(${roster.data.enrolled.length})`}
                actions={
                  <MessageButton
                    entries={[...roster.data.enrolled, ...offered]}
                    title={roster.data.class.title}
                    label="Message enrolled"
                  />
                }
              >
                Enrolled
              </Header>
            }
            columnDefinitions={contactColumns}
            items={roster.data.enrolled}
            trackBy="id"
            empty={
              <Box textAlign="center" color="inherit" padding="l">
                No dog is enrolled yet.
              </Box>
            }
          />
          {offered.length > 0 && (
            <PlainTable
              label="Seats offered"
              header={<Header counter={`(${offered.length})`}>Seats offered</Header>}
              columnDefinitions={offeredColumns}
              items={offered}
              trackBy="id"
            />
          )}
          <PlainTable
            label="Waitlist"
            header={
              <Header
                counter={`(${roster.data.waitlist.length})`}
                actions={
                  <MessageButton
                    entries={roster.data.waitlist}
                    title={roster.data.class.title}
                    label="Message waitlist"
                  />
                }
              >
                Waitlist
              </Header>
            }
            columnDefinitions={waitlistColumns}
            items={[...roster.data.waitlist].sort((a, b) => (a.position ?? 0) - (b.position ?? 0))}
            trackBy="id"
            empty={
              <Box textAlign="center" color="inherit" padding="l">
                Nobody is on the waitlist.
              </Box>
            }
          />
          {roster.data.payments?.length > 0 && <ClassPaymentsTable payments={roster.data.payments} />}
        </SpaceBetween>
      )}
      {removing && (
        <ConfirmModal
          header="Remove Enrolment"
          confirmLabel="Remove"
          busy={cancel.isPending}
          onCancel={() => setRemoving(undefined)}
          onConfirm={() => onRemove(removing)}
        >
          Remove <b>{removing.dogName}</b> ({removing.clientName}){' '}
          {removing.status === 'waitlisted' ? 'from the waitlist' : 'from the class'}?
        </ConfirmModal>
      )}
    </ContentLayout>
  );
}
