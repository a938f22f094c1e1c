import { getOnboarding } from '../../../shared/domain/onboarding.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * GET /api/me/onboarding (client): the caller's own saved step and draft or, without a draft, what
 * the wizard starts with (profile and matching contact submission); once completed, no data.
 */
export const handler = clientHttpHandler({}, async ({ actor }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  return { body: await getOnboarding(actor.profile) };
});
