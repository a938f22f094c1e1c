import type { CreditsResponse } from '../../../shared/contracts/credit-options.js';
import { getClient } from '../../../shared/domain/clients.js';
import { getCredits } from '../../../shared/domain/credits.js';
import { httpHandler } from '../../lib/http.js';
import { clientIdParams } from '../clients/params.js';

/** GET /api/clients/{id}/credits (admin): a client's session credits (the profile, the session form). */
export const handler = httpHandler({ params: clientIdParams }, async ({ params }) => {
  const client = await getClient(params.id);
  const body: CreditsResponse = { credits: await getCredits(client.id) };
  return { body };
});
