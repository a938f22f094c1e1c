import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompleteOnboardingResponse, OnboardingData, OnboardingState } from '#shared/contracts/onboarding-options';
import { apiRequest } from '../../../lib/api';

/** The onboarding feature's HTTP calls and their queries (one place per feature). */

export const onboardingKeys = { state: ['onboarding'] as const };

/** GET /api/me/onboarding: the saved step and draft, or what the wizard starts with. */
export const getOnboarding = (signal?: AbortSignal) => apiRequest<OnboardingState>('/me/onboarding', { signal });

/**
 * Saves go out one after another in the order they were made, so a slow earlier save can never
 * overwrite a later one on the server.
 */
let saving: Promise<unknown> = Promise.resolve();

/** PUT /api/me/onboarding: the draft and the step (Next and Previous). Queued behind earlier saves. */
export function saveOnboarding(step: number, data: OnboardingData): Promise<void> {
  const run = saving.then(() =>
    apiRequest<unknown>('/me/onboarding', { method: 'PUT', body: { step, data } }).then(() => undefined),
  );
  saving = run.catch(() => undefined);
  return run;
}

/** POST /api/me/onboarding/complete, once the saves made before it have been answered. */
export async function completeOnboarding(data: OnboardingData): Promise<CompleteOnboardingResponse> {
  await saving;
  return apiRequest<CompleteOnboardingResponse>('/me/onboarding/complete', { method: 'POST', body: { data } });
}

export function useOnboarding(enabled = true) {
  return useQuery({
    queryKey: onboardingKeys.state,
    queryFn: ({ signal }) => getOnboarding(signal),
    enabled,
    // The wizard keeps its own copy while it is open; focus must not reset it.
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
}

export function useCompleteOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: () => {
      client.setQueryData<OnboardingState>(onboardingKeys.state, (s) =>
        s ? { ...s, step: 3, data: null, draft: false, profileCompleted: true } : s,
      );
      // The dashboard's dogs now include the ones just created.
      void client.invalidateQueries({ queryKey: ['dogs'] });
    },
  });
}
