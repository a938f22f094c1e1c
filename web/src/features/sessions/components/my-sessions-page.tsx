import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ClientSessionFilter, SessionView } from '#shared/contracts/session-options';
import { Modal } from '../../../components/portal/modal';
import { RouterLink } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { zoneLongName } from '../../../lib/business-zone';
import { useToasts } from '../../../lib/toasts';
import { NARROW_SCREEN, useMediaQuery } from '../../../lib/use-media-query';
import { useClassMeetings } from '../api/class-meetings';
import { useAllPages, useConfirmSession, useMySessionStats, useMySessions, useSessionsLive } from '../api/sessions';
import { MyClassMeetings } from './my-class-meetings';
import { canConfirm, formatStart, LOAD_SESSIONS_FAILED, todayKey } from './session-format';
import { DaySessionsModal, SessionCalendar, SessionCards, SessionDetails } from './session-lazy';
import {
  type CalendarMonth,
  daysRange,
  meetingsByDay,
  monthOf,
  monthRange,
  sessionsByDay,
  shiftFocus,
} from './session-month';
import { SessionStack } from './session-stack';
import { SessionStatCards, type SessionsView, SessionTable, VIEWS, viewOf } from './session-views';

// Booking loads on its own (the list screen stays within its budget until the client books).
const BookSession = lazy(() => import('./book-session').then((m) => ({ default: m.BookSession })));
const MyBookings = lazy(() => import('./my-bookings').then((m) => ({ default: m.MyBookings })));

const FILTER_OPTIONS: { id: ClientSessionFilter; text: string }[] = [
  { id: 'all', text: 'All' },
  { id: 'upcoming', text: 'Upcoming' },
  { id: 'past', text: 'Past' },
  { id: 'scheduled', text: 'Scheduled' },
  { id: 'confirmed', text: 'Confirmed' },
  { id: 'completed', text: 'Completed' },
];

const EMPTY_TEXT: Record<ClientSessionFilter, string> = {
  all: 'No sessions yet. Your trainer schedules them with you.',
  upcoming: 'No upcoming sessions.',
  past: 'No past sessions.',
  scheduled: 'No scheduled sessions.',
  confirmed: 'No confirmed sessions.',
  completed: 'No completed sessions.',
};

/** The client's next class meetings are read for today and the 30 days after it. */
const MEETING_DAYS_AHEAD = 30;

/** Confirm on a future scheduled session (SPEC 4); the client cannot edit or delete. */
function useConfirm() {
  const { notify } = useToasts();
  const confirm = useConfirmSession();
  const run = async (s: SessionView) => {
    try {
      await confirm.mutateAsync(s.id);
      notify({ type: 'success', content: 'Session confirmed successfully!' });
    } catch {
      notify({ type: 'error', content: 'Failed to confirm session' });
    }
  };
  return { run, pendingId: confirm.isPending ? confirm.variables : undefined };
}

