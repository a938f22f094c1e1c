import { useMutation, useQuery } from '@tanstack/react-query';
import type { InvitationView, SignupInput, SignupResult } from '#shared/contracts/signup-options';
import { apiRequest } from '../../../lib/api';

/** The signup page's HTTP calls (public: no token is sent) and their query. */

export const signupKeys = {
  invitation: (token: string, email: string) => ['signup', 'invitation', token, email] as const,
};

/** GET /api/invitations/{token}?email=: the invitation's e-mail and the form's prefill. */
export function getInvitation(token: string, email: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ email });
  return apiRequest<InvitationView>(`/invitations/${encodeURIComponent(token)}?${query}`, { auth: false, signal });
}

/** POST /api/signup: completes the invited account and uses up the invitation. */
export function submitSignup(input: SignupInput) {
  return apiRequest<SignupResult>('/signup', { method: 'POST', body: input, auth: false });
}

/**
 * The invitation, read once: it is single use, so a refetch after a successful signup (on focus or
 * reconnect) would only turn the page into the invalid-link message.
 */
export function useInvitation(token: string, email: string) {
  return useQuery({
    queryKey: signupKeys.invitation(token, email),
    queryFn: ({ signal }) => getInvitation(token, email, signal),
    enabled: token !== '' && email !== '',
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useSignup() {
  return useMutation({ mutationFn: submitSignup });
}
