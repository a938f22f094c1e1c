import { useQuery } from '@tanstack/react-query';
import type { BusinessSettingsResponse } from '#shared/contracts/settings-options';
import { apiRequest } from '../api';

/** The business settings, which the settings screen edits and the session form reads (durations, hours). */
export const businessSettingsKey = ['settings', 'business'] as const;

export const getBusinessSettings = (signal?: AbortSignal) =>
  apiRequest<BusinessSettingsResponse>('/settings/business', { signal });

export function useBusinessSettings() {
  return useQuery({ queryKey: businessSettingsKey, queryFn: ({ signal }) => getBusinessSettings(signal) });
}
