import { useQuery } from '@tanstack/react-query';
import type { CreditsResponse } from '#shared/contracts/credit-options';
import { isSessionsChangedNotice } from '#shared/contracts/session-options';
import { apiRequest } from '../api';
import { useInvalidateOnRealtime } from '../query';

/**
 * Session credits (packages give them, completed sessions use them): the client's own on the dashboard,
 * a client's on the trainer's profile page and in the session form. Read fresh on mount (a payment changes
 * the balance without this tab hearing of it) and again when sessions change (a completion uses a credit
 * and raises `sessions.changed` in the same transaction).
 */
export const creditKeys = {
  mine: ['credits', 'mine'] as const,
  client: (id: string) => ['credits', 'client', id] as const,
};

export const getMyCredits = (signal?: AbortSignal) => apiRequest<CreditsResponse>('/me/credits', { signal });

export const getClientCredits = (id: string, signal?: AbortSignal) =>
  apiRequest<CreditsResponse>(`/clients/${encodeURIComponent(id)}/credits`, { signal });

export function useMyCredits() {
  useInvalidateOnRealtime(isSessionsChangedNotice, [creditKeys.mine]);
  return useQuery({ queryKey: creditKeys.mine, queryFn: ({ signal }) => getMyCredits(signal), staleTime: 0 });
}

export function useClientCredits(id: string | undefined) {
  useInvalidateOnRealtime(isSessionsChangedNotice, [creditKeys.client(id ?? '')]);
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
