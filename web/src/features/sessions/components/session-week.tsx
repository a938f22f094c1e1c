import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { format } from 'date-fns';
import { type DragEvent, type ReactNode, useState } from 'react';
import type { CalendarMeeting } from '#shared/contracts/class-options';
import type { SessionView } from '#shared/contracts/session-options';
import { ClassMarker } from './class-marker';
import { canCancel, formatTimeRange, meetingPlace, meetingTimeRange, todayKey, typeLabel } from './session-format';
import { meetingsByDay, sessionsByDay, wallDay } from './session-month';
import { StatusBadge } from './session-status-badge';
import './session-week.css';

/**
 * The trainer's week and day views (docs/decisions/0069-week-and-day-views.md): a column per day with
 * every session in full (time, client, dog, type, status). An open session can be dragged to another
 * day (its time of day kept), or moved with its Move button (keyboard and touch): both hand it to
 * `onMove`, which asks for confirmation. Group classes' meetings are cards of their own (not movable).
 */

/** "November 29 – December 5, 2026" or "Sunday, November 29, 2026". */
export function scopeTitle(days: readonly string[]): string {
  const first = wallDay(days[0]);
  if (days.length === 1) return format(first, 'EEEE, MMMM d, yyyy');
  const last = wallDay(days[days.length - 1]);
  const from = format(first, first.getFullYear() === last.getFullYear() ? 'MMMM d' : 'MMMM d, yyyy');
  return `${from} – ${format(last, 'MMMM d, yyyy')}`;
}

const DRAG_TYPE = 'application/x-session-id';

function SessionCard({
  session,
  actions,
  onMove,
}: {
  session: SessionView;
  actions: (s: SessionView) => ReactNode;
  onMove: (s: SessionView) => void;
}) {
  const movable = canCancel(session);
  const start = (e: DragEvent) => {
    e.dataTransfer.setData(DRAG_TYPE, session.id);
    e.dataTransfer.effectAllowed = 'move';
  };
  return (
    <li
      className={`week-card week-card--${session.status}`}
      draggable={movable}
      onDragStart={movable ? start : undefined}
      data-testid="week-session"
    >
      <SpaceBetween size="xxs">
        <strong>{formatTimeRange(session)}</strong>
        <span className="week-card__who">
          {session.clientName} · {session.dogName}
        </span>
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <span>{typeLabel(session)}</span>
          <StatusBadge status={session.status} />
        </SpaceBetween>
        <SpaceBetween direction="horizontal" size="xs">
          {movable && (
            <Button
              variant="inline-link"
              ariaLabel={`Move session of ${session.dogName} (${session.clientName})`}
              onClick={() => onMove(session)}
            >
              Move
            </Button>
          )}
          {actions(session)}
        </SpaceBetween>
      </SpaceBetween>
    </li>
  );
}

/** A class meeting's card: marked, not draggable, with the screen's action (the roster). */
function MeetingCard({ meeting: m, action }: { meeting: CalendarMeeting; action?: ReactNode }) {
  return (
    <li className="week-card week-card--meeting" data-testid="week-meeting">
      <SpaceBetween size="xxs">
        <strong>{meetingTimeRange(m)}</strong>
        <span className="week-card__who">
          <ClassMarker /> {m.title}
        </span>
        {meetingPlace(m) && <span>{meetingPlace(m)}</span>}
        {action}
      </SpaceBetween>
    </li>
  );
}

type WeekItem = { at: string; session: SessionView } | { at: string; meeting: CalendarMeeting };

export function SessionWeek({
  days,
  sessions,
  meetings = [],
  loading,
  error,
  onShift,
  onToday,
  actions,
  meetingAction,
  onMove,
  scopeControl,
}: {
  days: string[];
  sessions: SessionView[];
  meetings?: CalendarMeeting[];
  /** What a class meeting's card offers (its roster). */
  meetingAction?: (m: CalendarMeeting) => ReactNode;
  loading?: boolean;
  error?: ReactNode;
  onShift: (by: number) => void;
  onToday: () => void;
  actions: (s: SessionView) => ReactNode;
  /** A session to move, to `day` when it was dropped on one (else the dialog starts at its own day). */
  onMove: (s: SessionView, day?: string) => void;
  scopeControl: ReactNode;
}) {
  const [over, setOver] = useState<string>();
  const byDay = sessionsByDay(sessions);
  const meetingDays = meetingsByDay(meetings);
  const itemsOf = (day: string): WeekItem[] =>
    [
      ...(byDay.get(day) ?? []).map((session) => ({ at: session.scheduledAt, session })),
      ...(meetingDays.get(day) ?? []).map((meeting) => ({ at: meeting.startsAt, meeting })),
    ].sort((a, b) => a.at.localeCompare(b.at));
  const today = todayKey();
  const unit = days.length === 1 ? 'day' : 'week';
  const drop = (day: string) => (e: DragEvent) => {
    e.preventDefault();
    setOver(undefined);
    const s = sessions.find((x) => x.id === e.dataTransfer.getData(DRAG_TYPE));
    if (s) onMove(s, day);
  };
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {scopeControl}
              <Button iconName="angle-left" ariaLabel={`Previous ${unit}`} onClick={() => onShift(-1)} />
              <Button onClick={onToday}>Today</Button>
              <Button iconName="angle-right" ariaLabel={`Next ${unit}`} onClick={() => onShift(1)} />
            </SpaceBetween>
          }
        >
          <span aria-live="polite">{scopeTitle(days)}</span>
        </Header>
      }
    >
      <SpaceBetween size="s">
        {loading && <StatusIndicator type="loading">Loading sessions</StatusIndicator>}
        {error}
        <div className={`week-grid week-grid--${days.length}`}>
          {days.map((day) => {
            const list = itemsOf(day);
            const date = wallDay(day);
            return (
              <section
                key={day}
                className={`week-day${over === day ? ' week-day--over' : ''}`}
                aria-label={format(date, 'EEEE, MMMM d')}
                aria-current={day === today ? 'date' : undefined}
                onDragOver={(e) => {
                  if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
                  e.preventDefault();
                  setOver(day);
                }}
                onDragLeave={() => setOver((o) => (o === day ? undefined : o))}
                onDrop={drop(day)}
                data-day={day}
              >
                <h3 className="week-day__title">
                  {format(date, 'EEE')} <span className="week-day__date">{format(date, 'MMM d')}</span>
                </h3>
                {list.length === 0 ? (
                  <Box color="text-status-inactive" fontSize="body-s">
                    No sessions
                  </Box>
                ) : (
                  <ul className="week-day__list">
                    {list.map((item) =>
                      'meeting' in item ? (
                        <MeetingCard
                          key={`m-${item.meeting.id}`}
                          meeting={item.meeting}
                          action={meetingAction?.(item.meeting)}
                        />
                      ) : (
                        <SessionCard
                          key={item.session.id}
                          session={item.session}
                          actions={actions}
                          onMove={(x) => onMove(x)}
                        />
                      ),
                    )}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      </SpaceBetween>
    </Container>
  );
}
