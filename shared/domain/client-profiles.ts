import { findUserByEmail } from '../adapters/user-directory.js';
import { store } from '../db/service.js';
import { AppError } from '../errors.js';
import { Conflict, retryOnConflict } from '../retry.js';
import { createProfile, getProfileByUserId, MISSING_PROFILE_FIRST_NAME, type Profile } from './profiles.js';

/**
 * The missing profile of a signed-in client (SPEC 4), in its own module because it asks the user
 * directory (Cognito): only the handlers of routes a client may call (functions/lib/http-client.ts)
 * bundle it, the public and admin ones do not carry the directory client (ADR 0016).
 */

/**
 * SPEC 8: the answer to a signed-in caller who has no profile and whom the user directory does not
 * know (a deleted client's token still valid), so no profile can be made for them.
 */
export const NO_USER_TEXT = 'No user or converted contact submission found with email';

/**
 * The profile of `userId` when it exists, read so that a profile just written by a concurrent
 * request is seen: the user index first, then the e-mail claim and the profile it points to
 * (consistent reads of the table itself). FORBIDDEN when the e-mail belongs to another user's profile.
 */
async function findOwnProfile(userId: string, email: string): Promise<Profile | undefined> {
  const byUser = await getProfileByUserId(userId);
  if (byUser) return byUser;
  const s = store();
  const { data: claim } = await s.entities.unique.get({ kind: 'email', value: email }).go({ consistent: true });
  if (!claim) return undefined;
  const { data } = await s.entities.profile.get({ id: claim.ownerId }).go({ consistent: true });
  const owner = (data ?? undefined) as Profile | undefined;
  if (owner && owner.userId !== userId) throw new AppError('FORBIDDEN', 'Profile not found');
  return owner;
}

/**
 * SPEC 4: a signed-in client without a profile gets one (role client, first name User, profile not
 * completed, onboarding step 0), exactly once however many first requests arrive together. The
 * creation is createProfile's transaction, whose unique e-mail claim lets only one of them write;
 * the others get CONFLICT and return the profile the winner wrote.
 */
export async function ensureClientProfile(userId: string, email: string): Promise<Profile> {
  const address = email.trim().toLowerCase();
  const existing = await findOwnProfile(userId, address);
  if (existing) return existing;
  // A token outlives its user: a deleted client's token must not bring the client back. Only a user
  // the directory still has, enabled and with this e-mail, gets a profile; when the directory cannot
  // tell, nothing is created.
  const user = await findUserByEmail(address).catch(() => undefined);
  if (!user || user.userId !== userId || !user.enabled) throw new AppError('FORBIDDEN', NO_USER_TEXT);
  // Another request created it, or is still committing it: read it, else wait a little and retry.
  return retryOnConflict(async () => {
    try {
      return await createProfile({
        userId,
        role: 'client',
        firstName: MISSING_PROFILE_FIRST_NAME,
        email: address,
        profileCompleted: false,
        onboardingStep: 0,
      });
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== 'CONFLICT') throw e;
      const winner = await findOwnProfile(userId, address);
      if (winner) return winner;
      throw new Conflict(e);
    }
  }, PROFILE_RETRY);
}

/** Tries of creating a profile another request is creating at the same moment. */
const PROFILE_RETRY = { attempts: 6, firstDelayMs: 20 };
