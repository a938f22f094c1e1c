import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CalendarMeeting } from '#shared/contracts/class-options';
import {
  ADMIN_SESSION_FILTERS,
  type AdminSessionFilter,
  SESSION_STATUS_LABELS,
  type SessionView,
} from '#shared/contracts/session-options';
import { useFollow } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { zoneLongName } from '../../../lib/business-zone';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useClassMeetings } from '../api/class-meetings';
import { useAdminSessions, useSessionRange, useSessionStats, useSessionsLive } from '../api/sessions';
import { BookingRequestsSlot } from './booking-requests-slot';
import {
  businessInstant,
  CREATE_SESSION_PATH,
  canCancel,
  classRosterPath,
  editSessionPath,
  LOAD_MEETINGS_FAILED,
  LOAD_SESSIONS_FAILED,
  todayKey,
  sessionWho as who,
} from './session-format';
import {
  CancelSessionModal,
  DaySessionsModal,
  DeleteSessionModal,
  MoveSessionModal,
  SessionCalendar,
  SessionCards,
  SessionWeek,
} from './session-lazy';

// The booking requests load on their own chunk (the list screen keeps its budget).

import {
  type CalendarMonth,
  type CalendarScope,
  daysRange,
  firstDay,
  meetingsByDay,
  monthOf,
  monthRange,
  scopeDays,
  scopeOf,
  sessionsByDay,
  shiftFocus,
  wallDay,
} from './session-month';
import {
  type SessionListProps,
  SessionStatCards,
  type SessionsView,
  SessionTable,
  VIEWS,
  viewOf,
} from './session-views';

const SCOPE_OPTIONS = [
  { id: 'month', text: 'Month' },
  { id: 'week', text: 'Week' },
  { id: 'day', text: 'Day' },
];

const STATUS_OPTIONS = ADMIN_SESSION_FILTERS.map((f) => ({
  value: f,
  label: f === 'all' ? 'All statuses' : SESSION_STATUS_LABELS[f],
}));

function EmptyState({ filtered }: { filtered: boolean }) {
  const follow = useFollow();
  return (
    <Box textAlign="center" color="inherit" padding="l">
      <b>{filtered ? 'No sessions match your search or filter.' : 'No sessions scheduled yet.'}</b>
      <Box variant="p" color="inherit">
        {filtered ? 'Try another name or status.' : "Schedule a session for one of your clients' dogs."}
      </Box>
      {!filtered && (
        <Button href={CREATE_SESSION_PATH} onFollow={follow}>
          Schedule First Session
        </Button>
      )}
    </Box>
  );
}

function LoadError({ retry }: { retry: () => void }) {
  return (
    <Alert type="error" header={LOAD_SESSIONS_FAILED} action={<Button onClick={retry}>Retry</Button>}>
      The sessions could not be loaded. Check your connection and try again.
    </Alert>
  );
}

/**
 * /dashboard/sessions (admin): stat cards, search by client or dog name, a status filter and three
 * views (list, calendar, details) with edit, cancel and delete.
 */
