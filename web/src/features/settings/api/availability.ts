import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Availability, AvailabilityResponse } from '#shared/contracts/booking-options';
import { apiRequest } from '../../../lib/api';

/** Settings → Business → Availability (admin): GET/PUT /api/settings/availability. */
const availabilityKey = ['settings', 'availability'] as const;

export function useAvailability() {
  return useQuery({
    queryKey: availabilityKey,
    queryFn: ({ signal }) => apiRequest<AvailabilityResponse>('/settings/availability', { signal }),
  });
}

export function useSaveAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Availability) =>
      apiRequest<AvailabilityResponse>('/settings/availability', { method: 'PUT', body: input }),
    onSuccess: (data) => client.setQueryData(availabilityKey, data),
  });
}
