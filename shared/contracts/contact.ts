import * as z from '../zod.js';
import {
  CONTACT_STATUSES,
  type ContactStatus,
  type ContactSubmission,
  DOG_SEXES,
  PROGRAM_KEYS,
} from './contact-options.js';

export * from './contact-options.js';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

/**
 * Body of POST /api/public/contact (the spec's contactData). Unknown fields are rejected.
 * `website` is a honeypot: people never see it, so a value means a bot.
 */
export const contactRequestSchema = z.strictObject({
  firstName: text('First name', 100),
  lastName: text('Last name', 100),
  email: z.pipe(
    z.string({ error: 'Email is required' }).check(z.trim(), z.maxLength(254, 'Email must be at most 254 characters')),
    z.email('Email must be a valid email address'),
  ),
  phone: text('Phone', 40).check(z.regex(/^[0-9+().\-\s]{7,40}$/, 'Phone must be a valid phone number')),
  program: z.enum(PROGRAM_KEYS, { error: 'Program must be one of the listed programs' }),
  message: text('Message', 5000),
  dogName: text("Dog's name", 100),
  dogBreed: text('Breed', 100),
  dogBirthDate: z.iso.date({ error: 'Birth date must be a date (YYYY-MM-DD)' }),
  dogSex: z.enum(DOG_SEXES, { error: 'Sex must be male or female' }),
  website: z.optional(z.string().check(z.maxLength(200))),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const listContactSubmissionsQuery = z.strictObject({
  status: z
    .pipe(
      z.pipe(
        z.optional(z.string()),
        z.transform((s: string | undefined) => (s ? s.split(',') : ['new'])),
      ),
      z.array(z.enum(CONTACT_STATUSES, { error: 'status must be new, contacted, converted or removed' })),
    )
    .check(
      z.refine((list) => list.length === 1 || list.every((s) => s === 'new' || s === 'contacted'), {
        error: 'Only new and contacted can be combined',
      }),
    ),
  cursor: z.optional(z.string().check(z.maxLength(2000, 'Invalid cursor'))),
  limit: z.optional(
    z.pipe(
      z.pipe(z.string().check(z.regex(/^\d+$/, 'limit must be a whole number from 1 to 100')), z.transform(Number)),
      z
        .number()
        .check(
          z.int(),
          z.gte(1, 'limit must be a whole number from 1 to 100'),
          z.lte(100, 'limit must be a whole number from 1 to 100'),
        ),
    ),
  ),
});

/** Path of the routes under /api/contact-submissions/{id}. */
export const contactSubmissionParams = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
});

export const CLIENT_ACTIONS = ['deactivate', 'delete'] as const;

/**
 * Body of PATCH /api/contact-submissions/{id}/status: the selector (new, contacted), Remove
 * (removed) or Restore (new). Converted is reached through the conversion. `clientAction` is
 * required when a converted submission's client profile exists.
 */
export const updateContactStatusRequest = z.strictObject({
  status: z.enum(CONTACT_STATUSES, { error: 'status must be new, contacted or removed' }),
  clientAction: z.optional(z.enum(CLIENT_ACTIONS, { error: 'clientAction must be deactivate or delete' })),
});

/** Body of POST /api/contact-submissions/{id}/convert: nothing (an empty object may be sent). */
export const convertContactSubmissionRequest = z.optional(z.strictObject({}));

/** Body of POST /api/contact-submissions/delete: permanent deletion of removed submissions. */
export const deleteContactSubmissionsRequest = z.strictObject({
  ids: z
    .array(z.string({ error: 'ids must be submission ids' }).check(z.minLength(1), z.maxLength(100)), {
      error: 'ids must be a list of ids',
    })
    .check(
      z.minLength(1, 'ids must list at least one submission'),
      z.maxLength(99, 'At most 99 submissions can be deleted at once'),
    ),
});

/** Answer of GET /api/contact-submissions: one page, the counts per status and the next page's cursor. */
export interface ContactSubmissionListResponse {
  items: ContactSubmission[];
  counts: Record<ContactStatus, number>;
  cursor: string | null;
}

/** The client profile a converted submission is linked to, as the screen shows it. */
export interface AssignedProfileSummary {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isActive: boolean;
}

/** Answer of GET /api/contact-submissions/{id}. */
export interface ContactSubmissionDetailResponse {
  submission: ContactSubmission;
  /** Null when the submission is not linked or the linked profile no longer exists. */
  assignedProfile: AssignedProfileSummary | null;
}

/** What a status change did: the screen says it in the spec's words (SPEC 8). */
export type ContactStatusOutcome = 'updated' | 'removed' | 'deactivated' | 'deleted' | 'unlinked';

/** Answer of PATCH /api/contact-submissions/{id}/status. */
export interface UpdateContactStatusResponse {
  submission: ContactSubmission;
  outcome: ContactStatusOutcome;
}

/** Answer of POST /api/contact-submissions/{id}/convert (201). */
export interface ConvertContactSubmissionResponse {
  submission: ContactSubmission;
  profileId: string;
  email: string;
  temporaryPassword: string;
  invitationLink: string;
  loginUrl: string;
}

/** Answer of POST /api/contact-submissions/delete. */
export interface DeleteContactSubmissionsResponse {
  deleted: number;
}
