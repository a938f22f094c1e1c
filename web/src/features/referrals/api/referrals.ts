import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyReferrals, Referral } from '#shared/contracts/referral-options';
import { apiRequest } from '../../../lib/api';

/** Referrals: HTTP calls and their queries (one place per feature). */

const MINE = ['referrals', 'mine'] as const;

/** GET /api/me/referrals: the caller's code (made on the first visit) and their referrals. */
export const getMyReferrals = (signal?: AbortSignal) => apiRequest<MyReferrals>('/me/referrals', { signal });

/** POST /api/me/referrals: refer a friend by e-mail (the server sends the e-mail). */
export const sendReferral = (email: string) =>
  apiRequest<Referral>('/me/referrals', { method: 'POST', body: { email } });

export const useMyReferrals = () =>
  useQuery({ queryKey: MINE, queryFn: ({ signal }) => getMyReferrals(signal), retry: false });

export function useSendReferral() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: sendReferral, onSuccess: () => qc.invalidateQueries({ queryKey: MINE }) });
}
