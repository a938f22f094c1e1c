import { setPermanentPassword } from '../adapters/user-directory.js';
import type { InvitationPrefill, InvitationView, SignupRequest } from '../contracts/signup.js';
import { INVALID_INVITATION_TEXT } from '../contracts/signup.js';
import { DOG_BIRTH_DATE_FUTURE_TEXT } from '../contracts/signup-options.js';
import { store, writeTransaction } from '../db/service.js';
import { AppError, isAppError } from '../errors.js';
import { Conflict, retryOnConflict } from '../retry.js';
import { assertBirthDateNotFuture } from './birth-date.js';
import { getContactSubmission } from './contact-submissions.js';
import { getInvitation, type Invitation, invitationUsable } from './invitations.js';
import { getProfileById, type Profile } from './profiles.js';
import { searchTokenItems, searchTokensFor } from './search.js';

/**
 * Signup by invitation (SPEC 2, 4, 5). Every invitation belongs to an account that already exists
 * (shared/domain/client-accounts.ts: a Cognito user with a temporary password and a client profile),
 * so signing up completes that account: the profile takes the form's names and phone, a first dog is
 * added when the client has none of that name, the invitation is marked used, and the Cognito user
 * gets the chosen password as a permanent one.
 */

const invalid = () => new AppError('NOT_FOUND', INVALID_INVITATION_TEXT);

/** Tries of a transaction cancelled by a concurrent one (not by a guard). */
const CONFLICT_RETRY = { attempts: 5, firstDelayMs: 25 };

/** The invitation if it can be used for `email` now, with the active client profile it completes. */
async function usableInvitation(token: string, email: string): Promise<{ invitation: Invitation; profile: Profile }> {
  const invitation = await getInvitation(token);
  if (!invitationUsable(invitation, email) || !invitation.profileId) throw invalid();
  const profile = await getProfileById(invitation.profileId);
  if (profile?.role !== 'client' || !profile.isActive || profile.email !== invitation.email) throw invalid();
  return { invitation, profile };
}

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;

/**
 * GET /api/invitations/{token}: the invitation's e-mail and what the form starts with, from its
 * contact submission (names, phone, dog) or, without one, from the client's profile (names, phone).
 * NOT_FOUND with the spec's text when the token is unknown, used, expired or for another e-mail.
 */
