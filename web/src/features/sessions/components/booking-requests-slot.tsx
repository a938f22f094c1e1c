import { lazy, Suspense } from 'react';
import { NEW_BOOKING_REQUEST_TEXT } from '#shared/contracts/booking-notice';
import { useRealtimeMessages } from '../../../lib/realtime-context';
import { useToasts } from '../../../lib/toasts';
import { isBookingsChangedNotice, usePendingBookings } from '../api/booking-requests';

/** The list and its approve/decline dialog: fetched only when there is a request to show. */
const BookingRequests = lazy(() => import('./booking-requests').then((m) => ({ default: m.BookingRequests })));

/**
 * The trainer's booking requests on the sessions page, live: a new request shows a toast and joins the
 * list without a reload. Without pending requests nothing is shown and the list's code is not loaded.
 */
export function BookingRequestsSlot() {
  const { notify } = useToasts();
  const pending = usePendingBookings();
  useRealtimeMessages((m) => {
    if (isBookingsChangedNotice(m) && m.status === 'pending')
      notify({ type: 'info', content: NEW_BOOKING_REQUEST_TEXT });
  });
  const items = pending.data?.items ?? [];
  if (!items.length) return null;
  return (
    <Suspense fallback={null}>
      <BookingRequests items={items} />
    </Suspense>
  );
}
