import { checkReferralQuery, type ReferralCheck } from '../../../shared/contracts/referrals.js';
import { referralForPayer } from '../../../shared/domain/referrals.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * GET /api/payments/referral?code= (client): whether the caller may use the code (not their own, and
 * their first service); 400 "Invalid referral code" otherwise.
 */
export const handler = clientHttpHandler({ query: checkReferralQuery }, async ({ actor, query }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  const { code, discountPercentage } = await referralForPayer(actor.profile.id, query.code);
  const body: ReferralCheck = { code, discountPercentage };
  return { body };
});
