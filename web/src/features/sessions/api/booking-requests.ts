import { useQuery } from '@tanstack/react-query';
import type { BookingsChangedNotice, BookingView } from '#shared/contracts/booking-options';
import type { SessionType } from '#shared/contracts/session-options';
import { apiRequest } from '../../../lib/api';
import { useInvalidateOnRealtime } from '../../../lib/query';

/**
 * What the trainer's sessions page loads for booking requests (apart from ./bookings.ts, whose client-side
 * queries bring the dogs and credits queries along): the query keys, the live notice, the pending list.
 */

export const bookingKeys = {
  all: ['bookings'] as const,
  openTimes: (sessionType: SessionType | undefined) => ['bookings', 'open-times', sessionType ?? 'default'] as const,
  mine: ['bookings', 'mine'] as const,
  pending: ['bookings', 'pending'] as const,
  myDogs: ['bookings', 'my-dogs'] as const,
};

export const isBookingsChangedNotice = (m: unknown): m is BookingsChangedNotice =>
  (m as { type?: unknown } | null)?.type === 'bookings.changed';

export function usePendingBookings() {
  useInvalidateOnRealtime(isBookingsChangedNotice, [bookingKeys.pending]);
  return useQuery({
    queryKey: bookingKeys.pending,
    queryFn: ({ signal }) => apiRequest<{ items: BookingView[] }>('/bookings?status=pending', { signal }),
  });
}
