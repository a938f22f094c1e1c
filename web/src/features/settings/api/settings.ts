import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedResponse } from '#shared/contracts/calendar-feed-options';
import type { PaymentsSetup, ServiceChange } from '#shared/contracts/payment-options';
import type {
  BusinessSettings,
  BusinessSettingsResponse,
  Preferences,
  PreferencesResponse,
  TrainingPreferences,
} from '#shared/contracts/settings-options';
import { apiRequest } from '../../../lib/api';
import type { Role } from '../../../lib/auth-context';
import { businessZoneKey } from '../../../lib/business-zone';
import { businessSettingsKey } from '../../../lib/queries/business-settings';
import { preferencesKey } from '../../../lib/queries/preferences';

/** The settings screen's HTTP calls and their queries (one place per feature). */

/** The caller's own profile as GET /api/me returns it (the fields the settings show). */
export interface OwnProfile {
  id: string;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
}

export interface OwnProfileChanges {
  firstName: string;
  lastName: string;
  /** Empty clears it. */
  phone: string;
}

export type PreferenceChanges = Partial<Preferences & TrainingPreferences>;

export const settingsKeys = {
  me: ['settings', 'me'] as const,
  preferences: preferencesKey,
  business: businessSettingsKey,
};

export const getOwnProfile = (signal?: AbortSignal) =>
  apiRequest<{ profile: OwnProfile; role: Role }>('/me', { signal });

export const savePreferences = (changes: PreferenceChanges) =>
  apiRequest<PreferencesResponse>('/me/settings', { method: 'PUT', body: changes });

export const saveOwnProfile = (changes: OwnProfileChanges) =>
  apiRequest<{ profile: OwnProfile }>('/me/profile', { method: 'PATCH', body: changes });

/** PUT /api/settings/business: every setting; services only when they change (absent: the stored ones kept). */
export type BusinessSettingsChanges = Omit<BusinessSettings, 'services'> & { services?: ServiceChange[] };

export const saveBusinessSettings = (settings: BusinessSettingsChanges) =>
  apiRequest<BusinessSettingsResponse>('/settings/business', { method: 'PUT', body: settings });

export function useOwnProfile() {
  return useQuery({ queryKey: settingsKeys.me, queryFn: ({ signal }) => getOwnProfile(signal) });
}

export function useSaveOwnProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveOwnProfile,
    onSuccess: ({ profile }) => {
      qc.setQueryData<{ profile: OwnProfile; role: Role }>(settingsKeys.me, (d) =>
        d ? { ...d, profile: { ...d.profile, ...profile } } : d,
      );
    },
  });
}

export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (data) => qc.setQueryData(settingsKeys.preferences, data),
  });
}

export function useSaveBusinessSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessSettings,
    onSuccess: (data) => {
      qc.setQueryData(settingsKeys.business, data);
      // Every date and time of the portal follows the saved zone at once.
      qc.setQueryData(businessZoneKey, data.settings.timeZone);
    },
  });
}

// Private calendar feed (GET /api/me/calendar-feed, POST /api/me/calendar-feed/reset).

export const calendarFeedKey = ['settings', 'calendar-feed'] as const;

export const getCalendarFeed = (signal?: AbortSignal) =>
  apiRequest<CalendarFeedResponse>('/me/calendar-feed', { signal });

export const resetCalendarFeed = () => apiRequest<CalendarFeedResponse>('/me/calendar-feed/reset', { method: 'POST' });

/** The caller's private feed URL (created on the server on first read). */
export function useCalendarFeed() {
  return useQuery({ queryKey: calendarFeedKey, queryFn: ({ signal }) => getCalendarFeed(signal) });
}

/** A new feed URL; the old one stops working at once. */
export function useResetCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: (data) => qc.setQueryData(calendarFeedKey, data),
  });
}

/** GET /api/integrations/payments (admin): whether this deployment has the payment provider's keys (never a key). */
export function usePaymentsSetup() {
  return useQuery({
    queryKey: ['integrations', 'payments'],
    queryFn: ({ signal }) => apiRequest<PaymentsSetup>('/integrations/payments', { signal }),
  });
}
