import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { DogVaccinations, VaccinationDuePage } from '#shared/contracts/vaccination-options';
import { apiRequest } from '../api';

/**
 * The vaccination reads other screens use too (the session form's warning, the dog pages, the trainer's
 * list): the calls, their query keys and queries. The writes stay in features/vaccinations/api.
 */

export const vaccinationKeys = {
  all: ['vaccinations'] as const,
  ofDog: (dogId: string) => ['vaccinations', 'dog', dogId] as const,
  due: (filter: DueFilter) => ['vaccinations', 'due', filter] as const,
};

export type DueFilter = 'expiring' | 'missing';

/** GET /api/dogs/{dogId}/vaccinations: the records and the required vaccines. */
export const listDogVaccinations = (dogId: string, signal?: AbortSignal) =>
  apiRequest<DogVaccinations>(`/dogs/${encodeURIComponent(dogId)}/vaccinations`, { signal });

export function useDogVaccinations(dogId: string | undefined) {
  return useQuery({
    queryKey: vaccinationKeys.ofDog(dogId ?? ''),
    queryFn: ({ signal }) => listDogVaccinations(dogId as string, signal),
    enabled: !!dogId,
  });
}

/** GET /api/vaccinations/due (admin), page by page. */
export function useVaccinationsDue(filter: DueFilter) {
  return useInfiniteQuery({
    queryKey: vaccinationKeys.due(filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ filter, limit: '50' });
      if (pageParam) q.set('cursor', pageParam);
      return apiRequest<VaccinationDuePage>(`/vaccinations/due?${q}`, { signal });
    },
    getNextPageParam: (last) => last.cursor,
  });
}
