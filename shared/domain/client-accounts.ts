import { publishEvent } from '../adapters/events.js';
import { createInvitedUser, deleteUser, findUserByEmail } from '../adapters/user-directory.js';
import type { InvitationCreatedDetail } from '../contracts/clients.js';
import { type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
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

/** The answer for a client who has chosen a password already: an invitation would let anyone with it choose another. */
export const ALREADY_SIGNED_UP_TEXT =
  'This client has already chosen a password: they sign in with it, no invitation is needed.';

/**
 * A new signup invitation (7 days, single use) for an active client who has not signed up yet: the
 * Cognito user still waits for its first password (FORCE_CHANGE_PASSWORD). Written conditionally on
 * its new token, its link e-mailed through the InvitationCreated event and returned. A client who
 * chose a password is refused (CONFLICT), since signing up sets the password again.
 */
export async function inviteClient(
  client: Profile,
  invite: { createdBy: string; origin: string },
): Promise<{ invitationLink: string }> {
  if (!client.isActive) throw new AppError('CONFLICT', 'This client is deactivated: reactivate them first.');
  const user = await findUserByEmail(client.email);
  if (!user || user.userId !== client.userId) throw new AppError('NOT_FOUND', 'Client not found');
  if (user.status !== 'FORCE_CHANGE_PASSWORD') throw new AppError('CONFLICT', ALREADY_SIGNED_UP_TEXT);
  const token = newInvitationToken();
  const { canceled } = await writeTransaction((e) => [
    invitationCreate(e, { token, email: client.email, profileId: client.id, createdBy: invite.createdBy }),
  ]);
  if (canceled) throw new AppError('CONFLICT', 'The change conflicted with another one. Please try again.');
  const invitationLink = signupLink(invite.origin, token, client.email);
  const detail: InvitationCreatedDetail = { email: client.email, firstName: client.firstName, link: invitationLink };
  await publishEvent('InvitationCreated', detail);
  return { invitationLink };
}
