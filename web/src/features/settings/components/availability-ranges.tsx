import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useId } from 'react';
import { MAX_RANGES_PER_DAY, minutesOfDay, type TimeRange } from '#shared/contracts/booking-options';
import { TimeField, useTimeFormat } from '../../../components/portal/time-field';

/**
 * The rest of the accessible name of a control inside a FormField, which would otherwise name every control
 * in it by the field's label alone (Monday): the control is labelled by the field's visible label and this
 * hidden text ("range 1 start"). The visible part keeps it labelled for axe (label-title-only) when the
 * field describes it.
 */
export function HiddenName({ id, children }: { id: string; children: string }) {
  return (
    <span id={id} hidden>
      {children}
    </span>
  );
}

/**
 * A day's opening ranges, each a start and an end typed in 24-hour `hh:mm` time inputs. The values stay
 * `HH:mm` strings as saved (the form checks them with the server's schema); a time input stops at 23:59,
 * so the end of the day (saved as 24:00) is shown and typed as an end of 00:00.
 */

const MIDNIGHT_END = '24:00';
const DAY_MINUTES = minutesOfDay(MIDNIGHT_END);
const endShown = (end: string) => (end === MIDNIGHT_END ? '00:00' : end);
const endSaved = (end: string) => (end === '00:00' ? MIDNIGHT_END : end);

const hhmm = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/** Why a day takes no further range after a range that ends at midnight. */
export const ENDS_AT_MIDNIGHT = 'The last range ends at midnight (00:00): end it earlier to add hours after it';
export const RANGES_FULL = `At most ${MAX_RANGES_PER_DAY} ranges per day`;

/**
 * The range an added row starts with: 09:00–17:00 on a day without a complete range, else from the latest
 * end of the day's ranges for an hour (less when midnight comes first); null when that end is midnight,
 * where nothing fits after it.
 */
export function nextRange(ranges: readonly TimeRange[]): TimeRange | null {
  const ends = ranges.map((r) => r.end).filter((end) => /^\d{2}:\d{2}$/.test(end));
  if (ends.length === 0) return { start: '09:00', end: '17:00' };
  const start = Math.max(...ends.map(minutesOfDay));
  if (start >= DAY_MINUTES) return null;
  return { start: hhmm(start), end: hhmm(Math.min(start + 60, DAY_MINUTES)) };
}

/** The id of a FormField's visible label: Cloudscape names it after the field's `controlId`. */
export const fieldLabelId = (controlId: string) => `${controlId}-label`;

/**
 * One time input in the trainer's clock (12- or 24-hour), named by the field's visible label and `name`
 * ("Monday" "range 1 start").
 */
function RangeTime({
  id,
  labelId,
  name,
  value,
  onChange,
}: {
  id: string;
  labelId: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const format = useTimeFormat();
  return (
    <div className="availability-time">
      <HiddenName id={`${id}-name`}>{name}</HiddenName>
      <TimeField
        format={format}
        controlId={id}
        ariaLabelledby={`${labelId} ${id}-name`}
        meridiemLabel={`${name} AM or PM`}
        value={value}
        onChange={onChange}
      />
    </div>
  );
}

export function DayRanges({
  label,
  labelId,
  ranges,
  empty,
  onChange,
}: {
  /** Names the buttons: "Add hours on Monday", "Remove Monday range 1". */
  label: string;
  /** The visible label that starts the time inputs' names: "Monday" range 1 start. */
  labelId: string;
  ranges: readonly TimeRange[];
  /** Shown when there is no range ("Closed"). */
  empty: string;
  onChange: (ranges: TimeRange[]) => void;
}) {
  const uid = useId();
  const set = (i: number, part: Partial<TimeRange>) =>
    onChange(ranges.map((r, j) => (j === i ? { ...r, ...part } : r)));
  const next = nextRange(ranges);
  const full = ranges.length >= MAX_RANGES_PER_DAY;
  return (
    <SpaceBetween size="xs">
      {ranges.length === 0 && <Box color="text-status-inactive">{empty}</Box>}
      {ranges.map((r, i) => (
        // Ranges have no identity of their own beyond their place in the day.
        // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position
        <SpaceBetween key={i} direction="horizontal" size="xs" alignItems="center">
          <RangeTime
            id={`${uid}-start-${i}`}
            labelId={labelId}
            name={`range ${i + 1} start`}
            value={r.start}
            onChange={(start) => set(i, { start })}
          />
          <Box variant="span">to</Box>
          <RangeTime
            id={`${uid}-end-${i}`}
            labelId={labelId}
            name={`range ${i + 1} end`}
            value={endShown(r.end)}
            onChange={(end) => set(i, { end: endSaved(end) })}
          />
          <Button
            variant="icon"
            formAction="none"
            iconName="remove"
            ariaLabel={`Remove ${label} range ${i + 1}`}
            onClick={() => onChange(ranges.filter((_, j) => j !== i))}
          />
        </SpaceBetween>
      ))}
      <Button
        variant="inline-link"
        formAction="none"
        iconName="add-plus"
        ariaLabel={`Add hours on ${label}`}
        disabled={full || !next}
        disabledReason={full ? RANGES_FULL : next ? undefined : ENDS_AT_MIDNIGHT}
        onClick={() => next && onChange([...ranges, next])}
      >
        Add hours
      </Button>
    </SpaceBetween>
  );
}
