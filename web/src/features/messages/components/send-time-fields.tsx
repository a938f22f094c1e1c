import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import { format } from 'date-fns';
import { clockHint, TimeField, useTimeFormat } from '../../../components/portal/time-field';
import { inBusinessZone, zoneLongName } from '../../../lib/business-zone';
import type { SendTime } from './send-time';

/*
 * The send time's fields (compose and the scheduled list's edit dialog), in their own module so Compose
 * does not load the scheduled messages' table and the sent list loads the date picker only when a send
 * time is edited.
 */

const DATE_STRINGS = {
  todayAriaLabel: 'Today',
  nextMonthAriaLabel: 'Next month',
  previousMonthAriaLabel: 'Previous month',
  openCalendarAriaLabel: (selected: string | null) =>
    selected ? `Choose send date, selected date is ${selected}` : 'Choose send date',
};

/** Date and time pickers of a send time; days before today (business time zone) cannot be chosen. */
export function SendTimeFields({
  value,
  onChange,
  error,
  disabled,
}: {
  value: SendTime;
  onChange: (v: SendTime) => void;
  error?: string;
  disabled?: boolean;
}) {
  const today = format(inBusinessZone(Date.now()), 'yyyy-MM-dd');
  const timeFormat = useTimeFormat();
  return (
    <ColumnLayout columns={2}>
      <FormField label="Send date">
        <DatePicker
          value={value.date}
          onChange={({ detail }) => onChange({ ...value, date: detail.value })}
          isDateEnabled={(date) => format(date, 'yyyy-MM-dd') >= today}
          placeholder="YYYY/MM/DD"
          disabled={disabled}
          invalid={!!error}
          i18nStrings={DATE_STRINGS}
          expandToViewport
        />
      </FormField>
      <FormField label={`Send time (${zoneLongName()})`} description={`${clockHint(timeFormat)}.`} errorText={error}>
        <TimeField
          format={timeFormat}
          value={value.time}
          onChange={(time) => onChange({ ...value, time })}
          disabled={disabled}
          invalid={!!error}
        />
      </FormField>
    </ColumnLayout>
  );
}
