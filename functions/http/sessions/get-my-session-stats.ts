import { getClientSessionStats } from '../../../shared/domain/sessions.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/me/sessions/stats (client): the caller's upcoming and completed sessions and their dogs. */
export const handler = httpHandler({}, async ({ actor }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  return { body: await getClientSessionStats(actor.profile.id) };
});
