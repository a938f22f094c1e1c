import { dogPathParams } from '../../../shared/contracts/clients.js';
import { getDogFor, toDogView } from '../../../shared/domain/dogs.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/dogs/{dogId} (signed-in): the admin any dog, a client only their own (else 404). */
export const handler = clientHttpHandler({ params: dogPathParams }, async ({ actor, params }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { body: { dog: await toDogView(await getDogFor(actor, params.dogId)) } };
});