export function SessionsPage() {
  useSessionsLive();
  const follow = useFollow();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('view'));
  const [status, setStatus] = useState<AdminSessionFilter>('all');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [month, setMonth] = useState<CalendarMonth>(() => monthOf());
  const scope = scopeOf(params.get('scope'));
  // The week or day shown: `?day=` (yyyy-MM-dd, so a week can be linked), else today.
  const dayParam = params.get('day') ?? '';
  const focus = /^\d{4}-\d{2}-\d{2}$/.test(dayParam) && businessInstant(dayParam) ? dayParam : todayKey();
  // The screen's place in the URL (view, calendar range, day), replaced rather than pushed; undefined removes one.
  const setPlace = (changes: Record<string, string | undefined>) =>
    setParams(
      (p) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) p.delete(key);
          else p.set(key, value);
        }
        return p;
      },
      { replace: true },
    );
  const setFocus = (day: string) => setPlace({ day });
  const [moving, setMoving] = useState<{ session: SessionView; day?: string }>();
  const [pageIndex, setPageIndex] = useState(1);
  const [openDay, setOpenDay] = useState<string>();
  const [cancelling, setCancelling] = useState<SessionView>();
  const [deleting, setDeleting] = useState<SessionView>();

  const q = { status, search };
  const list = useAdminSessions(q, view !== 'calendar');
  const days = scope === 'month' ? undefined : scopeDays(scope, focus);
  const calendarRange = view !== 'calendar' ? undefined : days ? daysRange(days) : monthRange(month);
  const monthSessions = useSessionRange(calendarRange, q);
  // Class meetings are shown beside every session, not when a search or status narrows the sessions.
  const meetingsQuery = useClassMeetings(search || status !== 'all' ? undefined : calendarRange);
  const stats = useSessionStats();

  // A new filter or search starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the filter or search changed; it reads neither.
  useEffect(() => setPageIndex(1), [status, search]);

  const setView = (next: SessionsView) => setPlace({ view: next === 'list' ? undefined : next });

  // Month, week or day: the week or day starts from the shown month (today when it is this month).
  const setScope = (next: CalendarScope) => {
    if (next === 'month') {
      setMonth(monthOf(wallDay(focus)));
      setPlace({ scope: undefined, day: undefined });
    } else if (scope === 'month') {
      const today = todayKey();
      const now = monthOf(wallDay(today));
      const thisMonth = now.year === month.year && now.month === month.month;
      setPlace({ scope: next, day: thisMonth ? today : todayKey(firstDay(month).getTime()) });
    } else setPlace({ scope: next });
  };
  const scopeControl = (
    <SegmentedControl
      label="Calendar range"
      selectedId={scope}
      options={SCOPE_OPTIONS}
      onChange={({ detail }) => setScope(detail.selectedId as CalendarScope)}
    />
  );

  const pages = list.data?.pages ?? [];
  const items = pages[pageIndex - 1]?.items ?? [];
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);
  const loading = list.isPending || (list.isFetchingNextPage && pageIndex > pages.length);
  const filtered = !!search || status !== 'all';
  const goTo = async (index: number) => {
    setPageIndex(index);
    if (index > pages.length && list.hasNextPage) await list.fetchNextPage();
  };

  const editAction = (s: SessionView) => (
    <Button
      variant="inline-link"
      href={editSessionPath(s.id)}
      onFollow={follow}
      ariaLabel={`Edit session of ${who(s)}`}
    >
      Edit
    </Button>
  );
  const actions = (s: SessionView) => (
    <SpaceBetween direction="horizontal" size="xs">
      {editAction(s)}
      {canCancel(s) && (
        <Button
          variant="inline-link"
          ariaLabel={`Cancel session of ${who(s)}`}
          onClick={() => {
            setOpenDay(undefined);
            setCancelling(s);
          }}
        >
          Cancel session
        </Button>
      )}
      <Button
        variant="inline-link"
        ariaLabel={`Delete session of ${who(s)}`}
        onClick={() => {
          setOpenDay(undefined);
          setDeleting(s);
        }}
      >
        Delete
      </Button>
    </SpaceBetween>
  );

  const rosterLink = (m: CalendarMeeting) => (
    <Button
      variant="inline-link"
      href={classRosterPath(m.classId)}
      onFollow={follow}
      ariaLabel={`Roster of ${m.title}`}
    >
      Roster
    </Button>
  );
  const meetings = meetingsQuery.data ?? [];
  const calendarError =
    monthSessions.isError || meetingsQuery.isError ? (
      <SpaceBetween size="xs">
        {monthSessions.isError && <LoadError retry={() => void monthSessions.refetch()} />}
        {meetingsQuery.isError && (
          <Alert
            type="error"
            header={LOAD_MEETINGS_FAILED}
            action={<Button onClick={() => void meetingsQuery.refetch()}>Retry</Button>}
          />
        )}
      </SpaceBetween>
    ) : undefined;

  const filters = (
    <SpaceBetween direction="horizontal" size="s" alignItems="center">
      <TextFilter
        filteringText={searchText}
        filteringPlaceholder="Search by client or dog name"
        filteringAriaLabel="Search sessions"
        filteringClearAriaLabel="Clear search"
        onChange={({ detail }) => setSearchText(detail.filteringText)}
        countText={
          search && view !== 'calendar' && !list.isPending
            ? `${loaded}${list.hasNextPage ? '+' : ''} matches`
            : undefined
        }
      />
      <Select
        inlineLabelText="Status"
        selectedOption={STATUS_OPTIONS.find((o) => o.value === status) ?? STATUS_OPTIONS[0]}
        options={STATUS_OPTIONS}
        onChange={({ detail }) => setStatus(detail.selectedOption.value as AdminSessionFilter)}
      />
    </SpaceBetween>
  );

  const pagination = (
    <Pagination
      currentPageIndex={pageIndex}
      pagesCount={Math.max(pages.length, 1)}
      openEnd={!!list.hasNextPage}
      disabled={list.isPending}
      onChange={({ detail }) => void goTo(detail.currentPageIndex)}
      ariaLabels={{ nextPageLabel: 'Next page', previousPageLabel: 'Previous page', pageLabel: (n) => `Page ${n}` }}
    />
  );
  const tableHeader = (
    <Header variant="h2" counter={list.isPending ? undefined : `(${loaded}${list.hasNextPage ? '+' : ''})`}>
      Sessions
    </Header>
  );
  const s = stats.data;
  const monthItems = monthSessions.data?.pages.flatMap((p) => p.items) ?? [];

  const listProps: SessionListProps = {
    items,
    loading,
    admin: true,
    label: 'Sessions',
    header: tableHeader,
    filter: filters,
    pagination,
    empty: <EmptyState filtered={filtered} />,
    actions,
  };
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`Schedule and manage training sessions. Times are in ${zoneLongName()}.`}
          actions={
            <Button variant="primary" iconName="add-plus" href={CREATE_SESSION_PATH} onFollow={follow}>
              Schedule Session
            </Button>
          }
        >
          Session Management
        </Header>
      }
    >
      <Seo title="Session Management | Pawsitive Portal" description="Training sessions" robots="noindex, nofollow" />
      <SpaceBetween size="l">
        <BookingRequestsSlot />
        <SessionStatCards
          label="At a glance"
          failed={stats.isError}
          stats={[
            { label: 'Total Sessions', value: s?.total },
            { label: 'Upcoming', value: s?.upcoming },
            { label: 'Today', value: s?.today },
            { label: 'Active Clients', value: s?.activeClients },
          ]}
        />
        <SegmentedControl
          label="View"
          selectedId={view}
          options={[...VIEWS]}
          onChange={({ detail }) => setView(detail.selectedId as SessionsView)}
        />
        {view === 'calendar' ? (
          <SpaceBetween size="s">
            {filters}
            {days ? (
              <SessionWeek
                days={days}
                sessions={monthItems}
                meetings={meetings}
                meetingAction={rosterLink}
                loading={monthSessions.isFetching}
                error={calendarError}
                onShift={(by) => setFocus(shiftFocus(scope === 'day' ? 'day' : 'week', focus, by))}
                onToday={() => setFocus(todayKey())}
                // A week's columns are narrow: Edit there, every action in the day view.
                actions={scope === 'day' ? actions : editAction}
                onMove={(session, day) => setMoving({ session, day })}
                scopeControl={scopeControl}
              />
            ) : (
              <SessionCalendar
                month={month}
                onMonthChange={setMonth}
                sessions={monthItems}
                meetings={meetings}
                loading={monthSessions.isFetching}
                error={calendarError}
                showClient
                onOpenDay={(day) => setOpenDay(day)}
                scopeControl={scopeControl}
              />
            )}
          </SpaceBetween>
        ) : list.isError && !list.data ? (
          <LoadError retry={() => void list.refetch()} />
        ) : view === 'details' ? (
          <SessionCards {...listProps} />
        ) : (
          <SessionTable {...listProps} />
        )}
        {view !== 'calendar' && list.isError && list.data && <LoadError retry={() => void list.refetch()} />}
      </SpaceBetween>
      {openDay && (
        <DaySessionsModal
          day={openDay}
          sessions={sessionsByDay(monthItems).get(openDay) ?? []}
          meetings={meetingsByDay(meetings).get(openDay) ?? []}
          showClient
          actions={actions}
          meetingAction={rosterLink}
          onClose={() => setOpenDay(undefined)}
        />
      )}
      {cancelling && <CancelSessionModal session={cancelling} onClose={() => setCancelling(undefined)} />}
      {deleting && <DeleteSessionModal session={deleting} onClose={() => setDeleting(undefined)} />}
      {moving && <MoveSessionModal session={moving.session} day={moving.day} onClose={() => setMoving(undefined)} />}
    </ContentLayout>
  );
}
