import { completeOnboardingRequest } from '../../../shared/contracts/onboarding.js';
import { completeOnboarding } from '../../../shared/domain/onboarding.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * POST /api/me/onboarding/complete (client): completes the caller's own profile and creates the
 * complete dogs, in one transaction; the draft is cleared. 409 when already completed.
 */
export const handler = clientHttpHandler({ body: completeOnboardingRequest }, async ({ actor, body }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  return { body: await completeOnboarding(actor.profile, body) };
});
