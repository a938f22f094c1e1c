import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { CLASS_TEXTS, type ClassMeeting } from '#shared/contracts/class-options';
import { ConfirmModal } from '../../../components/portal/confirm-modal';
import { DateInput } from '../../../components/portal/date-input';
import { clockHint, TimeField, useTimeFormat } from '../../../components/portal/time-field';
import { ApiError } from '../../../lib/api';
import { zoneLongName } from '../../../lib/business-zone';
import { useToasts } from '../../../lib/toasts';
import { useMoveMeeting } from '../api/classes';
import { businessInstant, formFieldsOf } from './class-form-values';
import { formatMeetingRange } from './class-format';

const CHOOSE_DATE_AND_TIME = 'Choose a date and a time';

/**
 * Moving one meeting of a published class (docs/decisions/0075-moving-a-class-meeting.md): a new date and
 * time in the business time zone, the meeting keeps its length. Nothing changes before the trainer
 * confirms; a clash refusal names what it overlaps and offers "Move anyway". Every client with a seat is
 * told the old and the new time.
 */
export function MoveMeetingModal({
  classId,
  meeting,
  onClose,
  now = Date.now(),
}: {
  classId: string;
  meeting: ClassMeeting;
  onClose: () => void;
  now?: number;
}) {
  const { notify } = useToasts();
  const move = useMoveMeeting(classId);
  const timeFormat = useTimeFormat();
  const was = formFieldsOf(meeting.startsAt);
  const [date, setDate] = useState(was.date);
  const [time, setTime] = useState(was.time);
  const [error, setError] = useState<string>();
  const [overlap, setOverlap] = useState<string>();

  const submit = async (allowOverlap = false) => {
    const startsAt = businessInstant(date, time);
    if (!startsAt) {
      setError(CHOOSE_DATE_AND_TIME);
      return;
    }
    if (Date.parse(startsAt) <= now) {
      setError(CLASS_TEXTS.meetingMovePast);
      return;
    }
    setError(undefined);
    setOverlap(undefined);
    try {
      await move.mutateAsync({ meetingId: meeting.id, startsAt, ...(allowOverlap ? { allowOverlap } : {}) });
      const endsAt = new Date(Date.parse(startsAt) + Date.parse(meeting.endsAt) - Date.parse(meeting.startsAt));
      notify({
        type: 'success',
        content: `Meeting moved to ${formatMeetingRange({ startsAt, endsAt: endsAt.toISOString() })}`,
      });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && e.fields?.allowOverlap) setOverlap(e.message);
      else setError(e instanceof ApiError && e.status < 500 ? e.message : 'Failed to move the meeting');
    }
  };

  return (
    <ConfirmModal
      header="Move this meeting?"
      confirmLabel="Move meeting"
      dismissLabel="Keep it"
      busy={move.isPending}
      onCancel={onClose}
      onConfirm={() => void submit()}
    >
      <SpaceBetween size="m">
        <Box variant="p">
          Now {formatMeetingRange(meeting)}. It keeps its length; every client with a seat is told the new time.
        </Box>
        <ColumnLayout columns={2}>
          <FormField label="New date">
            <DateInput
              value={date}
              onChange={({ detail }) => setDate(detail.value)}
              min={formFieldsOf(new Date(now).toISOString()).date}
            />
          </FormField>
          <FormField label="New time" description={`${zoneLongName()}, ${clockHint(timeFormat)}.`}>
            <TimeField format={timeFormat} value={time} onChange={setTime} ariaLabel="New time" />
          </FormField>
        </ColumnLayout>
        {error && <Alert type="error">{error}</Alert>}
        {overlap && (
          <Alert
            type="warning"
            header="This time clashes"
            action={
              <Button onClick={() => void submit(true)} disabled={move.isPending}>
                Move anyway
              </Button>
            }
          >
            {overlap}
          </Alert>
        )}
      </SpaceBetween>
    </ConfirmModal>
  );
}
