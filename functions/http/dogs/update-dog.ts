import { dogPathParams, dogRequest } from '../../../shared/contracts/clients.js';
import { updateDog } from '../../../shared/domain/cascades.js';
import { toDogView } from '../../../shared/domain/dogs.js';
import { httpHandler } from '../../lib/http.js';

/** PATCH /api/dogs/{dogId} (admin): the dog form's fields (null clears an optional field). */
export const handler = httpHandler({ params: dogPathParams, body: dogRequest }, async ({ params, body }) => {
  return { body: { dog: await toDogView(await updateDog(params.dogId, body)) } };
});
