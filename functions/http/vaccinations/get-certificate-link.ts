import { recordPathParams } from '../../../shared/contracts/vaccinations.js';
import { certificateLink } from '../../../shared/domain/vaccinations.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * GET /api/vaccinations/{recordId}/certificate (signed-in): a download link of the record's certificate
 * valid for 5 minutes, after the ownership check (another client's record answers 404).
 */
export const handler = clientHttpHandler({ params: recordPathParams }, async ({ actor, params }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { body: { url: await certificateLink(actor, params.recordId) } };
});
