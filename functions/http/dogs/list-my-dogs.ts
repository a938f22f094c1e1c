import { pageQuery } from '../../../shared/contracts/clients.js';
import { listDogsOfProfile, toDogView } from '../../../shared/domain/dogs.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * GET /api/me/dogs (signed-in): the caller's own dogs, those owned by their profile. An admin has
 * no dogs of their own, so an admin caller gets an empty list (clients' dogs are under
 * /api/clients/{id}/dogs).
 */
export const handler = clientHttpHandler({ query: pageQuery }, async ({ actor, query, cursor }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  const page = await listDogsOfProfile(actor.profile.id, { ...query, cursor });
  return { body: { items: await Promise.all(page.items.map(toDogView)), cursor: page.cursor } };
});
