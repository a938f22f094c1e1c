import * as z from '../zod.js';
import {
  SERVICE_TEXTS as S,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_NAME_MAX,
  SERVICE_PRICE_MAX,
  SERVICES_MAX,
} from './payment-options.js';
import { serviceIdField } from './payments.js';
import {
  COMMUNICATION_PREFERENCES,
  CREDITS_MAX,
  HOURLY_RATE_MAX,
  isPhoneNumber,
  isTimeZone,
  SESSION_DURATION_MAX,
  SESSION_DURATION_MIN,
  SESSION_TIMES,
  SETTINGS_TEXTS as T,
  THEMES,
  TIME_FORMATS,
  TRAINING_GOALS_MAX,
} from './settings-options.js';
import { REQUIRABLE_VACCINES } from './vaccination-options.js';

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
    emailNotifications: z.optional(z.boolean({ error: 'emailNotifications must be true or false' })),
    sessionReminders: z.optional(z.boolean({ error: 'sessionReminders must be true or false' })),
    theme: z.optional(z.enum(THEMES, { error: 'Theme must be light or dark' })),
    timeFormat: z.optional(z.enum(TIME_FORMATS, { error: 'Time format must be 12h or 24h' })),
    trainingGoals: z.optional(
      z
        .string({ error: 'Training goals must be text' })
        .check(z.trim(), z.maxLength(TRAINING_GOALS_MAX, T.trainingGoalsTooLong)),
    ),
    preferredSessionTime: z.optional(
      z.enum(SESSION_TIMES, { error: 'Preferred session time must be morning, afternoon, evening or flexible' }),
    ),
    communicationPreference: z.optional(
      z.enum(COMMUNICATION_PREFERENCES, { error: 'Communication preference must be email, phone, text or app' }),
    ),
  })
  .check(z.refine((b) => Object.values(b).some((v) => v !== undefined), T.nothingToUpdate));
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequest>;

const NAMES_REQUIRED = T.namesRequired;

/** PATCH /api/me/profile: the caller's own name and phone (SPEC 5: names required; e-mail read-only). */
export const updateOwnProfileRequest = z.strictObject({
  firstName: z
    .string({ error: NAMES_REQUIRED })
    .check(z.trim(), z.minLength(1, NAMES_REQUIRED), z.maxLength(100, 'First name must be at most 100 characters')),
  lastName: z
    .string({ error: NAMES_REQUIRED })
    .check(z.trim(), z.minLength(1, NAMES_REQUIRED), z.maxLength(100, 'Last name must be at most 100 characters')),
  /** Trimmed; empty clears it. */
  phone: z.optional(
    z.nullable(
      z.pipe(
        z.string({ error: 'Phone must be text' }).check(
          z.trim(),
          z.maxLength(40, 'Phone must be at most 40 characters'),
          z.refine((s) => s === '' || isPhoneNumber(s), 'Phone must be a valid phone number'),
        ),
        z.transform((s: string) => (s === '' ? null : s)),
      ),
    ),
  ),
});

/** Session credits a service gives: a whole number from 0 to CREDITS_MAX. */
function creditsField() {
  return z
    .number({ error: T.creditsInvalid })
    .check(z.int(T.creditsInvalid), z.gte(0, T.creditsInvalid), z.lte(CREDITS_MAX, T.creditsInvalid));
}

/** Whole cents (steps of 0.01), checked on the value times 100 so 0.07 is not refused by float error. */
const inCents = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/**
 * One service as the trainer saves it. A new one has no id (the server makes one from its name); an
 * existing one keeps its id, so its payments keep pointing at it.
 */
const serviceInput = z.strictObject({
  id: z.optional(serviceIdField),
  name: z
    .string({ error: S.nameRequired })
    .check(z.trim(), z.minLength(1, S.nameRequired), z.maxLength(SERVICE_NAME_MAX, S.nameTooLong)),
  description: z._default(
    z
      .string({ error: 'Service description must be text' })
      .check(z.trim(), z.maxLength(SERVICE_DESCRIPTION_MAX, S.descriptionTooLong)),
    '',
  ),
  price: z.pipe(
    z
      .number({ error: S.priceInvalid })
      .check(z.gte(0, S.priceInvalid), z.lte(SERVICE_PRICE_MAX, S.priceInvalid), z.refine(inCents, S.priceInvalid)),
    z.transform((v: number) => Math.round(v * 100) / 100),
  ),
  credits: creditsField(),
  retired: z._default(z.boolean({ error: 'retired must be true or false' }), false),
});
export type ServiceInput = z.infer<typeof serviceInput>;

/** Every service, in the order shown: names unique, ids unique, at least one offered. */
const servicesField = z.array(serviceInput).check(
  z.maxLength(SERVICES_MAX, S.tooMany),
  z.refine((list) => list.some((s) => !s.retired), S.noneOffered),
  z.refine((list) => new Set(list.map((s) => s.name.toLowerCase())).size === list.length, S.nameTaken),
  z.refine((list) => {
    const ids = list.flatMap((s) => (s.id ? [s.id] : []));
    return new Set(ids).size === ids.length;
  }, 'A service id appears twice'),
);

/** PUT /api/settings/business (admin): every field, validated as the Business tab does. */
export const businessSettingsRequest = z.strictObject({
  businessName: z
    .string({ error: T.businessNameRequired })
    .check(
      z.trim(),
      z.minLength(1, T.businessNameRequired),
      z.maxLength(100, 'Business name must be at most 100 characters'),
    ),
  businessPhone: z
    .string({ error: T.businessPhoneRequired })
    .check(z.trim(), z.minLength(1, T.businessPhoneRequired), z.refine(isPhoneNumber, T.businessPhoneInvalid)),
  businessEmail: z.pipe(
    z
      .string({ error: T.businessEmailRequired })
      .check(
        z.trim(),
        z.toLowerCase(),
        z.minLength(1, T.businessEmailRequired),
        z.maxLength(254, 'Business email must be at most 254 characters'),
      ),
    z.email(T.businessEmailInvalid),
  ),
  defaultSessionDuration: z
    .number({ error: T.durationRange })
    .check(
      z.int(T.durationWhole),
      z.gte(SESSION_DURATION_MIN, T.durationRange),
      z.lte(SESSION_DURATION_MAX, T.durationRange),
    ),
  hourlyRate: z.nullable(
    z.pipe(
      z
        .number({ error: T.hourlyRateInvalid })
        .check(z.gte(0, T.hourlyRateInvalid), z.lte(HOURLY_RATE_MAX, T.hourlyRateInvalid)),
      z.transform((n: number) => Math.round(n * 100) / 100),
    ),
  ),
  timeZone: z.string({ error: T.timeZoneInvalid }).check(z.trim(), z.refine(isTimeZone, T.timeZoneInvalid)),
  /** Optional: a caller that does not send them keeps the stored services. */
  services: z.optional(servicesField),
  /** Optional: a caller that does not send it keeps the stored choice. */
  requiredVaccines: z.optional(
    z
      .array(z.enum(REQUIRABLE_VACCINES, { error: 'Choose vaccines from the list' }))
      .check(z.maxLength(REQUIRABLE_VACCINES.length)),
  ),
});
export type BusinessSettingsRequest = z.infer<typeof businessSettingsRequest>;
