import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingView, OpenTimesResponse } from '#shared/contracts/booking-options';
import type { SessionType } from '#shared/contracts/session-options';
import { apiRequest } from '../../../lib/api';
import { creditKeys } from '../../../lib/queries/credits';
import { type DogPage, pageQuery } from '../../../lib/queries/dogs';
import { useInvalidateOnRealtime } from '../../../lib/query';
import { bookingKeys, isBookingsChangedNotice } from './booking-requests';

/** Online booking: HTTP calls and their queries (routes in shared/contracts/booking-options.ts). */

/** Weeks of open times the client sees. */
export const BOOKING_WEEKS = 4;

const isSessionsChanged = (m: unknown) => (m as { type?: unknown } | null)?.type === 'sessions.changed';
const anyChange = (m: unknown) => isBookingsChangedNotice(m) || isSessionsChanged(m);

/**
 * The open times of a type. While another type's are on their way the last answer stays as placeholder
 * data (`isPlaceholderData`): its bookable types keep the type select filled; its times are not shown.
 */
export function useOpenTimes(sessionType: SessionType | undefined) {
  useInvalidateOnRealtime(anyChange, [bookingKeys.all]);
  return useQuery({
    placeholderData: keepPreviousData,
    queryKey: bookingKeys.openTimes(sessionType),
    queryFn: ({ signal }) =>
      apiRequest<OpenTimesResponse>(
        `/me/open-times?weeks=${BOOKING_WEEKS}${sessionType ? `&sessionType=${sessionType}` : ''}`,
        { signal },
      ),
  });
}

/** The signed-in client's own dogs (first page: a client has a handful). */
export function useMyDogList() {
  return useQuery({
    queryKey: bookingKeys.myDogs,
    queryFn: ({ signal }) => apiRequest<DogPage>(`/me/dogs?${pageQuery(null)}`, { signal }),
  });
}

export function useMyBookings() {
  useInvalidateOnRealtime(anyChange, [bookingKeys.mine]);
  return useQuery({
    queryKey: bookingKeys.mine,
    queryFn: ({ signal }) => apiRequest<{ items: BookingView[] }>('/me/bookings', { signal }),
  });
}

/** After a booking write: the open times, the lists, the sessions and the credits are read again. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    for (const queryKey of [bookingKeys.all, ['sessions'], creditKeys.mine])
      void client.invalidateQueries({ queryKey });
  };
}

export function useRequestBooking() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { dogId: string; sessionType: SessionType; scheduledAt: string }) =>
      apiRequest<{ booking: BookingView }>('/me/bookings', { method: 'POST', body: input }).then((r) => r.booking),
    onSettled: refresh,
  });
}

export function useCancelBooking() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ booking: BookingView }>(`/me/bookings/${encodeURIComponent(id)}/cancel`, { method: 'POST' }).then(
        (r) => r.booking,
      ),
    onSettled: refresh,
  });
}

export function useDecideBooking() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: 'approve' | 'decline'; note: string }) =>
      apiRequest<{ booking: BookingView }>(`/bookings/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: note.trim() ? { note: note.trim() } : {},
      }).then((r) => r.booking),
    onSettled: refresh,
  });
}
