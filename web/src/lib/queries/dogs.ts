import { useQuery } from '@tanstack/react-query';
import type { Dog } from '#shared/contracts/client-options';
import { apiRequest } from '../api';

/**
 * The dogs' reads that other screens use too (the session form's dog picker): the calls, their query keys
 * and a dog's query. The dogs feature's own calls and writes stay in features/dogs/api.
 */

export interface DogPage {
  items: Dog[];
  /** Pass back for the next page; null on the last page. */
  cursor: string | null;
}

export const DOG_PAGE_SIZE = 50;

export const dogKeys = {
  all: ['dogs'] as const,
  ofClient: (clientId: string) => ['dogs', 'client', clientId] as const,
  mine: () => ['dogs', 'mine'] as const,
  detail: (dogId: string) => ['dogs', 'detail', dogId] as const,
};

export function pageQuery(cursor: string | null | undefined, limit = DOG_PAGE_SIZE) {
  const q = new URLSearchParams({ limit: String(limit) });
  if (cursor) q.set('cursor', cursor);
  return q.toString();
}

/** GET /api/clients/{id}/dogs (admin). */
export const listClientDogs = (clientId: string, cursor?: string | null, signal?: AbortSignal) =>
  apiRequest<DogPage>(`/clients/${encodeURIComponent(clientId)}/dogs?${pageQuery(cursor)}`, { signal });

/** GET /api/dogs/{dogId}. */
export const getDog = (dogId: string, signal?: AbortSignal) =>
  apiRequest<{ dog: Dog }>(`/dogs/${encodeURIComponent(dogId)}`, { signal }).then((r) => r.dog);

export function useDog(dogId: string | undefined) {
  return useQuery({
    queryKey: dogKeys.detail(dogId ?? ''),
    queryFn: ({ signal }) => getDog(dogId as string, signal),
    enabled: !!dogId,
  });
}
