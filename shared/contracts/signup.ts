import * as z from 'zod';
import {
  DOG_BIRTH_DATE_FORMAT_TEXT,
  DOG_BIRTH_DATE_FUTURE_TEXT,
  INVALID_INVITATION_TEXT,
  passwordProblem,
  SIGNUP_REQUIRED_TEXTS,
} from './signup-options.js';

export * from './signup-options.js';

/**
 * Request schemas of the invitation signup. Unknown fields are refused (strict objects), so a signup
 * can set nothing but the listed fields: no role, no profile id, no owner.
 */

const required = (message: string, max: number, label: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Email must be a valid email address'));

/** A malformed token is as invalid as an unknown one. */
const token = z
  .string({ error: INVALID_INVITATION_TEXT })
  .min(1, INVALID_INVITATION_TEXT)
  .max(200, INVALID_INVITATION_TEXT);

const today = () => new Date().toISOString().slice(0, 10);

/** Path of GET /api/invitations/{token}. */
export const invitationParams = z.object({ token });

/** Query of GET /api/invitations/{token}: the e-mail the link was sent to. */
export const invitationQuery = z.strictObject({ email });

/** POST /api/signup (SPEC 5: names, dog name, breed, date of birth and password required; phone optional). */
export const signupRequest = z.strictObject({
  token,
  email,
  password: z
    .string({ error: SIGNUP_REQUIRED_TEXTS.password })
    .min(1, SIGNUP_REQUIRED_TEXTS.password)
    .max(256, 'Password must be at most 256 characters')
    .superRefine((password, ctx) => {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  firstName: required(SIGNUP_REQUIRED_TEXTS.firstName, 100, 'First name'),
  lastName: required(SIGNUP_REQUIRED_TEXTS.lastName, 100, 'Last name'),
  phone: z
    .string({ error: 'Phone must be text' })
    .trim()
    .max(40, 'Phone must be at most 40 characters')
    .transform((s) => (s === '' ? undefined : s))
    .optional(),
  dogName: required(SIGNUP_REQUIRED_TEXTS.dogName, 100, "Dog's name"),
  dogBreed: required(SIGNUP_REQUIRED_TEXTS.dogBreed, 100, 'Breed'),
  dogBirthDate: z
    .string({ error: SIGNUP_REQUIRED_TEXTS.dogBirthDate })
    .trim()
    .min(1, SIGNUP_REQUIRED_TEXTS.dogBirthDate)
    .pipe(z.iso.date(DOG_BIRTH_DATE_FORMAT_TEXT))
    .refine((d) => d <= today(), DOG_BIRTH_DATE_FUTURE_TEXT),
});
export type SignupRequest = z.infer<typeof signupRequest>;
