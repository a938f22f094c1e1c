import { dogPathParams } from '../../../shared/contracts/clients.js';
import { deleteDog } from '../../../shared/domain/dogs.js';
import { httpHandler } from '../../lib/http.js';

/** DELETE /api/dogs/{dogId} (admin): deletes the dog and its photo. */
export const handler = httpHandler({ params: dogPathParams }, async ({ params }) => {
  await deleteDog(params.dogId);
  return { status: 204 };
});
