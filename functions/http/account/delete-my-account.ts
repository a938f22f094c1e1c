import { deleteAccountRequest } from '../../../shared/contracts/account.js';
import { deleteOwnAccount } from '../../../shared/domain/account.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * DELETE /api/me (client): the caller's own account and all its data, confirmed by typing the
 * account's e-mail; the same full deletion the trainer runs, Cognito user included.
 */
export const handler = clientHttpHandler({ body: deleteAccountRequest }, async ({ actor, body }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  await deleteOwnAccount(actor.profile, body.confirmEmail);
  return { status: 204 };
});
