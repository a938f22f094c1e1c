import type { CreditsResponse } from '../../../shared/contracts/credit-options.js';
import { getCredits } from '../../../shared/domain/credits.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me/credits (client): the caller's own session credits. */
export const handler = clientHttpHandler({}, async ({ actor }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  const body: CreditsResponse = { credits: await getCredits(actor.profile.id) };
  return { body };
});
