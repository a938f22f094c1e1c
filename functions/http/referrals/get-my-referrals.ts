import { getMyReferrals } from '../../../shared/domain/referrals.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me/referrals (client): the caller's referral code, made on the first visit, and their referrals. */
export const handler = clientHttpHandler({}, async ({ actor }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  return { body: await getMyReferrals(actor.profile) };
});
