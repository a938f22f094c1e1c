import { exportAccountData } from '../../../shared/domain/account.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/me/export (signed-in): everything stored about the caller, as JSON (never admin notes). */
export const handler = httpHandler({}, async ({ actor }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { body: await exportAccountData(actor.profile) };
});
