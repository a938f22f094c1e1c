import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { format } from 'date-fns';
import { lazy, Suspense, useEffect, useState } from 'react';
import { type AnalyticsData, CHART_DAYS } from '#shared/contracts/analytics';
import { PROGRAM_OPTIONS } from '#shared/contracts/contact-options';
import { PlainTable } from '../../../components/portal/plain-table';
import { Seo } from '../../../components/seo';
import { inBusinessZone } from '../../../lib/business-zone';
import { useToasts } from '../../../lib/toasts';
import { useActiveVisitors, useAnalytics } from '../api/analytics';
import { FunnelPanel } from './funnel-panel';

/** The chart code (Cloudscape's charts) is fetched by this screen only, once its figures are in. */
const PageViewsChart = lazy(() => import('./page-views-chart').then((m) => ({ default: m.PageViewsChart })));

/** SPEC 8 (Analytics). */
export const ANALYTICS_SETUP_TEXT = 'Website analytics are being set up and will be available soon!';
export const ANALYTICS_ERROR_TEXT = 'Error loading analytics data';
export const ANALYTICS_UNAVAILABLE_TEXT = 'Analytics service is under construction...';
/** SPEC 8: analytics toasts hide after 4 s. */
const TOAST_MS = 4000;

const RANGES = [
  { id: '7', text: 'Last 7 days' },
  { id: '30', text: 'Last 30 days' },
  { id: '90', text: 'Last 90 days' },
];

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const programLabel = (key: string) => PROGRAM_OPTIONS.find((p) => p.value === key)?.label ?? key;
/** A date as the trainer reads it; one that cannot be read shows Invalid Date (SPEC 8). */
const dateLabel = (iso: string) =>
  Number.isNaN(Date.parse(iso)) ? 'Invalid Date' : format(inBusinessZone(iso), 'MMM d, yyyy');

function Figure({ label, value, id, note }: { label: string; value: string; id: string; note?: string }) {
  return (
    <div data-figure={id}>
      <Box variant="awsui-key-label">{label}</Box>
      <Box fontSize="display-l" fontWeight="bold">
        {value}
      </Box>
      {note && (
        <Box color="text-body-secondary" fontSize="body-s">
          {note}
        </Box>
      )}
    </div>
  );
}

function ActiveNow() {
  const active = useActiveVisitors();
  return (
    <div data-figure="active">
      <Box variant="awsui-key-label">Active visitors now</Box>
      <Box fontSize="display-l" fontWeight="bold">
        {active.isPending ? <Spinner /> : active.isError ? '-' : active.data.data.activeUsers}
      </Box>
    </div>
  );
}

function Figures({ data }: { data: AnalyticsData }) {
  const s = data.summary;
  return (
    <Container header={<Header variant="h2">Overview</Header>}>
      <ColumnLayout columns={4} variant="text-grid" minColumnWidth={130}>
        <Figure id="views" label="Total page views" value={s.totalPageViews.toLocaleString('en-US')} />
        <Figure
          id="visitors"
          label="Daily visitors, added up"
          value={s.totalUsers.toLocaleString('en-US')}
          note="Visitors are known within a day only: one person on five days counts five"
        />
        <Figure id="bounce" label="Bounce rate" value={`${s.bounceRate}%`} />
        <Figure id="duration" label="Avg. session duration" value={`${s.avgSessionDuration.toFixed(1)} min`} />
        <ActiveNow />
        <Figure
          id="active-clients"
          label="Active clients"
          value={s.activeClients.toLocaleString('en-US')}
          note="Active client accounts now"
        />
        <Figure
          id="paid-clients"
          label="Paid clients"
          value={s.paidClients.toLocaleString('en-US')}
          note="Clients with a paid payment made in this range"
        />
      </ColumnLayout>
    </Container>
  );
}

