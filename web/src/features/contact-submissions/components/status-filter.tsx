import SpaceBetween from '@cloudscape-design/components/space-between';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import ToggleButton from '@cloudscape-design/components/toggle-button';
import { CONTACT_STATUSES, type ContactStatus } from '#shared/contracts/contact-options';

export const STATUS_LABELS: Record<ContactStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  converted: 'Converted',
  removed: 'Removed',
};

export const STATUS_INDICATOR: Record<ContactStatus, StatusIndicatorProps.Type> = {
  new: 'info',
  contacted: 'in-progress',
  converted: 'success',
  removed: 'stopped',
};

const COMBINABLE: readonly ContactStatus[] = ['new', 'contacted'];

/**
 * SPEC 2: New and Contacted can combine; Converted and Removed are exclusive views. The selection is
 * never empty: un-pressing the only pressed button keeps it.
 */
export function toggleStatusFilter(current: readonly ContactStatus[], clicked: ContactStatus): ContactStatus[] {
  if (!COMBINABLE.includes(clicked)) return [clicked];
  const combined = current.filter((s) => COMBINABLE.includes(s));
  if (combined.includes(clicked)) {
    const rest = combined.filter((s) => s !== clicked);
    return rest.length > 0 ? rest : [clicked];
  }
  return CONTACT_STATUSES.filter((s) => s === clicked || combined.includes(s));
}

export function StatusFilter({
  selected,
  counts,
  onChange,
}: {
  selected: readonly ContactStatus[];
  counts?: Record<ContactStatus, number>;
  onChange: (next: ContactStatus[]) => void;
}) {
  return (
    <SpaceBetween direction="horizontal" size="xs">
      {CONTACT_STATUSES.map((status) => (
        <ToggleButton
          key={status}
          pressed={selected.includes(status)}
          onChange={() => onChange(toggleStatusFilter(selected, status))}
        >
          {`${STATUS_LABELS[status]} (${counts?.[status] ?? 0})`}
        </ToggleButton>
      ))}
    </SpaceBetween>
  );
}
