import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TZDate } from '@date-fns/tz';
import { addDays, endOfMonth, endOfWeek, format, isSameMonth, startOfWeek } from 'date-fns';
import { type ReactNode, useId } from 'react';
import type { CalendarMeeting } from '#shared/contracts/class-options';
import type { SessionView } from '#shared/contracts/session-options';
import { Modal } from '../../../components/portal/modal';
import { businessWallTime } from '../../../lib/business-zone';
import { ClassMarker } from './class-marker';
import { formatTime, formatTimeRange, meetingPlace, meetingTimeRange, todayKey, typeLabel } from './session-format';
import { type CalendarMonth, firstDay, meetingsByDay, monthOf, sessionsByDay, shiftMonth } from './session-month';
import { StatusBadge } from './session-status-badge';
import './sessions.css';

/** SPEC 2: a day cell shows at most 3 sessions, then `+N more`. */
export const SESSIONS_PER_DAY = 3;

export const monthTitle = (m: CalendarMonth) => format(firstDay(m), 'MMMM yyyy');

interface Day {
  key: string;
  date: TZDate;
  inMonth: boolean;
}

/** The weeks shown for a month, Sunday first (SPEC 2), padded with the neighbouring months' days. */
export function calendarWeeks(m: CalendarMonth): Day[][] {
  const first = firstDay(m);
  const end = endOfWeek(endOfMonth(first));
  const weeks: Day[][] = [];
  for (let d = startOfWeek(first); d <= end; d = addDays(d, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, i) => {
        const date = addDays(d, i);
        return { key: format(date, 'yyyy-MM-dd'), date, inMonth: isSameMonth(date, first) };
      }),
    );
  }
  return weeks;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const sessionCount = (n: number) => (n === 0 ? 'no sessions' : n === 1 ? '1 session' : `${n} sessions`);

/** "2 sessions", or with the day's class meetings "2 sessions, 1 class meeting". */
export const countText = (sessions: number, meetings = 0) =>
  meetings === 0
    ? sessionCount(sessions)
    : `${sessionCount(sessions)}, ${meetings === 1 ? '1 class meeting' : `${meetings} class meetings`}`;

/** A day cell's chips: its sessions and class meetings in start order. */
type Chip = { at: string; session: SessionView } | { at: string; meeting: CalendarMeeting };

