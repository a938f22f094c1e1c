import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { CalendarMeeting } from '#shared/contracts/class-options';
import { formatLongDate, LOAD_MEETINGS_FAILED, meetingPlace, meetingTimeRange } from './session-format';
import './class-marker.css';

/** The client's sessions screen lists at most this many next class meetings (the calendar shows them all). */
export const MEETINGS_LISTED = 5;

/**
 * The client's next class meetings (classes where a dog of theirs has a seat): title, day and time,
 * where, and their dogs. Nothing when they have none; a line of its own when they cannot be read.
 */
export function MyClassMeetings({
  meetings,
  failed,
  onRetry,
}: {
  meetings: CalendarMeeting[] | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  if (failed)
    return (
      <div className="my-meetings__error">
        <StatusIndicator type="error">{LOAD_MEETINGS_FAILED}</StatusIndicator>{' '}
        <Button variant="inline-link" ariaLabel="Retry class meetings" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  if (!meetings?.length) return null;
  const shown = meetings.slice(0, MEETINGS_LISTED);
  return (
    <Container header={<Header variant="h2">Class meetings</Header>}>
      <ul className="my-meetings" aria-label="Class meetings">
        {shown.map((m) => (
          <li key={m.id} className="my-meetings__item">
            <strong className="my-meetings__title">{m.title}</strong>
            <span>
              {formatLongDate(m.startsAt)}, {meetingTimeRange(m)}
            </span>
            {meetingPlace(m) && <span>{meetingPlace(m)}</span>}
            {!!m.dogNames?.length && <span>With {m.dogNames.join(', ')}</span>}
          </li>
        ))}
      </ul>
      {meetings.length > shown.length && (
        <p className="my-meetings__more">{meetings.length - shown.length} more in the Calendar view.</p>
      )}
    </Container>
  );
}
