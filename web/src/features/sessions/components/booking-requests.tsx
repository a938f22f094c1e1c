import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { BOOKING_NOTE_MAX, BOOKING_TEXTS, type BookingView } from '#shared/contracts/booking-options';
import { SESSION_TYPE_LABELS } from '#shared/contracts/session-options';
import { Modal } from '../../../components/portal/modal';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useToasts } from '../../../lib/toasts';
import { useDecideBooking } from '../api/bookings';
import './sessions.css';

type Decision = { booking: BookingView; decision: 'approve' | 'decline' };

/** In the business time zone, as the rest of the trainer's sessions page. */
const when = (b: BookingView) => formatDateTime(b.scheduledAt);

/**
 * The trainer's booking requests awaiting approval (`items`, kept live by the sessions page's
 * `BookingRequestsSlot`): approve or decline with a note to the client. Loaded only when there are some.
 */
export function BookingRequests({ items }: { items: BookingView[] }) {
  const { notify } = useToasts();
  const decide = useDecideBooking();
  const [open, setOpen] = useState<Decision | null>(null);
  const [note, setNote] = useState('');

  const run = async () => {
    if (!open) return;
    try {
      await decide.mutateAsync({ id: open.booking.id, decision: open.decision, note });
      notify({
        type: 'success',
        content: open.decision === 'approve' ? BOOKING_TEXTS.approved : BOOKING_TEXTS.declined,
      });
      setOpen(null);
      setNote('');
    } catch (e) {
      notify({ type: 'error', content: e instanceof ApiError ? e.message : BOOKING_TEXTS.changedMeanwhile });
    }
  };

  return (
    <Container
      header={
        <Header variant="h2" counter={`(${items.length})`}>
          Booking requests
        </Header>
      }
    >
      <SpaceBetween size="s">
        {items.map((b) => (
          <div key={b.id} className="booking-row">
            <div>
              <Box fontWeight="bold">{when(b)}</Box>
              <Box variant="small">
                {b.clientName} · {b.dogName} · {SESSION_TYPE_LABELS[b.sessionType]} · {b.durationMinutes} min
              </Box>
            </div>
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                ariaLabel={`Decline ${b.clientName} ${when(b)}`}
                onClick={() => setOpen({ booking: b, decision: 'decline' })}
              >
                Decline
              </Button>
              <Button
                variant="primary"
                ariaLabel={`Approve ${b.clientName} ${when(b)}`}
                onClick={() => setOpen({ booking: b, decision: 'approve' })}
              >
                Approve
              </Button>
            </SpaceBetween>
          </div>
        ))}
      </SpaceBetween>
      {open && (
        <Modal
          visible
          header={open.decision === 'approve' ? 'Approve request' : 'Decline request'}
          closeAriaLabel="Close dialog"
          onDismiss={() => setOpen(null)}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setOpen(null)}>
                  Cancel
                </Button>
                <Button variant="primary" loading={decide.isPending} onClick={run}>
                  {open.decision === 'approve' ? 'Approve' : 'Decline'}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <SpaceBetween size="m">
            <Box>
              {open.booking.clientName}, {open.booking.dogName}: {when(open.booking)}
            </Box>
            <FormField label="Note to the client (optional)" constraintText={`At most ${BOOKING_NOTE_MAX} characters`}>
              <Textarea value={note} onChange={({ detail }) => setNote(detail.value.slice(0, BOOKING_NOTE_MAX))} />
            </FormField>
          </SpaceBetween>
        </Modal>
      )}
    </Container>
  );
}
