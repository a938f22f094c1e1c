import { recordPathParams } from '../../../shared/contracts/vaccinations.js';
import { toVaccinationView, verifyVaccination } from '../../../shared/domain/vaccinations.js';
import { httpHandler } from '../../lib/http.js';

/** POST /api/vaccinations/{recordId}/verify (admin): the trainer verifies a record as it is now. */
export const handler = httpHandler({ params: recordPathParams }, async ({ actor, params }) => {
  if (!actor) throw new Error('unreachable: admin route without actor');
  return { body: { record: toVaccinationView(await verifyVaccination(actor.profile, params.recordId)) } };
});
