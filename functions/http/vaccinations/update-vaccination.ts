import { recordPathParams, vaccinationRequest } from '../../../shared/contracts/vaccinations.js';
import { toVaccinationView, updateVaccination } from '../../../shared/domain/vaccinations.js';
import { siteOrigin } from '../../lib/http.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** PUT /api/vaccinations/{recordId} (client): replaces a record of the caller's own dog (verification cleared). */
export const handler = clientHttpHandler(
  { params: recordPathParams, body: vaccinationRequest },
  async ({ actor, params, body, event }) => {
    if (!actor) throw new Error('unreachable: client route without actor');
    const record = await updateVaccination(actor, params.recordId, body, siteOrigin(event));
    return { body: { record: toVaccinationView(record) } };
  },
);
