import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { addDays, format } from 'date-fns';
import { type ReactNode, useState } from 'react';
import type { CalendarMeeting } from '#shared/contracts/class-options';
import type { SessionView } from '#shared/contracts/session-options';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { businessWallTime, inBusinessZone, zoneLabel } from '../../../lib/business-zone';
import { clientProfileHref, messageClientHref } from '../../../lib/portal-links';
import { useClassMeetings } from '../api/class-meetings';
import { useSessionRange, useSessionsLive } from '../api/sessions';
import { ClassMarker } from './class-marker';
import {
  CREATE_SESSION_PATH,
  classRosterPath,
  dayKey,
  editSessionPath,
  formatTime,
  LOAD_MEETINGS_FAILED,
  LOAD_SESSIONS_FAILED,
  meetingPlace,
} from './session-format';
import { CancelSessionModal } from './session-lazy';
import { StatusBadge } from './session-status-badge';
import './trainer-agenda.css';

/** Today and the days after it the agenda shows (issue 38: today and the next 7 days). */
const AGENDA_DAYS = 8;
export const NO_AGENDA_TEXT = 'No sessions in the next 7 days';

/** Today and the next 7 days of the business time zone, as a [from, to) range of UTC instants. */
export function agendaRange(now = Date.now()): { from: string; to: string; days: string[] } {
  const today = inBusinessZone(now);
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  const from = businessWallTime(y, m, d);
  const to = businessWallTime(y, m, d + AGENDA_DAYS);
  const days = Array.from({ length: AGENDA_DAYS }, (_, i) => format(addDays(from, i), 'yyyy-MM-dd'));
  return { from: new Date(from.getTime()).toISOString(), to: new Date(to.getTime()).toISOString(), days };
}

function dayHeading(day: string, days: string[]): string {
  const [y, m, d] = day.split('-').map(Number);
  const label = format(businessWallTime(y, m - 1, d), 'EEEE, MMMM d');
  if (day === days[0]) return `Today, ${label}`;
  if (day === days[1]) return `Tomorrow, ${label}`;
  return label;
}

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const OPEN_STATUSES: readonly string[] = ['scheduled', 'confirmed'];

/** A row of the agenda: a session, or a group class's meeting. */
type AgendaItem = { at: string; session: SessionView } | { at: string; meeting: CalendarMeeting };

const timeSpan = (startsAt: string, endsAt: string) =>
  `${formatTime(startsAt)} - ${formatTime(endsAt)} ${zoneLabel(new Date(startsAt))}`;

/** A class meeting's row: time, the class (marked), where, and its roster. */
function MeetingRow({ meeting: m }: { meeting: CalendarMeeting }) {
  const follow = useFollow();
  return (
    <tr className="trainer-agenda__meeting">
      <td>{timeSpan(m.startsAt, m.endsAt)}</td>
      <td colSpan={4}>
        <ClassMarker /> <strong>{m.title}</strong>
        {meetingPlace(m) && <> · {meetingPlace(m)}</>}
      </td>
      <td>
        <Button
          variant="inline-link"
          href={classRosterPath(m.classId)}
          onFollow={follow}
          ariaLabel={`Roster of ${m.title}`}
        >
          Roster
        </Button>
      </td>
    </tr>
  );
}

