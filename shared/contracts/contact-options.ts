/**
 * Constants, texts and shapes of contact requests, with no runtime dependency: public pages import
 * these without pulling zod into their bundle. The request schemas live in contact.ts.
 */
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

/** Texts of the contact form (SPEC 8). */
export const CONTACT_SUCCESS_TEXT =
  "Thank you for your message! We'll be in touch soon to schedule your free evaluation 🐶";
export const contactFailureText = (email: string) => `Sorry, please try again or email us at ${email} 🐕`;

/** Realtime message pushed to admins when a submission arrives. */
export interface ContactSubmittedNotice {
  type: 'contact_submission.created';
  submission: ContactSubmission;
}

/** Realtime message pushed to admins when submissions change (status, removal, deletion, conversion). */
export interface ContactSubmissionsChangedNotice {
  type: 'contact_submissions.changed';
  ids: string[];
}
