import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ReactNode } from 'react';
import type { SessionView } from '#shared/contracts/session-options';
import { type PlainColumn, PlainTable } from '../../../components/portal/plain-table';
import { durationLabel, formatStart, typeLabel } from './session-format';
import { StatusBadge } from './session-status-badge';
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

/**
 * The List view: the sessions as a plain table (header, filter and pagination above it), one cursor
 * page at a time (ADR 0065). At 1280 px the trainer's list fits without scrolling sideways.
 */
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
  const columns: PlainColumn<SessionView>[] = [
    {
      id: 'start',
      header: 'Date and time',
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
    ...(admin ? [{ id: 'client', header: 'Client', cell: (s: SessionView) => s.clientName }] : []),
    { id: 'dog', header: 'Dog', cell: (s) => s.dogName },
    { id: 'type', header: 'Type', cell: (s) => typeLabel(s) },
    { id: 'duration', header: 'Duration', cell: (s) => durationLabel(s.durationMinutes) },
    { id: 'status', header: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
    ...(actions ? [{ id: 'actions', header: 'Actions', cell: actions }] : []),
  ];
  return (
    <PlainTable
      items={items}
      columnDefinitions={columns}
      trackBy="id"
      label={label}
      loading={loading}
      loadingText="Loading sessions"
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
