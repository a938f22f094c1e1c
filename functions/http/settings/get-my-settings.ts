import { preferencesOf } from '../../../shared/domain/settings.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me/settings (signed-in): the caller's own preferences, defaults filled in. */
export const handler = clientHttpHandler({}, async ({ actor }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { body: { preferences: preferencesOf(actor.profile) } };
});
