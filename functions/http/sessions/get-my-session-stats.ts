import { getClientSessionStats } from '../../../shared/domain/session-stats.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me/sessions/stats (client): the caller's upcoming and completed sessions and their dogs. */
export const handler = clientHttpHandler({}, async ({ actor }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  return { body: await getClientSessionStats(actor.profile.id) };
});
