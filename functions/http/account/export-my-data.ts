import { exportAccountData } from '../../../shared/domain/account.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me/export (signed-in): everything stored about the caller, as JSON (never admin notes). */
export const handler = clientHttpHandler({}, async ({ actor }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { body: await exportAccountData(actor.profile) };
});
