import { saveOnboardingRequest } from '../../../shared/contracts/onboarding.js';
import { saveOnboardingDraft } from '../../../shared/domain/onboarding.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * PUT /api/me/onboarding (client): saves the caller's own draft and step (Next and Previous).
 * 409 once the profile is completed; the e-mail cannot be changed.
 */
export const handler = clientHttpHandler({ body: saveOnboardingRequest }, async ({ actor, body }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  return { body: await saveOnboardingDraft(actor.profile, body) };
});
