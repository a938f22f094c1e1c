/**
 * Constants, response shapes and checks of the settings (per-user preferences, the business), with
 * no runtime dependency: the web imports them without zod. Request schemas live in settings.ts and
 * use the same messages, so the screen and the server say the same thing.
 */
import type { Service } from './payment-options.js';
import type { RequirableVaccine } from './vaccination-options.js';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
/** How the trainer types times (the portal's time fields): a 12-hour clock with AM/PM, or a 24-hour clock. */
export const TIME_FORMATS = ['12h', '24h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

/** SPEC 3: preferred_session_time. */
export const SESSION_TIMES = ['morning', 'afternoon', 'evening', 'flexible'] as const;
export type SessionTime = (typeof SESSION_TIMES)[number];

/** SPEC 3: communication_preference. */
export const COMMUNICATION_PREFERENCES = ['email', 'phone', 'text', 'app'] as const;
export type CommunicationPreference = (typeof COMMUNICATION_PREFERENCES)[number];

export const SESSION_TIME_LABELS: Record<SessionTime, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
  flexible: 'Flexible',
};

export const COMMUNICATION_LABELS: Record<CommunicationPreference, string> = {
  email: 'Email',
  phone: 'Phone',
  text: 'Text message',
  app: 'In the portal',
};

/** Every user's preferences (General tab). */
export interface GeneralPreferences {
  emailNotifications: boolean;
  sessionReminders: boolean;
  theme: Theme;
  timeFormat: TimeFormat;
}

/** A client's training preferences (Training Preferences tab): set by clients only. */
export interface TrainingPreferences {
  trainingGoals: string;
  preferredSessionTime: SessionTime;
  communicationPreference: CommunicationPreference;
}

export type Preferences = GeneralPreferences & Partial<TrainingPreferences>;

export const GENERAL_PREFERENCE_DEFAULTS: GeneralPreferences = {
  emailNotifications: true,
  sessionReminders: true,
  theme: 'light',
  timeFormat: '24h',
};

export const TRAINING_PREFERENCE_DEFAULTS: TrainingPreferences = {
  trainingGoals: '',
  preferredSessionTime: 'flexible',
  communicationPreference: 'email',
};

/** The fields only a client may set. */
export const CLIENT_ONLY_PREFERENCES = ['trainingGoals', 'preferredSessionTime', 'communicationPreference'] as const;

/** GET/PUT /api/me/settings: the caller's preferences (the training ones only for clients). */
export interface PreferencesResponse {
  preferences: Preferences;
}

/** The business (Business tab). */
export interface BusinessSettings {
  businessName: string;
  businessPhone: string;
  businessEmail: string;
  /** Minutes, 15 to 180 (SPEC 5). */
  defaultSessionDuration: number;
  /** Per hour in dollars; null when not set. */
  hourlyRate: number | null;
  /** IANA time zone the business works in (weeks, dates shown). */
  timeZone: string;
  /**
   * The services clients pay for (name, description, price, credits given), offered and retired, in the
   * trainer's order; SPEC 9's until the trainer saves any (docs/decisions/0038-services-in-settings.md).
   */
  services: Service[];
  /** The vaccinations every dog must have (default rabies, DHPP, bordetella; shared/domain/vaccinations.ts). */
  requiredVaccines: RequirableVaccine[];
}

/** The most session credits the trainer may set for one service. */
export const CREDITS_MAX = 100;

/** GET/PUT /api/settings/business (admin). */
export interface BusinessSettingsResponse {
  settings: BusinessSettings;
}

/** The business's name, phone and e-mail, as the public site and the e-mails show them. */
export interface PublicBusinessInfo {
  name: string;
  phone: string;
  email: string;
}

/** GET /api/public/business: what the public site shows, and the time zone the portal shows times in. */
export interface PublicBusinessResponse extends PublicBusinessInfo {
  timeZone: string;
}

export const SESSION_DURATION_MIN = 15;
export const SESSION_DURATION_MAX = 180;
export const HOURLY_RATE_MAX = 10_000;
export const TRAINING_GOALS_MAX = 2000;

export const SETTINGS_TEXTS = {
  /** SPEC 5 (profile edit). */
  namesRequired: 'First name and last name are required',
  /** SPEC 8: shown 3 s in settings. */
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  preferencesSaved: 'Settings saved successfully!',
  preferencesSaveFailed: 'Failed to save settings. Please try again.',
  businessSaved: 'Business settings saved successfully!',
  businessSaveFailed: 'Failed to save business settings. Please try again.',
  trainingOnlyForClients: 'Training preferences can only be set by clients',
  nothingToUpdate: 'Nothing to update',
  businessNameRequired: 'Business name is required',
  businessPhoneRequired: 'Business phone is required',
  businessPhoneInvalid: 'Business phone must be a valid phone number',
  businessEmailRequired: 'Business email is required',
  businessEmailInvalid: 'Business email must be a valid email address',
  durationRange: `Default session duration must be between ${SESSION_DURATION_MIN} and ${SESSION_DURATION_MAX} minutes`,
  durationWhole: 'Default session duration must be a whole number of minutes',
  hourlyRateInvalid: `Hourly rate must be a number from 0 to ${HOURLY_RATE_MAX}`,
  timeZoneInvalid: 'Time zone must be a valid IANA time zone (for example America/New_York)',
  trainingGoalsTooLong: `Training goals must be at most ${TRAINING_GOALS_MAX} characters`,
  creditsInvalid: `Session credits must be a whole number from 0 to ${CREDITS_MAX}`,
} as const;

/** Digits, spaces and + ( ) . - only, with 7 to 20 digits. */
export function isPhoneNumber(value: string): boolean {
  if (!/^[0-9+().\-\s]{7,40}$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 20;
}

/** A `tel:` link for a phone number as written ("(941) 555-0142" -> "tel:+19415550142"). */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `tel:+${digits}`;
  return digits.length === 10 ? `tel:+1${digits}` : `tel:${digits}`;
}

/** Every time zone the settings accept: the runtime's IANA zones plus UTC. */
export function timeZoneNames(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const names = intl.supportedValuesOf?.('timeZone') ?? [];
  return names.includes('UTC') ? names : ['UTC', ...names];
}

export function isTimeZone(value: string): boolean {
  if (!timeZoneNames().includes(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
