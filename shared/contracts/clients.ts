import * as z from '../zod.js';
import { latestDateAnywhere } from './birth-date.js';
import {
  CLIENT_FILTERS,
  DOG_FUTURE_TEXT,
  DOG_SEXES,
  HOW_HEARD_OPTIONS,
  HOW_HEARD_SIGNUP_OPTIONS,
  NOTE_TYPES,
} from './client-options.js';
import { cursorParam, limitParam } from './pagination.js';

export * from './client-options.js';

/**
 * Request schemas of the client book (clients, dogs, notes). Unknown fields are refused (strict
 * objects), so no caller can set role, owner, status, is_active or anything else not listed here.
 */

/** Optional text: trimmed, empty becomes null (SPEC 5: "other text fields trimmed, empty stored as null"). */
const optionalText = (label: string, max: number) =>
  z.optional(
    z.nullable(
      z.pipe(
        z.pipe(
          z
            .string({ error: `${label} must be text` })
            .check(z.maxLength(max, `${label} must be at most ${max} characters`)),
          z.transform((s: string) => s.trim()),
        ),
        z.transform((s: string) => (s === '' ? null : s)),
      ),
    ),
  );

const requiredText = (label: string, max: number, message = `${label} is required`) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `${label} must be at most ${max} characters`));

const email = z.pipe(
  z
    .string({ error: 'Email is required' })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, 'Email must be at most 254 characters')),
  z.email('Email must be a valid email address'),
);

export const listClientsQuery = z.strictObject({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'search must be at most 100 characters'))),
  filter: z.optional(z.enum(CLIENT_FILTERS, { error: 'filter must be all, active, completed or incomplete' })),
  cursor: z.optional(z.string().check(z.maxLength(4000, 'Invalid cursor'))),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
});

/**
 * How the client heard about us: one of the screen's list (SPEC 3: create-client and signup/edit
 * screens list different options), or empty or null for none (stored as nothing).
 */
export const howHeardField = (options: readonly [string, ...string[]]) =>
  z.optional(
    z.nullable(
      z.pipe(
        z.union([z.literal(''), z.enum(options)], {
          error: `How did you hear about us must be one of: ${options.join(', ')}`,
        }),
        z.transform((s: string) => (s === '' ? null : s)),
      ),
    ),
  );

const profileFields = {
  phone: optionalText('Phone', 40),
  address: optionalText('Address', 300),
  emergencyContact: optionalText('Emergency contact', 100),
  emergencyPhone: optionalText('Emergency phone', 40),
  notes: optionalText('Notes', 5000),
};

/** POST /api/clients (SPEC 5: first name, last name, e-mail required; the rest optional). */
export const createClientRequest = z.strictObject({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email,
  ...profileFields,
  howHeardAboutUs: howHeardField(HOW_HEARD_OPTIONS),
  sendInvitation: z._default(z.boolean({ error: 'sendInvitation must be true or false' }), true),
});

/**
 * PATCH /api/clients/{id} (SPEC 5: first and last name required; e-mail read-only). How they heard
 * about us takes the edit screen's list; a value stored from the other list is kept by leaving it out.
 */
export const updateClientRequest = z.strictObject({
  firstName: requiredText('First name', 100, 'First name and last name are required'),
  lastName: requiredText('Last name', 100, 'First name and last name are required'),
  ...profileFields,
  howHeardAboutUs: howHeardField(HOW_HEARD_SIGNUP_OPTIONS),
});

const DOG_REQUIRED = 'Name, breed, and birth date are required';

/** POST /api/clients/{id}/dogs and PATCH /api/dogs/{dogId} (SPEC 5: add dog). */
export const dogRequest = z.strictObject({
  name: requiredText('Name', 100, DOG_REQUIRED),
  breed: requiredText('Breed', 100, DOG_REQUIRED),
  birthDate: z
    .pipe(
      z.string({ error: DOG_REQUIRED }).check(z.trim(), z.minLength(1, DOG_REQUIRED)),
      z.iso.date('Birth date must be a date (YYYY-MM-DD)'),
    )
    .check(z.refine((d) => d <= latestDateAnywhere(), DOG_FUTURE_TEXT)),
  sex: z.optional(z.nullable(z.enum(DOG_SEXES, { error: 'Sex must be male or female' }))),
  behavioralNotes: optionalText('Behavioral notes', 2000),
  medicalNotes: optionalText('Medical notes', 2000),
  trainingGoals: optionalText('Training goals', 2000),
});
export type DogRequest = z.infer<typeof dogRequest>;

/** POST /api/uploads/photo: what the browser is about to upload. */
export const photoUploadRequest = z.strictObject({
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml'], {
    error: 'Please select a valid image file (JPG, PNG, WebP, or SVG)',
  }),
  size: z
    .number({ error: 'size is required' })
    .check(z.int(), z.gte(1, 'The file is empty'), z.lte(10 * 1024 * 1024, 'File size must be less than 10MB')),
});

/** PUT /api/dogs/{dogId}/photo: attach an uploaded object. */
export const attachPhotoRequest = z.strictObject({
  key: z.string({ error: 'key is required' }).check(z.minLength(1), z.maxLength(500)),
});

/** Cursor pagination of a client's dogs or notes (the cursor is the opaque one of the previous page). */
export const pageQuery = z.strictObject({ cursor: cursorParam, limit: limitParam });

const pathId = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(z.minLength(1, `${label} is required`), z.maxLength(100, `${label} is not valid`));

/** Path parameters of the dog, photo and note routes. */
export const clientPathParams = z.object({ id: pathId('Client id') });
export const dogPathParams = z.object({ dogId: pathId('Dog id') });
export const notePathParams = z.object({ noteId: pathId('Note id') });

/** POST /api/clients/{id}/notes and PATCH /api/notes/{noteId}. */
export const noteRequest = z.strictObject({
  title: requiredText('Title', 200),
  content: requiredText('Content', 10_000),
  noteType: z.enum(NOTE_TYPES, { error: 'Note type must be important, training, behavioral, medical or general' }),
  isImportant: z._default(z.boolean({ error: 'isImportant must be true or false' }), false),
});
export type NoteRequest = z.infer<typeof noteRequest>;

/** Detail of the InvitationCreated event. */
export interface InvitationCreatedDetail {
  email: string;
  firstName: string;
  link: string;
}

/** Detail of the ClientAccessRevoked event. */
export interface ClientAccessRevokedDetail {
  profileId: string;
  connectionIds: string[];
}
