import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards, { type CardsProps } from '@cloudscape-design/components/cards';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs, { type KeyValuePairsProps } from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { ReactNode } from 'react';
import type { SessionView } from '../../../../../shared/contracts/session-options';
import { formatDateTime } from '../../clients/components/client-format';
import { RouterLink } from '../../portal/components/router-link';
import { durationLabel, formatLongDate, formatStart, formatTimeRange, StatusBadge, typeLabel } from './session-format';
import './sessions.css';

/** The three ways both sessions screens show their sessions. */
export const VIEWS = [
  { id: 'list', text: 'List' },
  { id: 'calendar', text: 'Calendar' },
  { id: 'details', text: 'Details' },
] as const;
export type SessionsView = (typeof VIEWS)[number]['id'];
export const viewOf = (v: string | null): SessionsView =>
  VIEWS.some((x) => x.id === v) ? (v as SessionsView) : 'list';

/** A session's full details: the trainer also sees the client's contact details, the id and timestamps. */
export function detailItems(s: SessionView, admin: boolean): KeyValuePairsProps.Item[] {
  const items: KeyValuePairsProps.Item[] = [
    { label: 'Date', value: formatLongDate(s.scheduledAt) },
    { label: 'Time', value: formatTimeRange(s) },
    { label: 'Dog', value: s.dogBreed ? `${s.dogName} (${s.dogBreed})` : s.dogName },
    { label: 'Session type', value: typeLabel(s) },
    { label: 'Duration', value: durationLabel(s.durationMinutes) },
    { label: 'Status', value: <StatusBadge status={s.status} /> },
  ];
  if (admin) {
    items.splice(2, 0, { label: 'Client', value: s.clientName });
    items.push(
      {
        label: 'Client email',
        value: s.clientEmail ? <Link href={`mailto:${s.clientEmail}`}>{s.clientEmail}</Link> : '-',
      },
      {
        label: 'Client phone',
        value: s.clientPhone ? <Link href={`tel:${s.clientPhone.replace(/[^\d+]/g, '')}`}>{s.clientPhone}</Link> : '-',
      },
    );
  }
  items.push({
    label: 'Session notes',
    value: s.notes ? <span className="session-notes">{s.notes}</span> : 'No notes.',
  });
  if (s.homeworkAssigned) {
    items.push({
      label: 'Relevant homework',
      value: admin ? (
        'Assigned'
      ) : (
        <RouterLink href={`/messages?messageId=${encodeURIComponent(s.homeworkAssigned)}`}>Open in Messages</RouterLink>
      ),
    });
  }
  if (admin) {
    items.push(
      { label: 'Session ID', value: <Box variant="code">{s.id}</Box> },
      { label: 'Created', value: formatDateTime(s.createdAt) },
      { label: 'Last updated', value: formatDateTime(s.updatedAt) },
    );
  }
  return items;
}

export function SessionDetails({ session, admin }: { session: SessionView; admin: boolean }) {
  return <KeyValuePairs columns={2} items={detailItems(session, admin)} />;
}

/** The List view: a Cloudscape table, newest data from the server, one cursor page at a time. */
export function SessionTable({
  items,
  loading,
  admin,
  label,
  header,
  filter,
  pagination,
  empty,
  actions,
  onOpen,
}: {
  items: SessionView[];
  loading: boolean;
  admin: boolean;
  label: string;
  header?: ReactNode;
  filter?: ReactNode;
  pagination?: ReactNode;
  empty: ReactNode;
  actions?: (s: SessionView) => ReactNode;
  onOpen?: (s: SessionView) => void;
}) {
  const columns: TableProps.ColumnDefinition<SessionView>[] = [
    {
      id: 'when',
      header: 'Date and time',
      isRowHeader: true,
      minWidth: 170,
      cell: (s) =>
        onOpen ? (
          <Button
            variant="inline-link"
            onClick={() => onOpen(s)}
            ariaLabel={`Details of ${formatStart(s)}, ${s.dogName}`}
          >
            {formatStart(s)}
          </Button>
        ) : (
          formatStart(s)
        ),
    },
    ...(admin ? [{ id: 'client', header: 'Client', minWidth: 130, cell: (s: SessionView) => s.clientName }] : []),
    { id: 'dog', header: 'Dog', minWidth: 100, cell: (s) => s.dogName },
    { id: 'type', header: 'Type', minWidth: 100, cell: (s) => typeLabel(s) },
    { id: 'duration', header: 'Duration', minWidth: 100, cell: (s) => durationLabel(s.durationMinutes) },
    { id: 'status', header: 'Status', minWidth: 100, cell: (s) => <StatusBadge status={s.status} /> },
  ];
  if (actions) columns.push({ id: 'actions', header: 'Actions', minWidth: 160, cell: actions });
  return (
    <Table
      items={items}
      columnDefinitions={columns}
      trackBy="id"
      loading={loading}
      loadingText="Loading sessions"
      variant="container"
      wrapLines
      ariaLabels={{ tableLabel: label }}
      header={header}
      filter={filter}
      pagination={pagination}
      empty={empty}
    />
  );
}

/** The Details view: every session as a card with its full details. */
export function SessionCards({
  items,
  loading,
  admin,
  label,
  header,
  filter,
  pagination,
  empty,
  actions,
}: {
  items: SessionView[];
  loading: boolean;
  admin: boolean;
  label: string;
  header?: ReactNode;
  filter?: ReactNode;
  pagination?: ReactNode;
  empty: ReactNode;
  actions?: (s: SessionView) => ReactNode;
}) {
  const sections: CardsProps.SectionDefinition<SessionView>[] = [
    { id: 'details', content: (s) => <KeyValuePairs columns={1} items={detailItems(s, admin)} /> },
  ];
  if (actions) {
    sections.push({
      id: 'actions',
      content: (s) => (
        <SpaceBetween direction="horizontal" size="xs">
          {actions(s)}
        </SpaceBetween>
      ),
    });
  }
  return (
    <Cards
      items={items}
      trackBy="id"
      loading={loading}
      loadingText="Loading sessions"
      variant="container"
      ariaLabels={{ itemSelectionLabel: () => '', selectionGroupLabel: label }}
      cardsPerRow={[{ cards: 1 }, { minWidth: 640, cards: 2 }, { minWidth: 1100, cards: 3 }]}
      cardDefinition={{
        header: (s) => (
          <Box variant="h3" padding="n">
            {admin ? `${s.clientName} · ${s.dogName}` : s.dogName}
            <Box color="text-body-secondary" fontSize="body-s" fontWeight="normal">
              {formatStart(s)}
            </Box>
          </Box>
        ),
        sections,
      }}
      header={header}
      filter={filter}
      pagination={pagination}
      empty={empty}
    />
  );
}

export interface Stat {
  label: string;
  value: number | undefined;
}

/** The stat cards above the sessions (Total, Upcoming, ...). */
export function SessionStatCards({ stats, failed, label }: { stats: Stat[]; failed: boolean; label: string }) {
  return (
    <Container header={<Header variant="h2">{label}</Header>}>
      <ColumnLayout columns={stats.length} variant="text-grid" minColumnWidth={120}>
        {stats.map((s) => (
          <div key={s.label}>
            <Box variant="awsui-key-label">{s.label}</Box>
            <div className="session-stat">
              {failed ? (
                <StatusIndicator type="error">Unavailable</StatusIndicator>
              ) : s.value === undefined ? (
                <Spinner />
              ) : (
                s.value
              )}
            </div>
          </div>
        ))}
      </ColumnLayout>
    </Container>
  );
}
