import { attachPhotoRequest, dogPathParams } from '../../../shared/contracts/clients.js';
import { toDogView } from '../../../shared/domain/dogs.js';
import { attachDogPhoto } from '../../../shared/domain/photos.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * PUT /api/dogs/{dogId}/photo (signed-in): attaches an uploaded image after checking the stored
 * object (magic bytes, size). Clients only for their own dogs; the admin for any dog.
 */
export const handler = clientHttpHandler(
  { params: dogPathParams, body: attachPhotoRequest },
  async ({ actor, params, body }) => {
    if (!actor) throw new Error('unreachable: signed-in route without actor');
    return { body: { dog: await toDogView(await attachDogPhoto(actor, params.dogId, body.key)) } };
  },
);