function chipsOf(sessions: SessionView[], meetings: CalendarMeeting[]): Chip[] {
  return [
    ...sessions.map((session) => ({ at: session.scheduledAt, session })),
    ...meetings.map((meeting) => ({ at: meeting.startsAt, meeting })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * A month grid (weeks start Sunday): each day lists up to 3 sessions and class meetings then `+N more`;
 * choosing a day (click or keyboard) hands its sessions to `onOpenDay` (the day's dialog lists its meetings).
 */
export function SessionCalendar({
  month,
  onMonthChange,
  sessions,
  meetings = [],
  loading,
  error,
  showClient,
  onOpenDay,
  scopeControl,
}: {
  month: CalendarMonth;
  onMonthChange: (m: CalendarMonth) => void;
  sessions: SessionView[];
  /** Group classes' meetings of the month, shown apart from the sessions. */
  meetings?: CalendarMeeting[];
  loading?: boolean;
  error?: ReactNode;
  showClient: boolean;
  onOpenDay: (day: string, sessions: SessionView[]) => void;
  /** The trainer's Month / Week / Day choice, beside the month's buttons. */
  scopeControl?: ReactNode;
}) {
  const titleId = useId();
  const days = sessionsByDay(sessions);
  const meetingDays = meetingsByDay(meetings);
  const today = todayKey();
  const title = monthTitle(month);
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {scopeControl}
              <Button
                iconName="angle-left"
                ariaLabel="Previous month"
                onClick={() => onMonthChange(shiftMonth(month, -1))}
              />
              <Button onClick={() => onMonthChange(monthOf())}>Today</Button>
              <Button
                iconName="angle-right"
                ariaLabel="Next month"
                onClick={() => onMonthChange(shiftMonth(month, 1))}
              />
            </SpaceBetween>
          }
        >
          <span id={titleId} aria-live="polite">
            {title}
          </span>
        </Header>
      }
    >
      <SpaceBetween size="s">
        {loading && <StatusIndicator type="loading">Loading sessions</StatusIndicator>}
        {error}
        <table className="session-calendar" aria-labelledby={titleId}>
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th key={d} scope="col" abbr={d}>
                  <span aria-hidden="true">{d.slice(0, 3)}</span>
                  <span className="session-calendar__sr">{d}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {calendarWeeks(month).map((week) => (
              <tr key={week[0].key}>
                {week.map((day) => {
                  if (!day.inMonth) return <td key={day.key} className="session-calendar__pad" />;
                  const list = days.get(day.key) ?? [];
                  const dayMeetings = meetingDays.get(day.key) ?? [];
                  const chips = chipsOf(list, dayMeetings);
                  const more = chips.length - SESSIONS_PER_DAY;
                  return (
                    <td key={day.key}>
                      <button
                        type="button"
                        className="session-calendar__day"
                        aria-label={`${format(day.date, 'EEEE, MMMM d')}: ${countText(list.length, dayMeetings.length)}`}
                        aria-current={day.key === today ? 'date' : undefined}
                        onClick={() => onOpenDay(day.key, list)}
                      >
                        <span className="session-calendar__date" aria-hidden="true">
                          {format(day.date, 'd')}
                        </span>
                        {chips.slice(0, SESSIONS_PER_DAY).map((chip) => {
                          if ('meeting' in chip)
                            return (
                              <span
                                key={`m-${chip.meeting.id}`}
                                className="session-chip session-chip--meeting"
                                aria-hidden="true"
                                data-testid="calendar-meeting"
                              >
                                <span className="session-chip__time">{formatTime(chip.meeting.startsAt)}</span>{' '}
                                <span className="session-chip__who">Class · {chip.meeting.title}</span>
                              </span>
                            );
                          const s = chip.session;
                          return (
                            <span
                              key={s.id}
                              className={`session-chip session-chip--${s.status}`}
                              aria-hidden="true"
                              data-testid="calendar-session"
                            >
                              <span className="session-chip__time">{formatTime(s.scheduledAt)}</span>{' '}
                              <span className="session-chip__who">
                                {showClient ? `${s.clientName} · ${s.dogName}` : s.dogName}
                              </span>
                            </span>
                          );
                        })}
                        {more > 0 && (
                          <span className="session-calendar__more" aria-hidden="true">
                            +{more} more
                          </span>
                        )}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </SpaceBetween>
    </Container>
  );
}

/** One class meeting in a day's dialog: marked, with time, where, the client's dogs and the screen's action. */
function MeetingItem({ meeting: m, action }: { meeting: CalendarMeeting; action?: ReactNode }) {
  return (
    <li>
      <SpaceBetween size="xxs">
        <span>
          <ClassMarker /> <strong>{m.title}</strong>
        </span>
        <Box>{[meetingTimeRange(m), meetingPlace(m), m.dogNames?.join(', ')].filter(Boolean).join(' · ')}</Box>
        {action}
      </SpaceBetween>
    </li>
  );
}

/** The sessions and class meetings of one calendar day, each with the screen's own actions. */
export function DaySessionsModal({
  day,
  sessions,
  meetings = [],
  showClient,
  actions,
  meetingAction,
  onClose,
}: {
  day: string;
  sessions: SessionView[];
  meetings?: CalendarMeeting[];
  showClient: boolean;
  actions: (s: SessionView) => ReactNode;
  /** What a class meeting offers (the trainer: its roster). */
  meetingAction?: (m: CalendarMeeting) => ReactNode;
  onClose: () => void;
}) {
  const [y, m, d] = day.split('-').map(Number);
  const title = format(businessWallTime(y, m - 1, d), 'EEEE, MMMM d, yyyy');
  return (
    <Modal visible header={title} onDismiss={onClose} closeAriaLabel="Close dialog">
      {meetings.length > 0 && (
        <ul className="day-sessions day-sessions--meetings" aria-label={`Class meetings on ${title}`}>
          {meetings.map((x) => (
            <MeetingItem key={x.id} meeting={x} action={meetingAction?.(x)} />
          ))}
        </ul>
      )}
      {sessions.length === 0 ? (
        meetings.length === 0 && <Box color="text-body-secondary">No sessions on this day.</Box>
      ) : (
        <ul className="day-sessions" aria-label={`Sessions on ${title}`}>
          {sessions.map((s) => (
            <li key={s.id}>
              <SpaceBetween size="xxs">
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <strong>{formatTimeRange(s)}</strong>
                  <StatusBadge status={s.status} />
                </SpaceBetween>
                <Box>
                  {[showClient ? s.clientName : undefined, s.dogName, typeLabel(s), `${s.durationMinutes} minutes`]
                    .filter(Boolean)
                    .join(' · ')}
                </Box>
                {actions(s)}
              </SpaceBetween>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
