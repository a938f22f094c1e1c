import { conversionTempPassword } from '../adapters/user-directory.js';
import type { ContactSubmission } from '../contracts/contact.js';
import { writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { createClientAccount } from './client-accounts.js';
import {
  announceContactSubmissionsChanged,
  CONTACT_CHANGED_TEXT,
  getContactSubmission,
  REMOVED_SELECTOR_TEXT,
  statusChangeItems,
} from './contact-submissions.js';
import { getProfileByEmail, type Profile } from './profiles.js';

export const ALREADY_CONVERTED_TEXT = 'This contact submission has already been converted to a client';
export const clientExistsLinkedText = (email: string) =>
  `A client account already exists for ${email}. The contact submission has been linked to the existing profile.`;

export interface Conversion {
  submission: ContactSubmission;
  profile: Profile;
  email: string;
  temporaryPassword: string;
  invitationLink: string;
  /** Where the new client signs in. */
  loginUrl: string;
}

/** The dog breed a client's first dog gets when the submission left it empty. */
export const breedOrUnknown = (breed: string | undefined) => breed?.trim() || 'Unknown';

/**
 * Converts a submission into a client (SPEC 4, 5, 8): the Cognito user (group client, temporary
 * password), the profile with its first dog, the invitation, and the submission's status
 * (converted, linked) with its counters, the records in one transaction. When that transaction
 * fails the Cognito user is deleted again (createClientAccount) and the submission is unchanged.
 * When a client profile already has the e-mail, the submission is linked to it and CONFLICT is
 * raised with the spec's text; a Cognito user without a profile is a CONFLICT too.
 */
export async function convertContactSubmission(
  id: string,
  opts: { createdBy: string; origin: string },
): Promise<Conversion> {
  return convertSubmission(await getContactSubmission(id), opts);
}

/**
 * The conversion of a submission as it was read. Every write is guarded by that reading's status,
 * so a submission changed since then makes the whole conversion fail and leave nothing behind.
 */
export async function convertSubmission(
  current: ContactSubmission,
  opts: { createdBy: string; origin: string },
): Promise<Conversion> {
  const id = current.id;
  if (current.status === 'converted') throw new AppError('CONFLICT', ALREADY_CONVERTED_TEXT);
  if (current.status === 'removed') throw new AppError('CONFLICT', REMOVED_SELECTOR_TEXT);
  const email = current.email.toLowerCase();

  const existing = await getProfileByEmail(email);
  if (existing && existing.role === 'client') {
    const { canceled } = await writeTransaction((e) =>
      statusChangeItems(e, current, 'converted', { assignedProfileId: existing.id, convertedToClient: true }),
    );
    if (canceled) throw await changedMeanwhile(id);
    await announceContactSubmissionsChanged([id]);
    throw new AppError('CONFLICT', clientExistsLinkedText(email));
  }

  const temporaryPassword = conversionTempPassword();
  const firstDogId = crypto.randomUUID();
  let created: Awaited<ReturnType<typeof createClientAccount>>;
  try {
    created = await createClientAccount({
      profile: {
        firstName: current.firstName,
        lastName: current.lastName,
        email,
        phone: current.phone,
        createdFromContactForm: true,
        profileCompleted: false,
        onboardingStep: 0,
        dogNames: [{ id: firstDogId, name: current.dogName }],
      },
      temporaryPassword,
      invite: { createdBy: opts.createdBy, origin: opts.origin, contactSubmissionId: id },
      extra: (e, profileId) => [
        e.dog
          .create({
            id: firstDogId,
            profileId,
            name: current.dogName,
            breed: breedOrUnknown(current.dogBreed),
            birthDate: current.dogBirthDate,
            sex: current.dogSex,
          })
          .commit(),
        ...statusChangeItems(e, current, 'converted', { assignedProfileId: profileId, convertedToClient: true }),
      ],
      onCancel: () => new AppError('CONFLICT', CONTACT_CHANGED_TEXT),
    });
  } catch (e) {
    if (e instanceof AppError && e.code === 'CONFLICT' && e.message === CONTACT_CHANGED_TEXT) {
      throw await changedMeanwhile(id);
    }
    throw e;
  }
  if (!created.invitationLink) throw new Error('Conversion created no invitation');
  await announceContactSubmissionsChanged([id]);
  return {
    submission: await getContactSubmission(id),
    profile: created.profile,
    email,
    temporaryPassword,
    invitationLink: created.invitationLink,
    loginUrl: `${opts.origin.replace(/\/+$/, '')}/login`,
  };
}

/** The error for a submission whose guard failed: converted by someone else, or changed otherwise. */
async function changedMeanwhile(id: string): Promise<AppError> {
  const now = await getContactSubmission(id);
  return now.status === 'converted'
    ? new AppError('CONFLICT', ALREADY_CONVERTED_TEXT)
    : new AppError('CONFLICT', CONTACT_CHANGED_TEXT);
}
