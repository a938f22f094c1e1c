import type { PublicPathsChangedDetail } from '../adapters/cdn.js';
import { BUSINESS } from '../content/builtin.js';
import type { Service } from '../contracts/payment-options.js';
import type { BusinessSettingsRequest, UpdatePreferencesRequest } from '../contracts/settings.js';
import {
  type BusinessSettings,
  CLIENT_ONLY_PREFERENCES,
  GENERAL_PREFERENCE_DEFAULTS,
  type Preferences,
  type PublicBusinessInfo,
  type PublicBusinessResponse,
  SETTINGS_TEXTS,
  TRAINING_PREFERENCE_DEFAULTS,
} from '../contracts/settings-options.js';
import { DEFAULT_REQUIRED_VACCINES, REQUIRABLE_VACCINES } from '../contracts/vaccination-options.js';
import { isConditionFailure, store, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { Conflict, retryOnConflict } from '../retry.js';
import { businessTimeZone } from './business-zone.js';
import { outboxItem } from './outbox.js';
import { freshProfile, type Profile } from './profiles.js';
import { defaultServices, mergeServices } from './services.js';

/**
 * Settings that persist on the server (docs/decisions/0012-settings-storage.md):
 * - each user's preferences live on their profile (`preferences` map), so the data export and the
 *   full deletion of a client cover them with the profile;
 * - the business's settings are one `setting` item (key `business`), read with one GetItem; what was
 *   never saved comes from the built-ins (shared/content/builtin.ts, BUSINESS_EMAIL,
 *   BUSINESS_TIME_ZONE, 60 minutes).
 */

export const BUSINESS_SETTINGS_KEY = 'business';

/** SPEC 9: default session duration 60 min. */
export const DEFAULT_SESSION_DURATION = 60;

// ---------------------------------------------------------------------------------------------------
// Per-user preferences

/** The caller's preferences with defaults filled in; the training fields only for a client. */
export function preferencesOf(profile: Pick<Profile, 'role' | 'preferences'>): Preferences {
  const stored = profile.preferences ?? {};
  const general = {
    emailNotifications: stored.emailNotifications ?? GENERAL_PREFERENCE_DEFAULTS.emailNotifications,
    sessionReminders: stored.sessionReminders ?? GENERAL_PREFERENCE_DEFAULTS.sessionReminders,
    theme: stored.theme ?? GENERAL_PREFERENCE_DEFAULTS.theme,
    timeFormat: stored.timeFormat ?? GENERAL_PREFERENCE_DEFAULTS.timeFormat,
  };
  if (profile.role !== 'client') return general;
  return {
    ...general,
    trainingGoals: stored.trainingGoals ?? TRAINING_PREFERENCE_DEFAULTS.trainingGoals,
    preferredSessionTime: stored.preferredSessionTime ?? TRAINING_PREFERENCE_DEFAULTS.preferredSessionTime,
    communicationPreference: stored.communicationPreference ?? TRAINING_PREFERENCE_DEFAULTS.communicationPreference,
  };
}

/**
 * Sets the given preferences of `profile` (the caller's own, as authorized); the others keep their
 * value. Training preferences are a client's: an admin sending one gets VALIDATION and nothing is
 * written. A concurrent change of the profile is retried on the fresh profile.
 */
export async function updatePreferences(profile: Profile, changes: UpdatePreferencesRequest): Promise<Preferences> {
  if (profile.role !== 'client') {
    const refused = CLIENT_ONLY_PREFERENCES.filter((k) => changes[k] !== undefined);
    if (refused.length) {
      throw new AppError(
        'VALIDATION',
        SETTINGS_TEXTS.trainingOnlyForClients,
        Object.fromEntries(refused.map((k) => [k, [SETTINGS_TEXTS.trainingOnlyForClients]])),
      );
    }
  }
  const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  // The profile changed since it was read: the choices again on what it is now.
  return retryOnConflict(async (attempt) => {
    const current = attempt === 1 ? profile : await freshProfile(profile.id);
    const preferences = { ...(current.preferences ?? {}), ...given };
    try {
      await store()
        .entities.profile.patch({ id: current.id })
        .set({ preferences })
        .where(({ updatedAt }, { eq }) => eq(updatedAt, current.updatedAt))
        .go();
      return preferencesOf({ role: current.role, preferences });
    } catch (e) {
      throw isConditionFailure(e) ? new Conflict(e as Error) : e;
    }
  }, PREFERENCES_RETRY);
}

/** Tries of a preferences change whose profile another write changed meanwhile. */
const PREFERENCES_RETRY = { attempts: 4, firstDelayMs: 10 };

// ---------------------------------------------------------------------------------------------------
// The business

/** The business e-mail configured for the deployment (BUSINESS_EMAIL), else the built-in one. */
function configuredBusinessEmail(): string {
  const env = process.env.BUSINESS_EMAIL?.trim();
  return env && /^[^\s@]+@[^\s@]+$/.test(env) ? env : BUSINESS.defaultEmail;
}

/** What the business settings are when nothing was saved. */
export function defaultBusinessSettings(): BusinessSettings {
  return {
    businessName: BUSINESS.name,
    businessPhone: BUSINESS.phone,
    businessEmail: configuredBusinessEmail(),
    defaultSessionDuration: DEFAULT_SESSION_DURATION,
    hourlyRate: null,
    timeZone: businessTimeZone(),
    services: defaultServices(),
    requiredVaccines: [...DEFAULT_REQUIRED_VACCINES],
  };
}

/** A stored service as the contract has it (a missing flag is an offered service). */
const storedService = (s: {
  id: string;
  name: string;
  description?: string;
  price: number;
  credits: number;
  retired?: boolean;
}): Service => ({
  id: s.id,
  name: s.name,
  description: s.description ?? '',
  price: s.price,
  credits: s.credits,
  retired: s.retired ?? false,
});

/** The business settings: the saved ones over the defaults (one GetItem). */
export async function getBusinessSettings(): Promise<BusinessSettings> {
  const { data } = await store().entities.setting.get({ key: BUSINESS_SETTINGS_KEY }).go();
  const d = defaultBusinessSettings();
  if (!data) return d;
  return {
    businessName: data.businessName ?? d.businessName,
    businessPhone: data.businessPhone ?? d.businessPhone,
    businessEmail: data.businessEmail ?? d.businessEmail,
    defaultSessionDuration: data.defaultSessionDuration ?? d.defaultSessionDuration,
    hourlyRate: data.hourlyRate ?? d.hourlyRate,
    timeZone: data.timeZone ?? d.timeZone,
    services: data.services ? data.services.map(storedService) : defaultServices(data),
    requiredVaccines: data.requiredVaccines
      ? REQUIRABLE_VACCINES.filter((v) => data.requiredVaccines?.includes(v))
      : d.requiredVaccines,
  };
}

/** Saves every business setting (validated by the contract); returns them as stored. */
export async function putBusinessSettings(
  input: BusinessSettingsRequest,
  updatedBy: string,
  stale?: PublicPathsChangedDetail,
): Promise<BusinessSettings> {
  // Services and required vaccines not sent keep their stored value (a caller that predates them does not
  // reset them). A change of the required vaccines re-sorts every dog on the due list (the outbox).
  const current = await getBusinessSettings();
  const services = input.services ? mergeServices(current.services, input.services) : current.services;
  const requiredVaccines = input.requiredVaccines
    ? REQUIRABLE_VACCINES.filter((v) => input.requiredVaccines?.includes(v))
    : current.requiredVaccines;
  const requirementsChanged = requiredVaccines.join() !== current.requiredVaccines.join();
  // The cached public paths the change makes stale are raised in the same transaction (the outbox), so
  // they are invalidated exactly when the change is saved (events/invalidate-cdn).
  const { canceled } = await writeTransaction((e) => [
    e.setting
      .put({
        key: BUSINESS_SETTINGS_KEY,
        businessName: input.businessName,
        businessPhone: input.businessPhone,
        businessEmail: input.businessEmail,
        defaultSessionDuration: input.defaultSessionDuration,
        hourlyRate: input.hourlyRate ?? undefined,
        timeZone: input.timeZone,
        services,
        requiredVaccines,
        updatedBy,
      })
      .commit(),
    ...(requirementsChanged ? [outboxItem(e, 'VaccinationRequirementsChanged', { requiredVaccines })] : []),
    ...(stale?.paths.length ? [outboxItem(e, 'PublicPathsChanged', stale)] : []),
  ]);
  if (canceled) throw new AppError('CONFLICT', 'The change conflicted with another one. Please try again.');
  return getBusinessSettings();
}

/** Forgets the saved business settings (the defaults apply again). Tests and support use it. */
export async function resetBusinessSettings(): Promise<void> {
  await store().entities.setting.delete({ key: BUSINESS_SETTINGS_KEY }).go();
}

/**
 * What the public site shows of the business (name, phone, e-mail) and the time zone every date and time
 * of the portal is shown and read in; nothing else.
 */
export async function getPublicBusinessInfo(): Promise<PublicBusinessResponse> {
  const s = await getBusinessSettings();
  return { name: s.businessName, phone: s.businessPhone, email: s.businessEmail, timeZone: s.timeZone };
}

/**
 * Settings read by work that must not fail because of them (e-mails, dashboard counts): a failed
 * read gives the defaults.
 */
async function businessSettingsOrDefaults(): Promise<BusinessSettings> {
  try {
    return await getBusinessSettings();
  } catch {
    return defaultBusinessSettings();
  }
}

/** The business's time zone: the saved one, else BUSINESS_TIME_ZONE, else America/New_York. */
export async function businessTimeZoneSetting(): Promise<string> {
  return (await businessSettingsOrDefaults()).timeZone;
}

/** Who the e-mails the product sends come from and are about: the business's saved name and e-mail. */
export async function businessContact(): Promise<PublicBusinessInfo> {
  const s = await businessSettingsOrDefaults();
  return { name: s.businessName, phone: s.businessPhone, email: s.businessEmail };
}
