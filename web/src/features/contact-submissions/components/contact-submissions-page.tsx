import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { format } from 'date-fns';
import { useCallback, useEffect, useState } from 'react';
import {
  type ContactStatus,
  type ContactSubmission,
  PROGRAM_OPTIONS,
} from '../../../../../shared/contracts/contact-options';
import { Seo } from '../../../components/seo';
import { showDesktopNotification, useNotificationPermission } from '../../../lib/desktop-notifications';
import { useRealtimeMessages } from '../../../lib/realtime-context';
import {
  type ContactSubmissionList,
  isContactSubmittedNotice,
  listContactSubmissions,
} from '../api/contact-submissions';
import { STATUS_LABELS, StatusFilter } from './status-filter';

const EMPTY_COUNTS: Record<ContactStatus, number> = { new: 0, contacted: 0, converted: 0, removed: 0 };

const STATUS_INDICATOR: Record<ContactStatus, StatusIndicatorProps.Type> = {
  new: 'info',
  contacted: 'in-progress',
  converted: 'success',
  removed: 'stopped',
};

export const programLabel = (value: string) => PROGRAM_OPTIONS.find((o) => o.value === value)?.label ?? value;

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, 'MMM d, yyyy h:mm a');
}

const COLUMNS: TableProps.ColumnDefinition<ContactSubmission>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (s) => `${s.firstName} ${s.lastName}`,
    isRowHeader: true,
    minWidth: 120,
  },
  { id: 'email', header: 'Email', cell: (s) => <Link href={`mailto:${s.email}`}>{s.email}</Link>, minWidth: 170 },
  { id: 'phone', header: 'Phone', cell: (s) => <span className="nowrap">{s.phone}</span>, minWidth: 125 },
  {
    id: 'dog',
    header: 'Dog',
    minWidth: 130,
    cell: (s) => (
      <>
        {s.dogName}
        <Box variant="small" color="text-body-secondary" display="block">
          {[s.dogBreed, s.dogSex === 'male' ? 'Male' : s.dogSex === 'female' ? 'Female' : '']
            .filter(Boolean)
            .join(', ')}
        </Box>
      </>
    ),
  },
  { id: 'program', header: 'Program', cell: (s) => programLabel(s.program), minWidth: 150 },
  { id: 'date', header: 'Date', cell: (s) => formatDate(s.createdAt), minWidth: 120 },
  {
    id: 'status',
    header: 'Status',
    minWidth: 95,
    cell: (s) => <StatusIndicator type={STATUS_INDICATOR[s.status]}>{STATUS_LABELS[s.status]}</StatusIndicator>,
  },
];

function emptyText(selected: readonly ContactStatus[]): string {
  return `No ${selected.map((s) => STATUS_LABELS[s].toLowerCase()).join(' or ')} submissions.`;
}

/** /dashboard/contact-submissions (admin): filtered list, live updates over the WebSocket. */
export function ContactSubmissionsPage() {
  const [selected, setSelected] = useState<ContactStatus[]>(['new']);
  const [data, setData] = useState<ContactSubmissionList | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | undefined>(undefined);
  const [reloadKey, setReloadKey] = useState(0);
  const [permission, requestPermission] = useNotificationPermission();

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(undefined);
    listContactSubmissions(selected, controller.signal).then(
      (result) => {
        setData(result);
        setLoading(false);
      },
      (e: Error) => {
        if (controller.signal.aborted) return;
        setError(e.message);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [selected, reloadKey]);

  const onRealtime = useCallback(
    (message: unknown) => {
      if (!isContactSubmittedNotice(message)) return;
      const submission = message.submission;
      setData((current) => {
        if (!current) return current;
        if (current.items.some((s) => s.id === submission.id)) return current;
        const counts = { ...current.counts, new: current.counts.new + 1 };
        const items = selected.includes(submission.status) ? [submission, ...current.items] : current.items;
        return { items, counts };
      });
      showDesktopNotification(
        'New contact submission',
        `${submission.firstName} ${submission.lastName} (${submission.dogName}): ${programLabel(submission.program)}`,
        `contact-${submission.id}`,
      );
    },
    [selected],
  );
  useRealtimeMessages(onRealtime);

  const items = data?.items ?? [];
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Free-evaluation requests from the website. New requests appear here as they arrive."
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {permission === 'default' && (
                <Button iconName="notification" onClick={() => void requestPermission()}>
                  Enable desktop notifications
                </Button>
              )}
              <Button iconName="refresh" ariaLabel="Refresh submissions" onClick={() => setReloadKey((k) => k + 1)} />
            </SpaceBetween>
          }
        >
          Contact Submissions
        </Header>
      }
    >
      <Seo
        title="Contact Submissions | Pawsitive Portal"
        description="Contact submissions"
        robots="noindex, nofollow"
      />
      <SpaceBetween size="l">
        <StatusFilter selected={selected} counts={data?.counts ?? EMPTY_COUNTS} onChange={setSelected} />
        {error ? (
          <Alert
            type="error"
            header="Could not load contact submissions"
            action={<Button onClick={() => setReloadKey((k) => k + 1)}>Retry</Button>}
          >
            {error}
          </Alert>
        ) : (
          <Table
            items={items}
            columnDefinitions={COLUMNS}
            trackBy="id"
            loading={loading}
            loadingText="Loading submissions"
            variant="container"
            wrapLines
            header={
              <Header variant="h2" counter={loading ? undefined : `(${items.length})`}>
                {selected.map((s) => STATUS_LABELS[s]).join(' + ')}
              </Header>
            }
            ariaLabels={{ tableLabel: 'Contact submissions' }}
            empty={
              <Box textAlign="center" color="inherit" padding="l">
                <b>{emptyText(selected)}</b>
                <Box variant="p" color="inherit">
                  Requests sent from the website's contact form appear here.
                </Box>
              </Box>
            }
          />
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}
