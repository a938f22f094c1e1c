/**
 * Constants, response shapes and pure rules of vaccination records, with no runtime dependency (the web
 * imports them without zod). Request schemas live in vaccinations.ts and use the same texts.
 *
 * HTTP routes (shared/routes/vaccinations.ts):
 *   GET    /api/dogs/{dogId}/vaccinations            signed-in  DogVaccinations (own dogs only for a client)
 *   POST   /api/dogs/{dogId}/vaccinations            client     { record }   (own dogs only)
 *   PUT    /api/vaccinations/{recordId}              client     { record }   (clears verification)
 *   DELETE /api/vaccinations/{recordId}              client     204
 *   POST   /api/vaccinations/{recordId}/verify       admin      { record }
 *   GET    /api/vaccinations/{recordId}/certificate  signed-in  { url }      (presigned GET, 5 minutes)
 *   POST   /api/uploads/certificate                  client     presigned POST (PDF or image, 10 MB)
 *   GET    /api/vaccinations/due?filter=&cursor=&limit=  admin  VaccinationDuePage (expiring | missing)
 */

export const VACCINES = ['rabies', 'dhpp', 'bordetella', 'leptospirosis', 'canine_influenza', 'other'] as const;
export type Vaccine = (typeof VACCINES)[number];

/** The vaccines the trainer may require (an `other` vaccine has a free name, so it cannot be required). */
export const REQUIRABLE_VACCINES = ['rabies', 'dhpp', 'bordetella', 'leptospirosis', 'canine_influenza'] as const;
export type RequirableVaccine = (typeof REQUIRABLE_VACCINES)[number];

/** Settings → Business default: rabies, DHPP and bordetella. */
export const DEFAULT_REQUIRED_VACCINES: readonly RequirableVaccine[] = ['rabies', 'dhpp', 'bordetella'];

export const VACCINE_LABELS: Record<Vaccine, string> = {
  rabies: 'Rabies',
  dhpp: 'DHPP',
  bordetella: 'Bordetella',
  leptospirosis: 'Leptospirosis',
  canine_influenza: 'Canine influenza',
  other: 'Other',
};

/** A certificate is a PDF or an image, at most 10 MB. */
export const CERTIFICATE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];
export const MAX_CERTIFICATE_BYTES = 10 * 1024 * 1024;

/** Days before expiry a record counts as expiring (the trainer's list) and the reminders' lead times. */
export const EXPIRING_WITHIN_DAYS = 30;
export const REMINDER_DAYS = [30, 7] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

export const VACCINATION_TEXTS = {
  vaccineInvalid: 'Choose a vaccine',
  otherNameRequired: 'Name the vaccine',
  givenOnInvalid: 'Date given must be a date (YYYY-MM-DD)',
  givenOnFuture: 'Date given cannot be in the future',
  expiresOnInvalid: 'Expiry date must be a date (YYYY-MM-DD)',
  expiresAfterGiven: 'Expiry date must be after the date given',
  clinicRequired: 'Veterinary clinic is required',
  certificateInvalid: 'Please select a PDF or an image file (JPG, PNG or WebP)',
  certificateTooLarge: 'File size must be less than 10MB',
  notFound: 'Vaccination record not found',
  added: 'Vaccination record added',
  updated: 'Vaccination record updated',
  deleted: 'Vaccination record deleted',
  verified: 'Vaccination record verified',
  loadFailed: 'Failed to load vaccination records',
  saveFailed: 'Failed to save the vaccination record. Please try again.',
} as const;

/** A record as the API answers it (no storage key: `hasCertificate`, and a download route). */
export interface VaccinationRecord {
  id: string;
  dogId: string;
  profileId: string;
  vaccine: Vaccine;
  otherName?: string;
  givenOn: string;
  expiresOn: string;
  clinic: string;
  hasCertificate: boolean;
  certificateContentType?: CertificateType;
  verifiedBy?: { id: string; name: string };
  verifiedAt?: string;
  createdAt: string;
  updatedAt: string;
}

export interface DogVaccinations {
  items: VaccinationRecord[];
  /** The vaccines the trainer requires (Settings → Business). */
  required: RequirableVaccine[];
}

export interface VaccinationGap {
  vaccine: RequirableVaccine;
  /** missing: no record; expired: the latest record ended before the day; expiring: ends within 30 days. */
  state: 'missing' | 'expired' | 'expiring';
  expiresOn?: string;
}

export interface VaccinationDueItem {
  dogId: string;
  dogName: string;
  profileId: string;
  clientName: string;
  /** The first day a required vaccination ends (null: none recorded). */
  dueOn: string | null;
  gaps: VaccinationGap[];
}

export interface VaccinationDuePage {
  items: VaccinationDueItem[];
  cursor: string | null;
  required: RequirableVaccine[];
}

/** The last day each vaccine is covered: the latest expiry among a dog's records of that vaccine. */
export function latestExpiries(records: readonly Pick<VaccinationRecord, 'vaccine' | 'expiresOn'>[]) {
  const out: Partial<Record<RequirableVaccine, string>> = {};
  for (const r of records) {
    if (r.vaccine === 'other') continue;
    const current = out[r.vaccine];
    if (!current || r.expiresOn > current) out[r.vaccine] = r.expiresOn;
  }
  return out;
}

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * What of the required vaccines is not in order on `day` (YYYY-MM-DD): missing, expired (the last
 * covered day is before `day`), or, with `withinDays`, expiring (ends within that many days). A record
 * counts through its expiry date.
 */
export function vaccinationGaps(
  expiries: Partial<Record<RequirableVaccine, string>>,
  required: readonly RequirableVaccine[],
  day: string,
  withinDays = 0,
): VaccinationGap[] {
  const gaps: VaccinationGap[] = [];
  const horizon = withinDays > 0 ? addDays(day, withinDays) : day;
  for (const vaccine of required) {
    const expiresOn = expiries[vaccine];
    if (!expiresOn) gaps.push({ vaccine, state: 'missing' });
    else if (expiresOn < day) gaps.push({ vaccine, state: 'expired', expiresOn });
    else if (withinDays > 0 && expiresOn <= horizon) gaps.push({ vaccine, state: 'expiring', expiresOn });
  }
  return gaps;
}

/** The name a record shows: the vaccine's label, or the name given for an `other` vaccine. */
export const vaccineName = (r: Pick<VaccinationRecord, 'vaccine' | 'otherName'>) =>
  r.vaccine === 'other' && r.otherName ? r.otherName : VACCINE_LABELS[r.vaccine];

/** The session form's warning text (it warns, it does not block). */
export function vaccinationWarning(gaps: readonly VaccinationGap[], dogName: string): string | undefined {
  if (!gaps.length) return undefined;
  const missing = gaps.filter((g) => g.state === 'missing').map((g) => VACCINE_LABELS[g.vaccine]);
  const expired = gaps.filter((g) => g.state === 'expired').map((g) => VACCINE_LABELS[g.vaccine]);
  const parts = [
    ...(missing.length ? [`missing ${missing.join(', ')}`] : []),
    ...(expired.length ? [`expired ${expired.join(', ')}`] : []),
  ];
  return `${dogName}'s required vaccinations are not in order on the session's date: ${parts.join('; ')}.`;
}