export async function getSignupInvitation(token: string, email: string): Promise<InvitationView> {
  const { invitation, profile } = await usableInvitation(token, email);
  let prefill: InvitationPrefill | undefined;
  if (invitation.contactSubmissionId) {
    try {
      const s = await getContactSubmission(invitation.contactSubmissionId);
      prefill = {
        firstName: s.firstName,
        lastName: s.lastName,
        phone: s.phone,
        dogName: s.dogName,
        dogBreed: s.dogBreed,
        dogBirthDate: s.dogBirthDate,
      };
    } catch (e) {
      // A deleted submission leaves the profile to prefill from.
      if (!isAppError(e) || e.code !== 'NOT_FOUND') throw e;
    }
  }
  prefill ??= { firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone };
  return { email: invitation.email, prefill: defined(prefill) };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Marks the invitation used and updates the profile (and adds the dog) in one transaction. The
 * invitation's guard (`attribute_not_exists(usedAt)` and not expired) makes a second submission,
 * even a simultaneous one, write nothing. Returns the profile and the `usedAt` that was written.
 */
async function claimInvitation(input: SignupRequest): Promise<{ profile: Profile; usedAt: string }> {
  return retryOnConflict(async () => {
    const { invitation, profile } = await usableInvitation(input.token, input.email);
    const { data: dogs } = await store().entities.dog.query.byProfile({ profileId: profile.id }).go({ pages: 'all' });
    const newDog = !dogs.some((d) => sameName(d.name, input.dogName));
    const newDogId = crypto.randomUUID();
    const dogNames = [
      ...(profile.dogNames ?? dogs.map((d) => ({ id: d.id, name: d.name }))),
      ...(newDog ? [{ id: newDogId, name: input.dogName }] : []),
    ];
    const usedAt = new Date().toISOString();
    const next = {
      ...profile,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? profile.phone,
    };
    const oldTokens = profile.searchTokens ?? [];
    const newTokens = searchTokensFor(next);
    const dropped = oldTokens.filter((t) => !newTokens.includes(t));
    const added = newTokens.filter((t) => !oldTokens.includes(t));
    const { canceled, codes } = await writeTransaction((e) => [
      e.invitation
        .patch({ token: invitation.token })
        .set({ usedAt })
        .where(({ usedAt: used, validUntil }, { notExists, gt }) => `${notExists(used)} AND ${gt(validUntil, usedAt)}`)
        .commit(),
      e.profile
        .patch({ id: profile.id })
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          ...(input.phone ? { phone: input.phone } : {}),
          ...(input.howHeardAboutUs ? { howHeardAboutUs: input.howHeardAboutUs } : {}),
          searchTokens: newTokens,
          dogNames,
        })
        // The key attributes as they are now (ElectroDB also checks them); `set` carries the new ones.
        .composite({
          role: profile.role,
          listState: profile.listState,
          firstName: profile.firstName,
          lastName: profile.lastName,
          id: profile.id,
        })
        .where(({ updatedAt, isActive }, { eq }) => `${eq(updatedAt, profile.updatedAt)} AND ${eq(isActive, true)}`)
        .commit(),
      ...searchTokenItems(e, 'delete', profile.id, dropped),
      ...searchTokenItems(e, 'put', profile.id, added),
      ...(newDog
        ? [
            e.dog
              .create({
                id: newDogId,
                profileId: profile.id,
                name: input.dogName,
                breed: input.dogBreed,
                birthDate: input.dogBirthDate,
                totalSessions: 0,
              })
              .commit(),
          ]
        : []),
    ]);
    if (!canceled) return { profile, usedAt };
    // The invitation's own guard: used (or expired) meanwhile.
    if (codes[0] === 'ConditionalCheckFailed') throw invalid();
    // Cancelled by a concurrent transaction or a changed profile: read again and retry.
    throw new Conflict(new AppError('CONFLICT', 'The change conflicted with another one. Please try again.'));
  }, CONFLICT_RETRY);
}

/** Takes the used mark back (only the one this signup wrote), so the link works again. */
async function releaseInvitation(token: string, usedAt: string): Promise<void> {
  await store()
    .entities.invitation.patch({ token })
    .remove(['usedAt'])
    .where(({ usedAt: used }, { eq }) => eq(used, usedAt))
    .go();
}

/** Cognito's answer to a password, as a user-safe error (or undefined when it is not about the input). */
function passwordError(e: unknown): AppError | undefined {
  const name = (e as { name?: string }).name;
  const message = (e as { message?: string }).message;
  if (name === 'InvalidPasswordException' || name === 'InvalidParameterException') {
    return new AppError('VALIDATION', message || 'The password does not meet the requirements', {
      password: [message || 'The password does not meet the requirements'],
    });
  }
  if (name === 'UserNotFoundException') return invalid();
  return undefined;
}

/**
 * POST /api/signup. First the transaction (invitation used + profile + dog), so a concurrent second
 * submission loses before anything else happens; then the permanent password on the Cognito user
 * (its username is the profile's `userId`, the `sub`). When Cognito refuses the password, the used
 * mark is taken back and the error answered; the profile's names and the dog stay (a retry with the
 * same dog name adds no second dog).
 */
export async function completeSignup(input: SignupRequest): Promise<{ profileId: string }> {
  await assertBirthDateNotFuture(
    [{ birthDate: input.dogBirthDate, field: 'dogBirthDate' }],
    DOG_BIRTH_DATE_FUTURE_TEXT,
  );
  const { profile, usedAt } = await claimInvitation(input);
  try {
    await setPermanentPassword(profile.userId, input.password);
  } catch (e) {
    await releaseInvitation(input.token, usedAt);
    throw passwordError(e) ?? e;
  }
  return { profileId: profile.id };
}
