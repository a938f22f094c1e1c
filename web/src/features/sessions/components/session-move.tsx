import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import type { SessionView } from '#shared/contracts/session-options';
import { ConfirmModal } from '../../../components/portal/confirm-modal';
import { DateInput } from '../../../components/portal/date-input';
import { clockHint, TimeField, useTimeFormat } from '../../../components/portal/time-field';
import { ApiError } from '../../../lib/api';
import { zoneLongName } from '../../../lib/business-zone';
import { useToasts } from '../../../lib/toasts';
import { useUpdateSession } from '../api/sessions';
import { FollowingField } from './session-following';
import { businessInstant, formatLongDate, formatTimeRange, formFieldsOf, todayKey } from './session-format';

/**
 * Moving a session from the week or day view (docs/decisions/0069-week-and-day-views.md): the new date
 * (the day it was dropped on, else its own) and time, confirmed before anything changes, then the same
 * PUT as the edit form: the same rules, the client's updated appointment message and invite, the
 * reminder moved. A clash refusal offers "Move anyway"; a session of a series can take the later ones
 * with it.
 */
export function MoveSessionModal({
  session,
  day,
  onClose,
}: {
  session: SessionView;
  day?: string;
  onClose: () => void;
}) {
  const { notify } = useToasts();
  const update = useUpdateSession(session.id);
  const timeFormat = useTimeFormat();
  const was = formFieldsOf(session.scheduledAt);
  const [date, setDate] = useState(day ?? was.date);
  const [time, setTime] = useState(was.time);
  const [following, setFollowing] = useState(false);
  const [error, setError] = useState<string>();
  const [overlap, setOverlap] = useState<string>();
  const to = businessInstant(date, time);

  const move = async (allowOverlap = false) => {
    if (!to) {
      setError('Choose a date and a time');
      return;
    }
    if (date < todayKey()) {
      setError('Choose today or a later date');
      return;
    }
    setError(undefined);
    setOverlap(undefined);
    try {
      const moved = await update.mutateAsync({
        clientId: session.clientId,
        dogId: session.dogId,
        scheduledAt: to,
        durationMinutes: session.durationMinutes,
        sessionType: session.sessionType,
        notes: session.notes ?? null,
        homeworkAssigned: session.homeworkAssigned ?? null,
        ...(allowOverlap ? { allowOverlap } : {}),
        ...(following ? { following } : {}),
      });
      notify({ type: 'success', content: moved.length > 1 ? `${moved.length} sessions moved` : 'Session moved' });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && e.fields?.allowOverlap) setOverlap(e.message);
      else setError(e instanceof ApiError && e.status < 500 ? e.message : 'Failed to move session');
    }
  };

  return (
    <ConfirmModal
      header="Move session?"
      confirmLabel="Move session"
      dismissLabel="Keep where it is"
      busy={update.isPending}
      onCancel={onClose}
      onConfirm={() => void move()}
    >
      <SpaceBetween size="m">
        <Box variant="p">
          {session.dogName} ({session.clientName}), now {formatLongDate(session.scheduledAt)},{' '}
          {formatTimeRange(session)}. The client is told of the new time.
        </Box>
        <ColumnLayout columns={2}>
          <FormField label="New date">
            <DateInput value={date} onChange={({ detail }) => setDate(detail.value)} min={todayKey()} />
          </FormField>
          <FormField label="New time" description={`${zoneLongName()}, ${clockHint(timeFormat)}.`}>
            <TimeField format={timeFormat} value={time} onChange={setTime} />
          </FormField>
        </ColumnLayout>
        {session.seriesId && <FollowingField checked={following} onChange={setFollowing} disabled={update.isPending} />}
        {error && <Alert type="error">{error}</Alert>}
        {overlap && (
          <Alert
            type="warning"
            header="This session clashes with another"
            action={
              <Button onClick={() => void move(true)} disabled={update.isPending}>
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
