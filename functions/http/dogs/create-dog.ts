import { clientPathParams, dogRequest } from '../../../shared/contracts/clients.js';
import { createDog, toDogViewWithoutPhoto } from '../../../shared/domain/dogs.js';
import { httpHandler } from '../../lib/http.js';

/** POST /api/clients/{id}/dogs (admin): adds a dog to a client (a new dog has no photo yet). */
export const handler = httpHandler({ params: clientPathParams, body: dogRequest }, async ({ params, body }) => {
  const dog = await createDog(params.id, body);
  return { status: 201, body: { dog: toDogViewWithoutPhoto(dog) } };
});
