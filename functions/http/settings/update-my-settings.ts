import { updatePreferencesRequest } from '../../../shared/contracts/settings.js';
import { updatePreferences } from '../../../shared/domain/settings.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * PUT /api/me/settings (signed-in): sets the caller's own preferences (those given; the rest keep
 * their value). Training preferences are a client's only. There is no id: nobody reaches another
 * person's settings.
 */
export const handler = clientHttpHandler({ body: updatePreferencesRequest }, async ({ actor, body }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { body: { preferences: await updatePreferences(actor.profile, body) } };
});
