import { referralClickRequest } from '../../../shared/contracts/referrals.js';
import { recordReferralClick } from '../../../shared/domain/referrals.js';
import { httpHandler } from '../../lib/http.js';

/**
 * POST /api/public/referrals/click (public): the payment page was opened from a referral link; the
 * referral it names becomes `clicked`. The answer is the same whatever happened, so it tells nothing.
 */
export const handler = httpHandler({ body: referralClickRequest }, async ({ body }) => {
  await recordReferralClick(body.code, body.referralId);
  return { status: 202, body: { received: true } };
});
