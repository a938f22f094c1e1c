import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { CLASS_TEXTS, type ClassMeeting, type ClassView, MAX_CANCEL_REASON } from '#shared/contracts/class-options';
import { ConfirmModal } from '../../../components/portal/confirm-modal';
import { useToasts } from '../../../lib/toasts';
import { useCancelMeeting } from '../api/classes';
import { formatMeetingRange } from './class-format';
import { MoveMeetingModal } from './move-meeting-modal';

/**
 * The roster's meetings: each with its date and time; a published class's meeting still ahead can be
 * moved to a new time (docs/decisions/0075) or cancelled with a reason (docs/decisions/0074); every
 * client with a seat is told.
 */
export function ClassMeetingsList({ item, now = Date.now() }: { item: ClassView; now?: number }) {
  const [cancelling, setCancelling] = useState<ClassMeeting>();
  const [moving, setMoving] = useState<ClassMeeting>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const cancel = useCancelMeeting(item.id);
  const { notify } = useToasts();
  const close = () => {
    setCancelling(undefined);
    setReason('');
    setError(undefined);
  };
  const confirm = () => {
    if (!cancelling) return;
    if (!reason.trim()) {
      setError(CLASS_TEXTS.cancelReason);
      return;
    }
    cancel.mutate(
      { meetingId: cancelling.id, reason: reason.trim() },
      {
        onSuccess: () => {
          notify({ type: 'success', content: `Meeting cancelled: ${formatMeetingRange(cancelling)}` });
          close();
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  return (
    <>
      <ol aria-label="Meetings" className="class-meetings">
        {item.meetings.map((m) => (
          <li key={m.id}>
            {m.cancelled ? (
              <span>
                <s>{formatMeetingRange(m)}</s>{' '}
                <Box variant="span" color="text-status-warning">
                  Cancelled: {m.cancelled.reason}
                </Box>
              </span>
            ) : (
              <span>{formatMeetingRange(m)}</span>
            )}
            {item.status === 'published' && !m.cancelled && Date.parse(m.startsAt) > now && (
              <>
                {' '}
                <Button
                  variant="inline-link"
                  ariaLabel={`Move the meeting of ${formatMeetingRange(m)}`}
                  onClick={() => setMoving(m)}
                >
                  Move
                </Button>{' '}
                <Button
                  variant="inline-link"
                  ariaLabel={`Cancel the meeting of ${formatMeetingRange(m)}`}
                  onClick={() => setCancelling(m)}
                >
                  Cancel
                </Button>
              </>
            )}
          </li>
        ))}
      </ol>
      {moving && <MoveMeetingModal classId={item.id} meeting={moving} now={now} onClose={() => setMoving(undefined)} />}
      {cancelling && (
        <ConfirmModal
          header="Cancel this meeting?"
          confirmLabel="Cancel meeting"
          dismissLabel="Keep it"
          busy={cancel.isPending}
          onCancel={close}
          onConfirm={confirm}
        >
          <FormField
            label="Reason"
            description={`${formatMeetingRange(cancelling)}. Every client with a seat receives this reason.`}
            errorText={error}
          >
            <Textarea
              value={reason}
              onChange={({ detail }) => setReason(detail.value.slice(0, MAX_CANCEL_REASON))}
              ariaLabel="Reason"
              rows={3}
            />
          </FormField>
        </ConfirmModal>
      )}
    </>
  );
}
