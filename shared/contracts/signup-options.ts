/**
 * Texts and shapes of the invitation signup (SPEC 2, 5, 8), without zod: the portal's sign-in chunk
 * imports these without pulling zod into it. The request schemas live in signup.ts.
 */

import { PASSWORDS_DO_NOT_MATCH } from '../auth-policy.js';

/** The product's password rule (shared/auth-policy.ts): `passwordProblem` checks a chosen password. */
export { PASSWORD_MIN_LENGTH, passwordProblem } from '../auth-policy.js';

export const INVITATION_REQUIRED_TEXT = 'Invitation Required';
export const INVALID_INVITATION_TEXT = 'Invalid or expired invitation link.';
export const INVITATION_LOAD_ERROR_TEXT = 'Error loading invitation data';
export const PASSWORDS_MISMATCH_TEXT = PASSWORDS_DO_NOT_MATCH;
export const SIGNUP_SUCCESS_TEXT = 'Account created successfully! Please check your email to verify your account.';
/** SPEC 9: after a successful signup, /login follows after 3 s. */
export const SIGNUP_REDIRECT_MS = 3000;

/** Required-field texts of the signup form (SPEC 5: first name, last name, dog name, breed, date of birth, password). */
export const SIGNUP_REQUIRED_TEXTS = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  dogName: "Dog's name is required",
  dogBreed: 'Breed is required',
  dogBirthDate: 'Date of birth is required',
  password: 'Password is required',
} as const;
export const DOG_BIRTH_DATE_FUTURE_TEXT = 'Date of birth cannot be in the future';
export const DOG_BIRTH_DATE_FORMAT_TEXT = 'Date of birth must be a date (YYYY-MM-DD)';

/**
 * What the signup form is prefilled with: the invitation's contact submission (names, phone, dog),
 * or without one the client's profile (names, phone). Absent fields start empty.
 */
export interface InvitationPrefill {
  firstName?: string;
  lastName?: string;
  phone?: string;
  dogName?: string;
  dogBreed?: string;
  /** YYYY-MM-DD. */
  dogBirthDate?: string;
}

/** GET /api/invitations/{token}?email=: the invitation's e-mail and the form's prefill, nothing else. */
export interface InvitationView {
  email: string;
  prefill: InvitationPrefill;
}

/** Body of POST /api/signup. */
export interface SignupInput {
  token: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string;
  dogName: string;
  dogBreed: string;
  dogBirthDate: string;
  /** One of HOW_HEARD_SIGNUP_OPTIONS (shared/contracts/client-options.ts); left out when not chosen. */
  howHeardAboutUs?: string;
}

/** Answer of POST /api/signup. */
export interface SignupResult {
  success: true;
}
