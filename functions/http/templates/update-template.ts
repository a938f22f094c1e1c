import { templatePathParams, templateRequest } from '../../../shared/contracts/messages.js';
import { updateTemplate } from '../../../shared/domain/templates.js';
import { httpHandler } from '../../lib/http.js';

/** PUT /api/templates/{id} (admin): every field of the form. */
export const handler = httpHandler({ params: templatePathParams, body: templateRequest }, async ({ params, body }) => {
  return { body: await updateTemplate(params.id, body) };
});