function SessionDetailModal({
  session,
  onClose,
  onConfirm,
  confirming,
}: {
  session: SessionView;
  onClose: () => void;
  onConfirm: (s: SessionView) => void;
  confirming: boolean;
}) {
  return (
    <Modal
      visible
      header="Session Details"
      onDismiss={onClose}
      closeAriaLabel="Close dialog"
      size="medium"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant={canConfirm(session) ? 'link' : 'primary'} onClick={onClose}>
              Close
            </Button>
            {canConfirm(session) && (
              <Button variant="primary" loading={confirming} onClick={() => onConfirm(session)}>
                Confirm
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <SessionDetails session={session} admin={false} />
    </Modal>
  );
}

/**
 * /sessions (client): the client's own sessions by filter, in three read-only views with a detail
 * dialog; a future scheduled session can be confirmed.
 */
export function MySessionsPage() {
  useSessionsLive();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('view'));
  const [filter, setFilter] = useState<ClientSessionFilter>('all');
  const [month, setMonth] = useState<CalendarMonth>(() => monthOf());
  const [openId, setOpenId] = useState<string>();
  const [openDay, setOpenDay] = useState<string>();
  const [booking, setBooking] = useState(false);
  const list = useMySessions(filter);
  const stats = useMySessionStats();
  const { run: confirm, pendingId } = useConfirm();
  // A phone stacks each session as a card with full-size buttons; a desk keeps the table's inline links.
  const narrow = useMediaQuery(NARROW_SCREEN);
  const actionVariant = narrow ? 'normal' : 'inline-link';
  // A client has few sessions: the calendar reads all of the filter's pages (bounded).
  useAllPages(list, view === 'calendar');
  // Their class meetings: the next ones above the sessions, the month's in the calendar.
  const today = todayKey();
  const next = useClassMeetings(daysRange([today, shiftFocus('day', today, MEETING_DAYS_AHEAD)]));
  const monthMeetings = useClassMeetings(view === 'calendar' ? monthRange(month) : undefined);
  const nextMeetings = next.data?.filter((m) => Date.parse(m.endsAt) > Date.now());

  const setView = (next: SessionsView) =>
    setParams(
      (p) => {
        if (next === 'list') p.delete('view');
        else p.set('view', next);
        return p;
      },
      { replace: true },
    );

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const open = items.find((s) => s.id === openId);

  const confirmButton = (s: SessionView) => (
    <Button
      variant={actionVariant}
      ariaLabel={`Confirm ${s.dogName} on ${formatStart(s)}`}
      loading={pendingId === s.id}
      onClick={() => void confirm(s)}
    >
      Confirm
    </Button>
  );

  const actions = (s: SessionView) => (
    <SpaceBetween direction="horizontal" size="xs">
      <Button
        variant={actionVariant}
        ariaLabel={`Details of ${s.dogName} on ${formatStart(s)}`}
        onClick={() => {
          setOpenDay(undefined);
          setOpenId(s.id);
        }}
      >
        Details
      </Button>
      {canConfirm(s) && confirmButton(s)}
    </SpaceBetween>
  );

  const empty = (
    <Box textAlign="center" color="text-body-secondary" padding="l">
      {EMPTY_TEXT[filter]}
    </Box>
  );
  const header = <Header variant="h2">Sessions</Header>;
  const more = list.hasNextPage ? (
    <Box textAlign="center">
      <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        Load more
      </Button>
    </Box>
  ) : null;
  const s = stats.data;

  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <RouterLink href="/dashboard">Back to Dashboard</RouterLink>
          <Header
            variant="h1"
            description={`Your training sessions. Times are in ${zoneLongName()}.`}
            actions={
              <Button variant="primary" onClick={() => setBooking((b) => !b)} ariaExpanded={booking}>
                Book a session
              </Button>
            }
          >
            My Sessions
          </Header>
        </SpaceBetween>
      }
    >
      <Seo title="My Sessions | Pawsitive Portal" description="Your sessions" robots="noindex, nofollow" />
      <SpaceBetween size="l">
        <Suspense fallback={<StatusIndicator type="loading">Loading</StatusIndicator>}>
          {booking && <BookSession />}
          <MyBookings />
        </Suspense>
        <SessionStatCards
          label="At a glance"
          failed={stats.isError}
          stats={[
            { label: 'Upcoming', value: s?.upcoming },
            { label: 'Completed', value: s?.completed },
            { label: 'Dogs', value: s?.dogs },
          ]}
        />
        <MyClassMeetings meetings={nextMeetings} failed={next.isError} onRetry={() => void next.refetch()} />
        <SpaceBetween direction="horizontal" size="m" alignItems="center">
          <SegmentedControl
            label="Show sessions"
            selectedId={filter}
            options={FILTER_OPTIONS}
            onChange={({ detail }) => setFilter(detail.selectedId as ClientSessionFilter)}
          />
          <SegmentedControl
            label="View"
            selectedId={view}
            options={[...VIEWS]}
            onChange={({ detail }) => setView(detail.selectedId as SessionsView)}
          />
        </SpaceBetween>
        {list.isError && !list.data ? (
          <Alert
            type="error"
            header={LOAD_SESSIONS_FAILED}
            action={<Button onClick={() => void list.refetch()}>Retry</Button>}
          >
            {list.error.message}
          </Alert>
        ) : view === 'calendar' ? (
          <SessionCalendar
            month={month}
            onMonthChange={setMonth}
            sessions={items}
            meetings={monthMeetings.data}
            loading={list.isPending || list.isFetchingNextPage}
            showClient={false}
            onOpenDay={setOpenDay}
          />
        ) : view === 'details' ? (
          <SessionCards
            items={items}
            loading={list.isPending}
            admin={false}
            label="My sessions"
            header={header}
            empty={empty}
            actions={(x) => (canConfirm(x) ? confirmButton(x) : null)}
          />
        ) : narrow ? (
          <SessionStack
            items={items}
            loading={list.isPending}
            admin={false}
            label="My sessions"
            header={header}
            empty={empty}
            actions={actions}
          />
        ) : (
          <SessionTable
            items={items}
            loading={list.isPending}
            admin={false}
            label="My sessions"
            header={header}
            empty={empty}
            actions={actions}
          />
        )}
        {view !== 'calendar' && more}
        {list.isError && list.data && (
          <Alert type="error" header={LOAD_SESSIONS_FAILED}>
            {list.error.message}
          </Alert>
        )}
      </SpaceBetween>
      {openDay && (
        <DaySessionsModal
          day={openDay}
          sessions={sessionsByDay(items).get(openDay) ?? []}
          meetings={meetingsByDay(monthMeetings.data ?? []).get(openDay)}
          showClient={false}
          actions={actions}
          onClose={() => setOpenDay(undefined)}
        />
      )}
      {open && (
        <SessionDetailModal
          session={open}
          onClose={() => setOpenId(undefined)}
          onConfirm={(x) => void confirm(x)}
          confirming={pendingId === open.id}
        />
      )}
    </ContentLayout>
  );
}