function Details({ data }: { data: AnalyticsData }) {
  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header variant="h2" description={`The last ${CHART_DAYS} days of the range, in the business's time zone`}>
            Page views per day
          </Header>
        }
      >
        <Suspense fallback={<Spinner />}>
          <PageViewsChart days={data.pageViews.slice(-CHART_DAYS)} />
        </Suspense>
      </Container>
      <FunnelPanel funnel={data.funnel} />
      <ColumnLayout columns={2}>
        <PlainTable
          label="Top pages"
          header={<Header variant="h2">Top pages</Header>}
          items={data.summary.topPages}
          trackBy="page"
          columnDefinitions={[
            { id: 'page', header: 'Page', cell: (p) => p.page },
            { id: 'views', header: 'Views', cell: (p) => p.views.toLocaleString('en-US') },
            { id: 'share', header: 'Share', cell: (p) => `${p.percentage}%` },
          ]}
          empty={<Box color="text-body-secondary">No page views in this range</Box>}
        />
        <PlainTable
          label="Traffic sources"
          header={<Header variant="h2">Traffic sources</Header>}
          items={data.sources}
          trackBy="source"
          columnDefinitions={[
            { id: 'source', header: 'Source', cell: (r) => r.source },
            { id: 'visits', header: 'Visits', cell: (r) => r.visits.toLocaleString('en-US') },
          ]}
          empty={<Box color="text-body-secondary">No visits in this range</Box>}
        />
      </ColumnLayout>
      <ColumnLayout columns={2}>
        <PlainTable
          label="Recent contact submissions"
          header={
            <Header variant="h2" description="The last 30 days, newest first">
              Recent contact submissions
            </Header>
          }
          items={data.recentContacts}
          trackBy="id"
          columnDefinitions={[
            { id: 'name', header: 'Name', cell: (c) => `${c.firstName} ${c.lastName}` },
            { id: 'program', header: 'Program', cell: (c) => programLabel(c.program) },
            { id: 'status', header: 'Status', cell: (c) => c.status },
            { id: 'date', header: 'Date', cell: (c) => <span className="nowrap">{dateLabel(c.createdAt)}</span> },
          ]}
          empty={<Box color="text-body-secondary">No contact submissions in the last 30 days</Box>}
        />
        <PlainTable
          label="Sessions by status"
          header={<Header variant="h2">Sessions by status</Header>}
          items={data.sessionsByStatus}
          trackBy="status"
          columnDefinitions={[
            { id: 'status', header: 'Status', cell: (r) => STATUS_LABELS[r.status] ?? r.status },
            { id: 'count', header: 'Sessions', cell: (r) => r.count },
          ]}
        />
      </ColumnLayout>
    </SpaceBetween>
  );
}

/** /dashboard/analytics: the Analytics Dashboard (SPEC 2), first-party figures over a chosen range. */
export function AnalyticsPage() {
  const [days, setDays] = useState('30');
  const report = useAnalytics(Number(days));
  const data = report.data?.data;
  const { notify } = useToasts();
  const notRecorded = data?.recorded === false;
  // SPEC 8: an info toast while analytics has never counted a page view, an error toast on a failed load.
  useEffect(() => {
    if (notRecorded) notify({ type: 'info', content: ANALYTICS_SETUP_TEXT, durationMs: TOAST_MS });
  }, [notRecorded, notify]);
  useEffect(() => {
    if (report.isError) notify({ type: 'error', content: ANALYTICS_ERROR_TEXT, durationMs: TOAST_MS });
  }, [report.isError, notify]);
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Page views and visits recorded by the site itself (no cookies, no third party)."
          actions={
            <SegmentedControl
              label="Date range"
              selectedId={days}
              onChange={({ detail }) => setDays(detail.selectedId)}
              options={RANGES}
            />
          }
        >
          Analytics Dashboard
        </Header>
      }
    >
      <Seo
        title="Analytics Dashboard | Pawsitive Portal"
        description="Analytics Dashboard"
        robots="noindex, nofollow"
      />
      <SpaceBetween size="l">
        <Box>
          <span>Analytics source: </span>
          {report.isError ? (
            <StatusIndicator type="error">unavailable</StatusIndicator>
          ) : report.isPending ? (
            <StatusIndicator type="loading">loading</StatusIndicator>
          ) : (
            <StatusIndicator type="success">live</StatusIndicator>
          )}
        </Box>
        {report.isError ? (
          <Alert type="warning">{ANALYTICS_UNAVAILABLE_TEXT}</Alert>
        ) : report.isPending || !data ? (
          <Box textAlign="center" padding="xxl">
            <Spinner size="large" /> <span>Loading analytics</span>
          </Box>
        ) : (
          <>
            {notRecorded && <Alert type="info">{ANALYTICS_SETUP_TEXT}</Alert>}
            <Figures data={data} />
            <Details data={data} />
          </>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}
