import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  MAX_SERIES_SESSIONS,
  MIN_SERIES_SESSIONS,
  SERIES_EVERY,
  SERIES_EVERY_LABELS,
  SERIES_TEXTS,
  type SeriesEvery,
  type SeriesRepeat,
} from '#shared/contracts/session-options';
import { DateInput } from '../../../components/portal/date-input';

/**
 * The session form's Repeat (create only; docs/decisions/0060-session-series.md): does not repeat, every
 * week or every two weeks, ending after a number of sessions or on a date. Each session of the series is
 * its own afterwards. `value` null: one session.
 */

// One tap each (a segmented control, not a drop-down): the series is the form's most common shortcut.
const EVERY_OPTIONS = [
  { id: 'none', text: 'Does not repeat' },
  ...SERIES_EVERY.map((e) => ({ id: e, text: SERIES_EVERY_LABELS[e] })),
];
const END_OPTIONS = [
  { value: 'count', label: 'After a number of sessions' },
  { value: 'until', label: 'On a date' },
];
/** What the form starts a series with: 8 sessions (two months of weekly training). */
export const DEFAULT_SERIES_COUNT = 8;

export function RepeatField({
  value,
  onChange,
  firstDate,
  disabled,
  error,
}: {
  value: SeriesRepeat | null;
  onChange: (next: SeriesRepeat | null) => void;
  /** The first session's date (YYYY-MM-DD): the last date is not before it. */
  firstDate: string;
  disabled?: boolean;
  error?: string;
}) {
  const every = value?.every;
  const ends = value?.until !== undefined ? 'until' : 'count';
  return (
    <SpaceBetween size="s" direction="horizontal">
      <FormField label="Repeat" errorText={error}>
        <SegmentedControl
          label="Repeat"
          selectedId={every ?? 'none'}
          options={EVERY_OPTIONS.map((o) => ({ ...o, disabled }))}
          onChange={({ detail }) => {
            const next = detail.selectedId;
            if (next === 'none') onChange(null);
            else onChange({ count: DEFAULT_SERIES_COUNT, ...value, every: next as SeriesEvery });
          }}
        />
      </FormField>
      {value && (
        <FormField label="Ends">
          <Select
            selectedOption={END_OPTIONS.find((o) => o.value === ends) ?? END_OPTIONS[0]}
            options={END_OPTIONS}
            onChange={({ detail }) =>
              onChange(
                detail.selectedOption.value === 'until'
                  ? { every: value.every, until: firstDate }
                  : { every: value.every, count: DEFAULT_SERIES_COUNT },
              )
            }
            disabled={disabled}
          />
        </FormField>
      )}
      {value && ends === 'count' && (
        <FormField
          label="Sessions"
          constraintText={`${MIN_SERIES_SESSIONS} to ${MAX_SERIES_SESSIONS}, this one included.`}
        >
          <Input
            type="number"
            inputMode="numeric"
            value={String(value.count ?? '')}
            onChange={({ detail }) => onChange({ every: value.every, count: Number(detail.value) })}
            disabled={disabled}
          />
        </FormField>
      )}
      {value && ends === 'until' && (
        <FormField label="Last date">
          <DateInput
            value={value.until ?? ''}
            min={firstDate || undefined}
            onChange={({ detail }) => onChange({ every: value.every, until: detail.value })}
            disabled={disabled}
          />
        </FormField>
      )}
    </SpaceBetween>
  );
}

/** The form's own check before sending: a count in range, a last date after the first. */
export function repeatError(repeat: SeriesRepeat | null, firstDate: string): string | undefined {
  if (!repeat) return undefined;
  if (repeat.until !== undefined) {
    return repeat.until > firstDate ? undefined : SERIES_TEXTS.untilTooSoon;
  }
  const n = repeat.count ?? 0;
  return Number.isInteger(n) && n >= MIN_SERIES_SESSIONS && n <= MAX_SERIES_SESSIONS ? undefined : SERIES_TEXTS.count;
}
