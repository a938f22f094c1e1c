import { templatePathParams } from '../../../shared/contracts/messages.js';
import { deleteTemplate } from '../../../shared/domain/templates.js';
import { httpHandler } from '../../lib/http.js';

/** DELETE /api/templates/{id} (admin). */
export const handler = httpHandler({ params: templatePathParams }, async ({ params }) => {
  await deleteTemplate(params.id);
  return { status: 204 };
});
