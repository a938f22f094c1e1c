import * as z from 'zod';
import {
  COMMUNICATION_PREFERENCES,
  HOURLY_RATE_MAX,
  isPhoneNumber,
  isTimeZone,
  SESSION_DURATION_MAX,
  SESSION_DURATION_MIN,
  SESSION_TIMES,
  SETTINGS_TEXTS as T,
  THEMES,
  TRAINING_GOALS_MAX,
} from './settings-options.js';

export * from './settings-options.js';

/**
 * Request schemas of the settings routes. Unknown fields are refused (strict objects), so nothing
 * else of a profile (role, notes, is_active...) can be set through them.
 */

/**
 * PUT /api/me/settings: the caller's preferences. Every field is optional; those given replace the
 * stored ones, the others keep their value. The training fields are for clients only (the domain
 * refuses them from an admin).
 */
export const updatePreferencesRequest = z
  .strictObject({
    emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }).optional(),
    sessionReminders: z.boolean({ error: 'sessionReminders must be true or false' }).optional(),
    theme: z.enum(THEMES, { error: 'Theme must be light or dark' }).optional(),
    trainingGoals: z
      .string({ error: 'Training goals must be text' })
      .trim()
      .max(TRAINING_GOALS_MAX, T.trainingGoalsTooLong)
      .optional(),
    preferredSessionTime: z
      .enum(SESSION_TIMES, { error: 'Preferred session time must be morning, afternoon, evening or flexible' })
      .optional(),
    communicationPreference: z
      .enum(COMMUNICATION_PREFERENCES, { error: 'Communication preference must be email, phone, text or app' })
      .optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), T.nothingToUpdate);
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequest>;

const NAMES_REQUIRED = T.namesRequired;

/** PATCH /api/me/profile: the caller's own name and phone (SPEC 5: names required; e-mail read-only). */
export const updateOwnProfileRequest = z.strictObject({
  firstName: z
    .string({ error: NAMES_REQUIRED })
    .trim()
    .min(1, NAMES_REQUIRED)
    .max(100, 'First name must be at most 100 characters'),
  lastName: z
    .string({ error: NAMES_REQUIRED })
    .trim()
    .min(1, NAMES_REQUIRED)
    .max(100, 'Last name must be at most 100 characters'),
  /** Trimmed; empty clears it. */
  phone: z
    .string({ error: 'Phone must be text' })
    .trim()
    .max(40, 'Phone must be at most 40 characters')
    .refine((s) => s === '' || isPhoneNumber(s), 'Phone must be a valid phone number')
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional(),
});

/** PUT /api/settings/business (admin): every field, validated as the Business tab does. */
export const businessSettingsRequest = z.strictObject({
  businessName: z
    .string({ error: T.businessNameRequired })
    .trim()
    .min(1, T.businessNameRequired)
    .max(100, 'Business name must be at most 100 characters'),
  businessPhone: z
    .string({ error: T.businessPhoneRequired })
    .trim()
    .min(1, T.businessPhoneRequired)
    .refine(isPhoneNumber, T.businessPhoneInvalid),
  businessEmail: z
    .string({ error: T.businessEmailRequired })
    .trim()
    .toLowerCase()
    .min(1, T.businessEmailRequired)
    .max(254, 'Business email must be at most 254 characters')
    .pipe(z.email(T.businessEmailInvalid)),
  defaultSessionDuration: z
    .number({ error: T.durationRange })
    .int(T.durationWhole)
    .min(SESSION_DURATION_MIN, T.durationRange)
    .max(SESSION_DURATION_MAX, T.durationRange),
  hourlyRate: z
    .number({ error: T.hourlyRateInvalid })
    .min(0, T.hourlyRateInvalid)
    .max(HOURLY_RATE_MAX, T.hourlyRateInvalid)
    .transform((n) => Math.round(n * 100) / 100)
    .nullable(),
  timeZone: z.string({ error: T.timeZoneInvalid }).trim().refine(isTimeZone, T.timeZoneInvalid),
});
export type BusinessSettingsRequest = z.infer<typeof businessSettingsRequest>;
