import Box from '@cloudscape-design/components/box';
import KeyValuePairs, { type KeyValuePairsProps } from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import type { SessionView } from '../../../../../shared/contracts/session-options';
import { RouterLink } from '../../../components/portal/router-link';
import { formatDateTime } from '../../../lib/format';
import { durationLabel, formatLongDate, formatTimeRange, StatusBadge, typeLabel } from './session-format';
import './sessions.css';

/** A session's full details: the trainer also sees the client's contact details, the id and timestamps. */
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
  if (s.homeworkAssigned) {
    items.push({
      label: 'Relevant homework',
      value: admin ? (
        'Assigned'
      ) : (
        <RouterLink href={`/messages?messageId=${encodeURIComponent(s.homeworkAssigned)}`}>Open in Messages</RouterLink>
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
