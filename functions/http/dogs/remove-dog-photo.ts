import { dogPathParams } from '../../../shared/contracts/clients.js';
import { toDogView } from '../../../shared/domain/dogs.js';
import { removeDogPhoto } from '../../../shared/domain/photos.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** DELETE /api/dogs/{dogId}/photo (signed-in): removes the photo of the caller's own dog (admin: any dog). */
export const handler = clientHttpHandler({ params: dogPathParams }, async ({ actor, params }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { body: { dog: await toDogView(await removeDogPhoto(actor, params.dogId)) } };
});
