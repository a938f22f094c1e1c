import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
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

interface Column {
  header: string;
  cell: (s: SessionView) => ReactNode;
}

/**
 * The List view: the sessions as a plain table in a container (header, filter and pagination above
 * it), one cursor page at a time. Not Cloudscape's Table: the list screens keep their budget's headroom
 * (ADR 0065). Cells wrap between words; at 1280 px the trainer's list fits without scrolling sideways,
 * narrower the table scrolls inside its own box.
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
  const columns: Column[] = [
    {
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
    ...(admin ? [{ header: 'Client', cell: (s: SessionView) => s.clientName }] : []),
    { header: 'Dog', cell: (s) => s.dogName },
    { header: 'Type', cell: (s) => typeLabel(s) },
    { header: 'Duration', cell: (s) => durationLabel(s.durationMinutes) },
    { header: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
    ...(actions ? [{ header: 'Actions', cell: actions }] : []),
  ];
  const tools =
    filter || pagination ? (
      <div className="session-table__tools">
        <div className="session-table__filter">{filter}</div>
        {pagination}
      </div>
    ) : null;
  let body: ReactNode;
  if (loading) body = <StatusIndicator type="loading">Loading sessions</StatusIndicator>;
  else if (items.length === 0)
    body = (
      <Box textAlign="center" color="inherit">
        {empty}
      </Box>
    );
  else
    body = (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
      <section className="session-table__scroll" tabIndex={0} aria-label={`${label} table`}>
        <table className="session-table" aria-label={label}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((s) => (
              <tr key={s.id}>
                {columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c.header} scope="row">
                      {c.cell(s)}
                    </th>
                  ) : (
                    <td key={c.header}>{c.cell(s)}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    );
  return (
    <Container
      header={
        header || tools ? (
          <SpaceBetween size="s">
            {header}
            {tools}
          </SpaceBetween>
        ) : undefined
      }
    >
      {body}
    </Container>
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
