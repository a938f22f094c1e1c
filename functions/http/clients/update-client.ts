import { updateClientRequest } from '../../../shared/contracts/clients.js';
import { updateClient } from '../../../shared/domain/cascades.js';
import { toAdminView } from '../../../shared/domain/profiles.js';
import { httpHandler } from '../../lib/http.js';
import { clientIdParams } from './params.js';

/**
 * PATCH /api/clients/{id} (admin): first and last name (required) and the optional profile fields;
 * text is trimmed and an empty field is cleared. E-mail, role and state cannot be changed here.
 */
export const handler = httpHandler({ params: clientIdParams, body: updateClientRequest }, async ({ params, body }) => {
  const client = await updateClient(params.id, body);
  return { body: { client: toAdminView(client) } };
});
