import { recordPathParams } from '../../../shared/contracts/vaccinations.js';
import { deleteVaccination } from '../../../shared/domain/vaccinations.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** DELETE /api/vaccinations/{recordId} (client): deletes a record of the caller's own dog, its certificate and reminders. */
export const handler = clientHttpHandler({ params: recordPathParams }, async ({ actor, params }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  await deleteVaccination(actor, params.recordId);
  return { status: 204 };
});
