import * as z from 'zod';
import { CLIENT_FILTERS, DOG_SEXES, NOTE_TYPES } from './client-options.js';

export * from './client-options.js';

/**
 * Request schemas of the client book (clients, dogs, notes). Unknown fields are refused (strict
 * objects), so no caller can set role, owner, status, is_active or anything else not listed here.
 */

/** Optional text: trimmed, empty becomes null (SPEC 5: "other text fields trimmed, empty stored as null"). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .transform((s) => s.trim())
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional();

const requiredText = (label: string, max: number, message = `${label} is required`) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Email must be a valid email address'));

export const listClientsQuery = z.strictObject({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  filter: z.enum(CLIENT_FILTERS, { error: 'filter must be all, active, completed or incomplete' }).optional(),
  cursor: z.string().max(4000, 'cursor is not valid').optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

const profileFields = {
  phone: optionalText('Phone', 40),
  address: optionalText('Address', 300),
  emergencyContact: optionalText('Emergency contact', 100),
  emergencyPhone: optionalText('Emergency phone', 40),
  howHeardAboutUs: optionalText('How heard about us', 100),
  notes: optionalText('Notes', 5000),
};

/** POST /api/clients (SPEC 5: first name, last name, e-mail required; the rest optional). */
export const createClientRequest = z.strictObject({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email,
  ...profileFields,
  sendInvitation: z.boolean({ error: 'sendInvitation must be true or false' }).default(true),
});

/** PATCH /api/clients/{id} (SPEC 5: first and last name required; e-mail read-only). */
export const updateClientRequest = z.strictObject({
  firstName: requiredText('First name', 100, 'First name and last name are required'),
  lastName: requiredText('Last name', 100, 'First name and last name are required'),
  ...profileFields,
});

const today = () => new Date().toISOString().slice(0, 10);
const DOG_REQUIRED = 'Name, breed, and birth date are required';

/** POST /api/clients/{id}/dogs and PATCH /api/dogs/{dogId} (SPEC 5: add dog). */
export const dogRequest = z.strictObject({
  name: requiredText('Name', 100, DOG_REQUIRED),
  breed: requiredText('Breed', 100, DOG_REQUIRED),
  birthDate: z
    .string({ error: DOG_REQUIRED })
    .trim()
    .min(1, DOG_REQUIRED)
    .pipe(z.iso.date('Birth date must be a date (YYYY-MM-DD)'))
    .refine((d) => d <= today(), 'Birth date cannot be in the future'),
  sex: z.enum(DOG_SEXES, { error: 'Sex must be male or female' }).nullable().optional(),
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
    .int()
    .min(1, 'The file is empty')
    .max(10 * 1024 * 1024, 'File size must be less than 10MB'),
});

/** PUT /api/dogs/{dogId}/photo: attach an uploaded object. */
export const attachPhotoRequest = z.strictObject({
  key: z.string({ error: 'key is required' }).min(1).max(500),
});

/** Cursor pagination of a client's dogs or notes (the cursor is the opaque one of the previous page). */
export const pageQuery = z.strictObject({
  cursor: z.string().max(4000, 'cursor is not valid').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .optional(),
});

const pathId = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(100, `${label} is not valid`);

/** Path parameters of the dog, photo and note routes. */
export const clientPathParams = z.object({ id: pathId('Client id') });
export const dogPathParams = z.object({ dogId: pathId('Dog id') });
export const notePathParams = z.object({ noteId: pathId('Note id') });

/** POST /api/clients/{id}/notes and PATCH /api/notes/{noteId}. */
export const noteRequest = z.strictObject({
  title: requiredText('Title', 200),
  content: requiredText('Content', 10_000),
  noteType: z.enum(NOTE_TYPES, { error: 'Note type must be important, training, behavioral, medical or general' }),
  isImportant: z.boolean({ error: 'isImportant must be true or false' }).default(false),
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
