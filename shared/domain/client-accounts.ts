import { publishEvent } from '../adapters/events.js';
import { createInvitedUser, deleteUser, findUserByEmail } from '../adapters/user-directory.js';
import type { InvitationCreatedDetail } from '../contracts/clients.js';
import type { TxEntities, TxItem } from '../db/service.js';
import { AppError } from '../errors.js';
import { invitationCreate, newInvitationToken, signupLink } from './invitations.js';
import { createProfile, type NewProfile, type Profile } from './profiles.js';

export const authAccountExistsText = (email: string) =>
  `An authentication account already exists for ${email}. Please delete the existing user first, or use a different email.`;

export interface NewClientAccount {
  profile: Omit<NewProfile, 'userId' | 'role' | 'id'>;
  /** Set on the Cognito user; it must be changed at first sign-in. */
  temporaryPassword: string;
  /** Create a signup invitation (7 days, single use) and e-mail its link. */
  invite?: { createdBy: string; origin: string; contactSubmissionId?: string };
  /** More items for the profile's transaction (a first dog, the submission's update...). */
  extra?: (entities: TxEntities, profileId: string) => TxItem[];
  /** The error for a cancelled transaction whose cause is one of `extra`'s guards. */
  onCancel?: (codes: (string | undefined)[]) => AppError | undefined;
}

/**
 * A client account: the Cognito user (group `client`, temporary password, force-change state) and,
 * in one transaction, the profile with the caller's extra items and the invitation. When the
 * transaction fails the Cognito user is deleted again, so a failure leaves no orphan user. The
 * invitation e-mail goes out through the InvitationCreated event.
 */
export async function createClientAccount(
  input: NewClientAccount,
): Promise<{ profile: Profile; invitationLink?: string; invitationToken?: string }> {
  const email = input.profile.email.toLowerCase();
  if (await findUserByEmail(email)) throw new AppError('CONFLICT', authAccountExistsText(email));
  const userId = await createInvitedUser({
    email,
    firstName: input.profile.firstName,
    lastName: input.profile.lastName,
    temporaryPassword: input.temporaryPassword,
  }).catch((e: unknown) => {
    // The same account created meanwhile (a second request between the look-up and the creation).
    if ((e as { name?: string }).name === 'UsernameExistsException') {
      throw new AppError('CONFLICT', authAccountExistsText(email));
    }
    throw e;
  });
  const token = input.invite ? newInvitationToken() : undefined;
  let profile: Profile;
  try {
    profile = await createProfile(
      { ...input.profile, email, userId, role: 'client' },
      (e, profileId) => [
        ...(input.invite && token
          ? [
              invitationCreate(e, {
                token,
                email,
                profileId,
                createdBy: input.invite.createdBy,
                contactSubmissionId: input.invite.contactSubmissionId,
              }),
            ]
          : []),
        ...(input.extra?.(e, profileId) ?? []),
      ],
      input.onCancel,
    );
  } catch (e) {
    // Compensate: the user must not outlive the records that failed to be written.
    await deleteUser(userId);
    throw e;
  }
  if (!input.invite || !token) return { profile };
  const invitationLink = signupLink(input.invite.origin, token, email);
  const detail: InvitationCreatedDetail = { email, firstName: profile.firstName, link: invitationLink };
  await publishEvent('InvitationCreated', detail);
  return { profile, invitationLink, invitationToken: token };
}
