import { dueQuery } from '../../../shared/contracts/vaccinations.js';
import { listVaccinationsDue } from '../../../shared/domain/vaccinations.js';
import { httpHandler } from '../../lib/http.js';

/**
 * GET /api/vaccinations/due (admin): one page of the dogs whose required vaccinations are missing,
 * expired or end within 30 days, most urgent first.
 */
export const handler = httpHandler({ query: dueQuery }, async ({ query, cursor }) => {
  return { body: await listVaccinationsDue({ ...query, cursor }) };
});
