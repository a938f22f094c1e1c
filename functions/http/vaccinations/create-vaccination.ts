import { dogPathParams } from '../../../shared/contracts/clients.js';
import { vaccinationRequest } from '../../../shared/contracts/vaccinations.js';
import { createVaccination, toVaccinationView } from '../../../shared/domain/vaccinations.js';
import { siteOrigin } from '../../lib/http.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** POST /api/dogs/{dogId}/vaccinations (client): adds a record to the caller's own dog, with its reminders. */
export const handler = clientHttpHandler(
  { params: dogPathParams, body: vaccinationRequest },
  async ({ actor, params, body, event }) => {
    if (!actor) throw new Error('unreachable: client route without actor');
    const record = await createVaccination(actor, params.dogId, body, siteOrigin(event));
    return { status: 201, body: { record: toVaccinationView(record) } };
  },
);
