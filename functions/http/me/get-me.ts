import { toClientView } from '../../../shared/domain/profiles.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me: the caller's own profile (admin notes are never part of a client's view). */
export const handler = clientHttpHandler({}, async ({ actor }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  const profile = actor.role === 'admin' ? actor.profile : toClientView(actor.profile);
  return { body: { profile, role: actor.role } };
});