function AgendaDay({
  heading,
  items,
  onCancel,
}: {
  heading: string;
  items: AgendaItem[];
  onCancel: (s: SessionView) => void;
}) {
  const follow = useFollow();
  return (
    // Narrower than its table (a phone), the day scrolls sideways inside its own box, never the page; a
    // scrollable box is reachable by keyboard.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
    <section className="trainer-agenda__day trainer-agenda__scroll" aria-label={heading} tabIndex={0}>
      <Box variant="h3" padding={{ vertical: 'xs' }}>
        {heading}
      </Box>
      <table className="trainer-agenda__table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Dog</th>
            <th scope="col">Owner</th>
            <th scope="col">Phone</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            if ('meeting' in item) return <MeetingRow key={`m-${item.meeting.id}`} meeting={item.meeting} />;
            const s = item.session;
            return (
              <tr key={s.id}>
                <td>{timeSpan(s.scheduledAt, s.endsAt)}</td>
                <td>{s.dogName}</td>
                <td>
                  <RouterLink href={clientProfileHref(s.clientId)}>{s.clientName}</RouterLink>
                </td>
                <td>{s.clientPhone ? <a href={tel(s.clientPhone)}>{s.clientPhone}</a> : '-'}</td>
                <td>
                  <StatusBadge status={s.status} />
                </td>
                <td>
                  <SpaceBetween direction="horizontal" size="xs">
                    <Button
                      variant="inline-link"
                      href={editSessionPath(s.id)}
                      onFollow={follow}
                      ariaLabel={`Open session of ${s.dogName} (${s.clientName})`}
                    >
                      Open
                    </Button>
                    <Button
                      variant="inline-link"
                      href={messageClientHref(s.clientId, '/dashboard')}
                      onFollow={follow}
                      ariaLabel={`Message ${s.clientName}`}
                    >
                      Message
                    </Button>
                    {OPEN_STATUSES.includes(s.status) && (
                      <Button
                        variant="inline-link"
                        onClick={() => onCancel(s)}
                        ariaLabel={`Cancel session of ${s.dogName} (${s.clientName})`}
                      >
                        Cancel
                      </Button>
                    )}
                  </SpaceBetween>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The trainer dashboard's agenda: the sessions of today and the next 7 days in the business time zone
 * (GET /api/sessions with that range) and the group classes' meetings (GET /api/class-meetings), grouped
 * by day in time order, live; cancelled sessions are left out. Meetings that fail to load leave the
 * sessions shown. `needsAnswer` (what waits for the trainer) is shown under the heading.
 */
export function TrainerAgenda({ needsAnswer }: { needsAnswer?: ReactNode }) {
  useSessionsLive();
  const follow = useFollow();
  const range = agendaRange();
  const query = useSessionRange({ from: range.from, to: range.to });
  const meetingsQuery = useClassMeetings({ from: range.from, to: range.to });
  const [cancelling, setCancelling] = useState<SessionView>();
  const sessions = (query.data?.pages ?? []).flatMap((p) => p.items).filter((s) => s.status !== 'cancelled');
  const items: AgendaItem[] = [
    ...sessions.map((session) => ({ at: session.scheduledAt, session })),
    ...(meetingsQuery.data ?? []).map((meeting) => ({ at: meeting.startsAt, meeting })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const byDay = new Map<string, AgendaItem[]>();
  for (const item of items) {
    const key = dayKey(item.at);
    byDay.set(key, [...(byDay.get(key) ?? []), item]);
  }
  const schedule = (
    <Button href={CREATE_SESSION_PATH} onFollow={follow} iconName="add-plus">
      Schedule Session
    </Button>
  );
  const meetingsError = meetingsQuery.isError && (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <StatusIndicator type="error">{LOAD_MEETINGS_FAILED}</StatusIndicator>
      <Button variant="inline-link" ariaLabel="Retry class meetings" onClick={() => void meetingsQuery.refetch()}>
        Retry
      </Button>
    </SpaceBetween>
  );

  let body: ReactNode;
  if (query.isPending || (items.length === 0 && meetingsQuery.isPending))
    body = <StatusIndicator type="loading">Loading sessions</StatusIndicator>;
  else if (query.isError && items.length === 0)
    body = (
      <Alert type="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
        {LOAD_SESSIONS_FAILED}
      </Alert>
    );
  else if (items.length === 0)
    body = (
      <Box textAlign="center" color="inherit" padding="m">
        <SpaceBetween size="s">
          <Box color="text-body-secondary">{NO_AGENDA_TEXT}</Box>
          {schedule}
        </SpaceBetween>
      </Box>
    );
  else
    body = (
      <SpaceBetween size="m">
        {query.isError && (
          <Alert type="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
            {LOAD_SESSIONS_FAILED}
          </Alert>
        )}
        {range.days
          .filter((day) => byDay.has(day))
          .map((day) => (
            <AgendaDay
              key={day}
              heading={dayHeading(day, range.days)}
              items={byDay.get(day) ?? []}
              onCancel={setCancelling}
            />
          ))}
      </SpaceBetween>
    );

  return (
    <Container
      header={
        <Header variant="h2" description={needsAnswer} actions={items.length > 0 ? schedule : undefined}>
          Today and the next 7 days
        </Header>
      }
    >
      <SpaceBetween size="s">
        {meetingsError}
        {body}
      </SpaceBetween>
      {cancelling && <CancelSessionModal session={cancelling} onClose={() => setCancelling(undefined)} />}
    </Container>
  );
}
