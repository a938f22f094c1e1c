import Badge, { type BadgeProps } from '@cloudscape-design/components/badge';
import type { SessionStatus } from '#shared/contracts/session-options';
import { statusLabel } from './session-format';

/* A session's status as a badge: apart from session-format, so the session form loads no Badge. */

const STATUS_COLORS: Record<SessionStatus, BadgeProps['color']> = {
  scheduled: 'blue',
  confirmed: 'green',
  completed: 'grey',
  cancelled: 'red',
};

export function StatusBadge({ status }: { status: SessionStatus }) {
  return <Badge color={STATUS_COLORS[status] ?? 'grey'}>{statusLabel(status)}</Badge>;
}
