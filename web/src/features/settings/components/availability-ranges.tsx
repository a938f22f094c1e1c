import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TimeInput from '@cloudscape-design/components/time-input';
import { useId } from 'react';
import { MAX_RANGES_PER_DAY, type TimeRange } from '../../../../../shared/contracts/booking-options';

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
 * `HH:mm` strings as saved (the server checks them); a time input stops at 23:59, so the end of the day
 * (saved as 24:00) is shown and typed as an end of 00:00.
 */

const MIDNIGHT_END = '24:00';
const endShown = (end: string) => (end === MIDNIGHT_END ? '00:00' : end);
const endSaved = (end: string) => (end === '00:00' ? MIDNIGHT_END : end);

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};
const hhmm = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/** The range an added row starts with: 09:00–17:00 on an empty day, else the hour after the last range. */
function nextRange(ranges: readonly TimeRange[]): TimeRange {
  const last = ranges.at(-1);
  if (!last || !/^\d{2}:\d{2}$/.test(last.end)) return { start: '09:00', end: '17:00' };
  const start = Math.min(minutes(last.end), 23 * 60);
  return { start: hhmm(start), end: hhmm(Math.min(start + 60, 24 * 60)) };
}

/** The id of a FormField's visible label: Cloudscape names it after the field's `controlId`. */
export const fieldLabelId = (controlId: string) => `${controlId}-label`;

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
  return (
    <SpaceBetween size="xs">
      {ranges.length === 0 && <Box color="text-status-inactive">{empty}</Box>}
      {ranges.map((r, i) => (
        // Ranges have no identity of their own beyond their place in the day.
        // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position
        <div key={i}>
          <HiddenName id={`${uid}-start-${i}-name`}>{`range ${i + 1} start`}</HiddenName>
          <HiddenName id={`${uid}-end-${i}-name`}>{`range ${i + 1} end`}</HiddenName>
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <div className="availability-time">
              <TimeInput
                format="hh:mm"
                use24Hour
                placeholder="hh:mm"
                controlId={`${uid}-start-${i}`}
                ariaLabelledby={`${labelId} ${uid}-start-${i}-name`}
                value={r.start}
                onChange={({ detail }) => set(i, { start: detail.value })}
              />
            </div>
            <Box variant="span">to</Box>
            <div className="availability-time">
              <TimeInput
                format="hh:mm"
                use24Hour
                placeholder="hh:mm"
                controlId={`${uid}-end-${i}`}
                ariaLabelledby={`${labelId} ${uid}-end-${i}-name`}
                value={endShown(r.end)}
                onChange={({ detail }) => set(i, { end: endSaved(detail.value) })}
              />
            </div>
            <Button
              variant="icon"
              formAction="none"
              iconName="remove"
              ariaLabel={`Remove ${label} range ${i + 1}`}
              onClick={() => onChange(ranges.filter((_, j) => j !== i))}
            />
          </SpaceBetween>
        </div>
      ))}
      <Button
        variant="inline-link"
        formAction="none"
        iconName="add-plus"
        ariaLabel={`Add hours on ${label}`}
        disabled={ranges.length >= MAX_RANGES_PER_DAY}
        onClick={() => onChange([...ranges, nextRange(ranges)])}
      >
        Add hours
      </Button>
    </SpaceBetween>
  );
}
