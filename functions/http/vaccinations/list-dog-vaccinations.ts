import { dogPathParams } from '../../../shared/contracts/clients.js';
import { listDogVaccinations, toVaccinationView } from '../../../shared/domain/vaccinations.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * GET /api/dogs/{dogId}/vaccinations (signed-in): a dog's vaccination records and the required vaccines;
 * the admin any dog's, a client only their own dogs' (another's answers 404, like a missing dog).
 */
export const handler = clientHttpHandler({ params: dogPathParams }, async ({ actor, params }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  const { items, required } = await listDogVaccinations(actor, params.dogId);
  return { body: { items: items.map(toVaccinationView), required } };
});
