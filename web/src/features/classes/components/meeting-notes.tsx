import { ATTENDANCE_STATUS_LABELS, type EnrolmentView } from '#shared/contracts/class-options';
import { formatMeeting } from './class-format';

/**
 * A client's own enrolment: its marked meetings with the trainer's notes (docs/decisions/0072-class-attendance.md),
 * as a session's notes show on the client's session. Nothing when no meeting is marked yet.
 */
export function MeetingNotes({ enrolment }: { enrolment: Pick<EnrolmentView, 'dogName' | 'meetings'> }) {
  const meetings = enrolment.meetings ?? [];
  if (!meetings.length) return null;
  return (
    <ul className="class-card__meeting-notes" aria-label={`${enrolment.dogName}'s meetings`}>
      {meetings.map((m) => (
        <li key={m.meetingId}>
          <b>{formatMeeting(m.startsAt)}</b>: {ATTENDANCE_STATUS_LABELS[m.status]}
          {m.note && <span className="class-card__meeting-note">{m.note}</span>}
        </li>
      ))}
    </ul>
  );
}
