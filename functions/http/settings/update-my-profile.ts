import { updateOwnProfileRequest } from '../../../shared/contracts/settings.js';
import { updateOwnProfile } from '../../../shared/domain/cascades.js';
import { toClientView } from '../../../shared/domain/profiles.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * PATCH /api/me/profile (signed-in): the caller's own first and last name (required) and phone
 * (empty clears it). The e-mail, role and everything else stay as they are.
 */
export const handler = clientHttpHandler({ body: updateOwnProfileRequest }, async ({ actor, body }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  const profile = await updateOwnProfile(actor.profile, body);
  return { body: { profile: actor.role === 'admin' ? profile : toClientView(profile) } };
});
