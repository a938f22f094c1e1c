import * as z from '../zod.js';
import { latestDateAnywhere } from './birth-date.js';
import { HOW_HEARD_SIGNUP_OPTIONS } from './client-options.js';
import { howHeardField } from './clients.js';
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
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `${label} must be at most ${max} characters`));

const email = z.pipe(
  z
    .string({ error: 'Email is required' })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, 'Email is required'),
      z.maxLength(254, 'Email must be at most 254 characters'),
    ),
  z.email('Email must be a valid email address'),
);

/** A malformed token is as invalid as an unknown one. */
const token = z
  .string({ error: INVALID_INVITATION_TEXT })
  .check(z.minLength(1, INVALID_INVITATION_TEXT), z.maxLength(200, INVALID_INVITATION_TEXT));

/** Path of GET /api/invitations/{token}. */
export const invitationParams = z.object({ token });

/** Query of GET /api/invitations/{token}: the e-mail the link was sent to. */
export const invitationQuery = z.strictObject({ email });

/** POST /api/signup (SPEC 5: names, dog name, breed, date of birth and password required; phone optional). */
export const signupRequest = z.strictObject({
  token,
  email,
  password: z.string({ error: SIGNUP_REQUIRED_TEXTS.password }).check(
    z.minLength(1, SIGNUP_REQUIRED_TEXTS.password),
    z.maxLength(256, 'Password must be at most 256 characters'),
    z.superRefine((password, ctx) => {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ),
  firstName: required(SIGNUP_REQUIRED_TEXTS.firstName, 100, 'First name'),
  lastName: required(SIGNUP_REQUIRED_TEXTS.lastName, 100, 'Last name'),
  phone: z.optional(
    z.pipe(
      z.string({ error: 'Phone must be text' }).check(z.trim(), z.maxLength(40, 'Phone must be at most 40 characters')),
      z.transform((s: string) => (s === '' ? undefined : s)),
    ),
  ),
  dogName: required(SIGNUP_REQUIRED_TEXTS.dogName, 100, "Dog's name"),
  dogBreed: required(SIGNUP_REQUIRED_TEXTS.dogBreed, 100, 'Breed'),
  dogBirthDate: z
    .pipe(
      z
        .string({ error: SIGNUP_REQUIRED_TEXTS.dogBirthDate })
        .check(z.trim(), z.minLength(1, SIGNUP_REQUIRED_TEXTS.dogBirthDate)),
      z.iso.date(DOG_BIRTH_DATE_FORMAT_TEXT),
    )
    .check(z.refine((d) => d <= latestDateAnywhere(), DOG_BIRTH_DATE_FUTURE_TEXT)),
  howHeardAboutUs: howHeardField(HOW_HEARD_SIGNUP_OPTIONS),
});
export type SignupRequest = z.infer<typeof signupRequest>;
