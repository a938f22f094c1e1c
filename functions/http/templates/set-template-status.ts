import { templatePathParams, templateStatusRequest } from '../../../shared/contracts/messages.js';
import { setTemplateStatus } from '../../../shared/domain/templates.js';
import { httpHandler } from '../../lib/http.js';

/** PATCH /api/templates/{id} (admin): the status badge toggles active/inactive. */
export const handler = httpHandler(
  { params: templatePathParams, body: templateStatusRequest },
  async ({ params, body }) => {
    return { body: await setTemplateStatus(params.id, body.isActive) };
  },
);
