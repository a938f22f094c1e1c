import { sendReferralRequest } from '../../../shared/contracts/referrals.js';
import { sendReferral } from '../../../shared/domain/referrals.js';
import { siteOrigin } from '../../lib/http.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** POST /api/me/referrals (client): records a referral to the friend's e-mail; its event sends the e-mail. */
export const handler = clientHttpHandler({ body: sendReferralRequest }, async ({ actor, body, event }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  return { status: 201, body: await sendReferral(actor.profile, body.email, siteOrigin(event)) };
});
