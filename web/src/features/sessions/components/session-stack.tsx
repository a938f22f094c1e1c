import Container from '@cloudscape-design/components/container';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { durationLabel, formatStart, typeLabel } from './session-format';
import { StatusBadge } from './session-status-badge';
import type { SessionListProps } from './session-views';
import './session-stack.css';

/**
 * The List view on a phone: one stacked card per session (when, dog, type and length, status, actions)
 * instead of the table's columns, so nothing sits behind a sideways swipe.
 */
export function SessionStack({ items, loading, label, header, empty, actions }: SessionListProps) {
  return (
    <Container header={header}>
      {loading ? (
        <StatusIndicator type="loading">Loading sessions</StatusIndicator>
      ) : items.length === 0 ? (
        empty
      ) : (
        <ul className="session-stack" aria-label={label}>
          {items.map((s) => (
            <li key={s.id} className="session-stack__item">
              <h3 className="session-stack__when">{formatStart(s)}</h3>
              <p className="session-stack__what">
                {s.dogName} · {typeLabel(s)} · {durationLabel(s.durationMinutes)}
              </p>
              <div className="session-stack__foot">
                <StatusBadge status={s.status} />
                {actions?.(s)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
