import { useQuery } from '@tanstack/react-query';
import type { CreditsResponse } from '../../../../shared/contracts/credit-options';
import { apiRequest } from '../api';

/**
 * Session credits (packages give them, completed sessions use them): the client's own on the dashboard,
 * a client's on the trainer's profile page and in the session form. Always read fresh on mount: a payment
 * or a completion changes the balance on the server without this tab hearing of it.
 */
export const creditKeys = {
  mine: ['credits', 'mine'] as const,
  client: (id: string) => ['credits', 'client', id] as const,
};

export const getMyCredits = (signal?: AbortSignal) => apiRequest<CreditsResponse>('/me/credits', { signal });

export const getClientCredits = (id: string, signal?: AbortSignal) =>
  apiRequest<CreditsResponse>(`/clients/${encodeURIComponent(id)}/credits`, { signal });

export function useMyCredits() {
  return useQuery({ queryKey: creditKeys.mine, queryFn: ({ signal }) => getMyCredits(signal), staleTime: 0 });
}

export function useClientCredits(id: string | undefined) {
  return useQuery({
    queryKey: creditKeys.client(id ?? ''),
    queryFn: ({ signal }) => getClientCredits(id as string, signal),
    enabled: !!id,
    staleTime: 0,
  });
}

/** "3 credits left", "1 credit left", "No credits left", or "No credits left (2 sessions owed)". */
export function creditsText(balance: number): string {
  if (balance > 0) return `${balance} ${balance === 1 ? 'credit' : 'credits'} left`;
  if (balance === 0) return 'No credits left';
  const owed = -balance;
  return `No credits left (${owed} ${owed === 1 ? 'session' : 'sessions'} owed)`;
}
