import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { ReactNode } from 'react';
import type { SessionView } from '#shared/contracts/session-options';
import { durationLabel, formatStart, StatusBadge, typeLabel } from './session-format';
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

/** What the List and Details views show: the sessions, their states, and the container's parts. */
export interface SessionListProps {
  items: SessionView[];
  loading: boolean;
  admin: boolean;
  label: string;
  header?: ReactNode;
  filter?: ReactNode;
  pagination?: ReactNode;
  empty: ReactNode;
  actions?: (s: SessionView) => ReactNode;
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
}: SessionListProps & { onOpen?: (s: SessionView) => void }) {
  // Minimum widths leave the cells' own words room: at 1280 px the trainer's list holds long one-word
  // names (dogs, hyphenated clients) without scrolling sideways; dates, types and actions wrap between words.
  const columns: TableProps.ColumnDefinition<SessionView>[] = [
    {
      id: 'when',
      header: 'Date and time',
      isRowHeader: true,
      minWidth: 112,
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
    ...(admin ? [{ id: 'client', header: 'Client', minWidth: 120, cell: (s: SessionView) => s.clientName }] : []),
    { id: 'dog', header: 'Dog', minWidth: 100, cell: (s) => s.dogName },
    { id: 'type', header: 'Type', minWidth: 80, cell: (s) => typeLabel(s) },
    { id: 'duration', header: 'Duration', minWidth: 72, cell: (s) => durationLabel(s.durationMinutes) },
    { id: 'status', header: 'Status', minWidth: 100, cell: (s) => <StatusBadge status={s.status} /> },
  ];
  if (actions)
    columns.push({
      id: 'actions',
      header: 'Actions',
      minWidth: 96,
      cell: actions,
    });
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
