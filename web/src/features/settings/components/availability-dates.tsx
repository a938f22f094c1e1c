import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useId } from 'react';
import { MAX_CLOSED_DATES } from '#shared/contracts/booking-options';
import { DateInput } from '../../../components/portal/date-input';
import { HiddenName } from './availability-ranges';

/**
 * The availability form's dates: the device's own date picker each (ADR 0056), valued as the `YYYY-MM-DD`
 * the server saves and names in its message.
 */

export const DAYS_OFF_FULL = `At most ${MAX_CLOSED_DATES} days off`;

/** A date field named by a field's visible label and `name` ("Days off" "date 1"). */
export function DateField({
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
  return (
    <div className="availability-date">
      <HiddenName id={`${id}-name`}>{name}</HiddenName>
      <DateInput
        controlId={id}
        ariaLabelledby={`${labelId} ${id}-name`}
        value={value}
        onChange={({ detail }) => onChange(detail.value)}
      />
    </div>
  );
}

/**
 * Days off (`closedDates`): a date field per day with its remove button and its own message, and Add day
 * off.
 */
export function DaysOff({
  labelId,
  dates,
  errors,
  onChange,
}: {
  /** The visible label that starts each picker's name: "Days off" date 1. */
  labelId: string;
  dates: readonly string[];
  /** Each date's message, by position. */
  errors: readonly (string | undefined)[];
  onChange: (dates: string[]) => void;
}) {
  const uid = useId();
  const full = dates.length >= MAX_CLOSED_DATES;
  return (
    <SpaceBetween size="xs">
      {dates.length === 0 && <Box color="text-status-inactive">No days off</Box>}
      {dates.length > 0 && (
        <SpaceBetween direction="horizontal" size="m">
          {dates.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a day off is its position until saved
            <FormField key={i} controlId={`${uid}-${i}-field`} errorText={errors[i]}>
              <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
                <DateField
                  id={`${uid}-${i}`}
                  labelId={labelId}
                  name={`date ${i + 1}`}
                  value={d}
                  onChange={(value) => onChange(dates.map((x, j) => (j === i ? value : x)))}
                />
                <Button
                  variant="icon"
                  formAction="none"
                  iconName="remove"
                  ariaLabel={`Remove day off ${i + 1}`}
                  onClick={() => onChange(dates.filter((_, j) => j !== i))}
                />
              </SpaceBetween>
            </FormField>
          ))}
        </SpaceBetween>
      )}
      <Button
        variant="inline-link"
        formAction="none"
        iconName="add-plus"
        disabled={full}
        disabledReason={full ? DAYS_OFF_FULL : undefined}
        onClick={() => onChange([...dates, ''])}
      >
        Add day off
      </Button>
    </SpaceBetween>
  );
}
