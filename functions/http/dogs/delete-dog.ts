import { dogPathParams } from '../../../shared/contracts/clients.js';
import { deleteDogWithRecords } from '../../../shared/domain/cascades.js';
import { httpHandler } from '../../lib/http.js';

/** DELETE /api/dogs/{dogId} (admin): deletes the dog, its photo and its vaccination records (certificates, reminders). */
export const handler = httpHandler({ params: dogPathParams }, async ({ params }) => {
  await deleteDogWithRecords(params.dogId);
  return { status: 204 };
});
