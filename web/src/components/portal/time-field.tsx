import Select from '@cloudscape-design/components/select';
import TimeInput, { type TimeInputProps } from '@cloudscape-design/components/time-input';
import { useEffect, useRef, useState } from 'react';
import type { TimeFormat } from '#shared/contracts/settings-options';
import { usePreferences } from '../../lib/queries/preferences';
import './time-field.css';

/**
 * A time of day typed in the trainer's preferred clock (Settings → General → Time format): 24-hour
 * (14:30), or 12-hour (02:30) with AM or PM beside it. The value is always HH:mm on the 24-hour clock
 * (what the forms send), or the text as typed while it is not a time yet, so the forms' rules stay as
 * they are.
 */

export type Meridiem = 'AM' | 'PM';

const MERIDIEMS = (['AM', 'PM'] as const).map((m) => ({ value: m, label: m }));
const HH_MM = /^(\d{2}):(\d{2})$/;

/** The trainer's clock (24-hour until the preferences are read or when none is set). */
export function useTimeFormat(): TimeFormat {
  return usePreferences().data?.preferences?.timeFormat ?? '24h';
}

/** The clock's hint for a time field's description. */
export const clockHint = (format: TimeFormat) =>
  format === '12h' ? '12-hour clock (e.g. 02:30 PM)' : '24-hour clock (e.g. 14:30)';

/** HH:mm (24-hour) as the 12-hour field shows it; text that is not a time yet stays as it is. */
export function to12Hour(value: string): { text: string; meridiem: Meridiem } {
  const m = HH_MM.exec(value);
  if (!m) return { text: value, meridiem: 'AM' };
  const h = Number(m[1]);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return { text: `${String(hour).padStart(2, '0')}:${m[2]}`, meridiem: h < 12 ? 'AM' : 'PM' };
}

/** A 12-hour time and AM/PM as HH:mm (24-hour); text that is not a 12-hour time yet stays as it is. */
export function to24Hour(text: string, meridiem: Meridiem): string {
  const m = HH_MM.exec(text);
  const h = Number(m?.[1]);
  if (!m || h < 1 || h > 12 || Number(m[2]) > 59) return text;
  const hour = (h % 12) + (meridiem === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${m[2]}`;
}

type FieldProps = Pick<
  TimeInputProps,
  'controlId' | 'ariaLabelledby' | 'ariaLabel' | 'invalid' | 'disabled' | 'placeholder'
> & {
  /** HH:mm on the 24-hour clock, or partial text while typing. */
  value: string;
  onChange: (value: string) => void;
  /** The AM/PM choice's accessible name (12-hour clock). */
  meridiemLabel?: string;
};

function TwelveHourField({ value, onChange, meridiemLabel = 'AM or PM', ...input }: FieldProps) {
  const [shown, setShown] = useState(() => to12Hour(value));
  const emitted = useRef(value);
  // A value set from outside (an edited record loaded, a form reset) is shown again.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setShown(to12Hour(value));
  }, [value]);
  const change = (text: string, meridiem: Meridiem) => {
    setShown({ text, meridiem });
    emitted.current = to24Hour(text, meridiem);
    onChange(emitted.current);
  };
  return (
    <div className="time-field">
      <div className="time-field__time">
        <TimeInput
          {...input}
          format="hh:mm"
          use24Hour={false}
          placeholder={input.placeholder ?? 'hh:mm'}
          value={shown.text}
          onChange={({ detail }) => change(detail.value, shown.meridiem)}
        />
      </div>
      <div className="time-field__meridiem">
        <Select
          selectedOption={{ value: shown.meridiem, label: shown.meridiem }}
          options={MERIDIEMS}
          onChange={({ detail }) => change(shown.text, detail.selectedOption.value as Meridiem)}
          disabled={input.disabled}
          invalid={input.invalid}
          ariaLabel={meridiemLabel}
        />
      </div>
    </div>
  );
}

export function TimeField({ format, ...props }: FieldProps & { format: TimeFormat }) {
  if (format === '12h') return <TwelveHourField {...props} />;
  const { value, onChange, meridiemLabel: _m, ...input } = props;
  return (
    <TimeInput
      {...input}
      format="hh:mm"
      use24Hour
      placeholder={input.placeholder ?? 'hh:mm'}
      value={value}
      onChange={({ detail }) => onChange(detail.value)}
    />
  );
}
