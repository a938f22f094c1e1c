import { useQuery } from '@tanstack/react-query';
import type { PreferencesResponse } from '#shared/contracts/settings-options';
import { apiRequest } from '../api';

/** The caller's own preferences, which the settings screen edits and the portal reads (theme, time format). */
export const preferencesKey = ['settings', 'preferences'] as const;

export const getPreferences = (signal?: AbortSignal) => apiRequest<PreferencesResponse>('/me/settings', { signal });

/** The caller's preferences; `enabled` false keeps it from fetching (signed out). */
export function usePreferences(enabled = true) {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => getPreferences(signal),
    enabled,
    staleTime: 60_000,
  });
}
