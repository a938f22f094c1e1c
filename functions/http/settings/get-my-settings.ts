import { preferencesOf } from '../../../shared/domain/settings.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/me/settings (signed-in): the caller's own preferences, defaults filled in. */
export const handler = httpHandler({}, async ({ actor }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { body: { preferences: preferencesOf(actor.profile) } };
});
