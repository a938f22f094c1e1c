import { clientPathParams, dogRequest } from '../../../shared/contracts/clients.js';
import { createDog, toDogView } from '../../../shared/domain/dogs.js';
import { httpHandler } from '../../lib/http.js';

/** POST /api/clients/{id}/dogs (admin): adds a dog to a client. */
export const handler = httpHandler({ params: clientPathParams, body: dogRequest }, async ({ params, body }) => {
  const dog = await createDog(params.id, body);
  return { status: 201, body: { dog: await toDogView(dog) } };
});
