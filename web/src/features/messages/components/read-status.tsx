import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { AdminMessage } from '#shared/contracts/message-options';
import { formatDateTime } from '../../../lib/format';

/** Read with its time, or Unread. */
export function ReadStatus({ message }: { message: Pick<AdminMessage, 'readAt'> }) {
  return message.readAt ? (
    <StatusIndicator type="success">Read {formatDateTime(message.readAt)}</StatusIndicator>
  ) : (
    <StatusIndicator type="pending">Unread</StatusIndicator>
  );
}
