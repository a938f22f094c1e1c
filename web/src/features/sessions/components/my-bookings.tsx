import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { BOOKING_STATUS_LABELS, BOOKING_TEXTS, type BookingView } from '#shared/contracts/booking-options';
import { SESSION_TYPE_LABELS } from '#shared/contracts/session-options';
import { ApiError } from '../../../lib/api';
import { useToasts } from '../../../lib/toasts';
import { useCancelBooking, useMyBookings } from '../api/bookings';

/**
 * The client's booking requests on /sessions, always shown: a chunk of its own, so the booking form
 * (book-session.tsx, its dogs, open times and vaccination checks) loads only when Book a session is asked for.
 */

export const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
export const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
export const whenText = (iso: string) => `${dayFormat.format(new Date(iso))}, ${timeFormat.format(new Date(iso))}`;

/** The client's own booking requests with their status; a pending or approved one can be cancelled. */
export function MyBookings() {
  const { notify } = useToasts();
  const bookings = useMyBookings();
  const cancel = useCancelBooking();
  const items = (bookings.data?.items ?? []).filter((b) => Date.parse(b.scheduledAt) > Date.now() - 86_400_000);
  if (!items.length) return null;
  const run = async (b: BookingView) => {
    try {
      const done = await cancel.mutateAsync(b.id);
      notify({ type: 'success', content: done.creditUsed ? BOOKING_TEXTS.cancelledLate : BOOKING_TEXTS.cancelled });
    } catch (e) {
      notify({ type: 'error', content: e instanceof ApiError ? e.message : BOOKING_TEXTS.changedMeanwhile });
    }
  };
  return (
    <Container header={<Header variant="h2">My booking requests</Header>}>
      <SpaceBetween size="s">
        {items.map((b) => (
          <div key={b.id} className="booking-row">
            <div>
              <Box fontWeight="bold">
                {whenText(b.scheduledAt)} · {b.dogName} · {SESSION_TYPE_LABELS[b.sessionType]}
              </Box>
              <StatusIndicator
                type={b.status === 'approved' ? 'success' : b.status === 'pending' ? 'pending' : 'stopped'}
              >
                {BOOKING_STATUS_LABELS[b.status]}
              </StatusIndicator>
              {b.note && <Box variant="small"> Trainer's note: {b.note}</Box>}
            </div>
            {(b.status === 'pending' || b.status === 'approved') && (
              <Button
                loading={cancel.isPending && cancel.variables === b.id}
                ariaLabel={`Cancel booking ${whenText(b.scheduledAt)}`}
                onClick={() => run(b)}
              >
                Cancel
              </Button>
            )}
          </div>
        ))}
      </SpaceBetween>
    </Container>
  );
}
