/**
 * Constants and response shapes of the client book, with no runtime dependency (the web imports
 * them without zod). Request schemas live in clients.ts.
 */
export const CLIENT_FILTERS = ['all', 'active', 'completed', 'incomplete', 'deactivated'] as const;
export type ClientFilter = (typeof CLIENT_FILTERS)[number];
export const DOG_SEXES = ['male', 'female'] as const;
export const NOTE_TYPES = ['important', 'training', 'behavioral', 'medical', 'general'] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

/** SPEC 8: a dog's birth date after today (the business's calendar date). */
export const DOG_FUTURE_TEXT = 'Birth date cannot be in the future';

/** SPEC 3: how_heard_about_us options of the create-client and onboarding screens. */
export const HOW_HEARD_OPTIONS = [
  'Google Search',
  'Social Media',
  'Referral',
  'Vet Recommendation',
  'Local Advertisement',
  'Walk-in',
  'Other',
] as const;

/** SPEC 3: how_heard_about_us options of the signup (invitation) and client edit screens. */
export const HOW_HEARD_SIGNUP_OPTIONS = [
  'Google Search',
  'Facebook',
  'Instagram',
  'Referral',
  'Vet Recommendation',
  'Yelp',
  'Other',
] as const;

/** A client as the trainer sees it (GET /api/clients/{id}, list rows). */
export interface ClientProfile {
  id: string;
  userId: string;
  role: 'client';
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  address?: string;
  emergencyContact?: string;
  emergencyPhone?: string;
  howHeardAboutUs?: string;
  /** Admin-only. */
  notes?: string;
  createdFromContactForm?: boolean;
  profileCompleted: boolean;
  onboardingStep: number;
  signupCompletedAt?: string;
  isActive: boolean;
  /** The client's dogs, oldest first (absent for a client whose profile predates the list). */
  dogNames?: { id: string; name: string }[];
  createdAt: string;
  updatedAt: string;
}

export interface Dog {
  id: string;
  profileId: string;
  name: string;
  breed: string;
  birthDate: string;
  sex?: 'male' | 'female';
  /** Presigned download link of the photo (valid for an hour), when there is one. */
  photoUrl?: string;
  behavioralNotes?: string;
  medicalNotes?: string;
  trainingGoals?: string;
  trainingAnalytics: { totalSessions: number; lastSessionDate?: string };
  createdAt: string;
  updatedAt: string;
}

export interface ClientNote {
  id: string;
  profileId: string;
  title: string;
  content: string;
  noteType: NoteType;
  isImportant: boolean;
  createdBy: string;
  createdByEmail: string;
  createdAt: string;
  updatedAt: string;
}

/** SPEC 9: dog age in months under 12, else years and months ("2 years 2 months"). */
export function dogAge(birthDate: string, now = new Date()): string {
  const [y, m, d] = birthDate.split('-').map(Number);
  if (!y || !m || !d) return '';
  let months = (now.getFullYear() - y) * 12 + (now.getMonth() + 1 - m);
  if (now.getDate() < d) months -= 1;
  months = Math.max(0, months);
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  if (months < 12) return plural(months, 'month');
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return rest ? `${plural(years, 'year')} ${plural(rest, 'month')}` : plural(years, 'year');
}
