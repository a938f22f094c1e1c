import Box from '@cloudscape-design/components/box';
import KeyValuePairs, { type KeyValuePairsProps } from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import type { SessionView } from '#shared/contracts/session-options';
import { RouterLink } from '../../../components/portal/router-link';
import { formatDateTime } from '../../../lib/format';
import { Markdown } from '../../../lib/markdown';
import { durationLabel, formatLongDate, formatTimeRange, typeLabel, unknownHomeworkLabel } from './session-format';
import { StatusBadge } from './session-status-badge';
import './sessions.css';

/**
 * A session's full details: the trainer also sees the client's contact details, the id and timestamps.
 * Both see the dog's training goals and the homework message (its subject and content; the Markdown
 * renderer loads when one is shown).
 */
export function detailItems(s: SessionView, admin: boolean): KeyValuePairsProps.Item[] {
  const items: KeyValuePairsProps.Item[] = [
    { label: 'Date', value: formatLongDate(s.scheduledAt) },
    { label: 'Time', value: formatTimeRange(s) },
    { label: 'Dog', value: s.dogBreed ? `${s.dogName} (${s.dogBreed})` : s.dogName },
    { label: 'Session type', value: typeLabel(s) },
    { label: 'Duration', value: durationLabel(s.durationMinutes) },
    { label: 'Status', value: <StatusBadge status={s.status} /> },
  ];
  if (admin) {
    items.splice(2, 0, { label: 'Client', value: s.clientName });
    items.push(
      {
        label: 'Client email',
        value: s.clientEmail ? <Link href={`mailto:${s.clientEmail}`}>{s.clientEmail}</Link> : '-',
      },
      {
        label: 'Client phone',
        value: s.clientPhone ? <Link href={`tel:${s.clientPhone.replace(/[^\d+]/g, '')}`}>{s.clientPhone}</Link> : '-',
      },
    );
  }
  items.push({
    label: 'Session notes',
    value: s.notes ? <span className="session-notes">{s.notes}</span> : 'No notes.',
  });
  items.push({
    label: 'Training goals',
    value: s.trainingGoals ? <span className="session-notes">{s.trainingGoals}</span> : 'None recorded.',
  });
  if (s.homeworkAssigned) {
    items.push({
      label: 'Relevant homework',
      value: s.homework ? (
        <div className="session-homework">
          <Box fontWeight="bold">{s.homework.subject}</Box>
          <Markdown content={s.homework.content} />
          {!admin && (
            <RouterLink href={`/messages?messageId=${encodeURIComponent(s.homeworkAssigned)}`}>
              Open in Messages
            </RouterLink>
          )}
        </div>
      ) : (
        unknownHomeworkLabel(s.homeworkAssigned)
      ),
    });
  }
  if (admin) {
    items.push(
      { label: 'Session ID', value: <Box variant="code">{s.id}</Box> },
      { label: 'Created', value: formatDateTime(s.createdAt) },
      { label: 'Last updated', value: formatDateTime(s.updatedAt) },
    );
  }
  return items;
}

export function SessionDetails({ session, admin }: { session: SessionView; admin: boolean }) {
  return <KeyValuePairs columns={2} items={detailItems(session, admin)} />;
}
