import { z } from 'zod';

/** Program options of the free-evaluation form (SPEC 5). */
export const PROGRAM_OPTIONS = [
  { value: 'puppyFoundations', label: 'Puppy Foundation Program' },
  { value: 'adultDogTraining', label: 'Basic Obedience Training' },
  { value: 'advancedTraining', label: 'Advanced Training & Behavior Modification' },
  { value: 'other', label: 'Other' },
] as const;
export const PROGRAM_KEYS = ['puppyFoundations', 'adultDogTraining', 'advancedTraining', 'other'] as const;
export const DOG_SEXES = ['male', 'female'] as const;
export const CONTACT_STATUSES = ['new', 'contacted', 'converted', 'removed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * Body of POST /api/public/contact (the spec's contactData). Unknown fields are rejected.
 * `website` is a honeypot: people never see it, so a value means a bot.
 */
export const contactRequestSchema = z.strictObject({
  firstName: text('First name', 100),
  lastName: text('Last name', 100),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Email must be a valid email address')),
  phone: text('Phone', 40).regex(/^[0-9+().\-\s]{7,40}$/, 'Phone must be a valid phone number'),
  program: z.enum(PROGRAM_KEYS, { error: 'Program must be one of the listed programs' }),
  message: text('Message', 5000),
  dogName: text("Dog's name", 100),
  dogBreed: text('Breed', 100),
  dogBirthDate: z.iso.date({ error: 'Birth date must be a date (YYYY-MM-DD)' }),
  dogSex: z.enum(DOG_SEXES, { error: 'Sex must be male or female' }),
  website: z.string().max(200).optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export interface ContactSubmission {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dogName: string;
  dogBreed: string;
  dogSex: (typeof DOG_SEXES)[number];
  dogBirthDate: string;
  program: (typeof PROGRAM_KEYS)[number];
  message: string;
  status: ContactStatus;
  assignedProfileId?: string;
  convertedToClient: boolean;
  createdAt: string;
}

export const listContactSubmissionsQuery = z.strictObject({
  status: z
    .string()
    .optional()
    .transform((s) => (s ? s.split(',') : ['new']))
    .pipe(z.array(z.enum(CONTACT_STATUSES, { error: 'status must be new, contacted, converted or removed' }))),
});

/** Texts of the contact form (SPEC 8). */
export const CONTACT_SUCCESS_TEXT =
  "Thank you for your message! We'll be in touch soon to schedule your free evaluation 🐶";
export const contactFailureText = (email: string) => `Sorry, please try again or email us at ${email} 🐕`;

/** Realtime message pushed to admins when a submission arrives. */
export interface ContactSubmittedNotice {
  type: 'contact_submission.created';
  submission: ContactSubmission;
}
