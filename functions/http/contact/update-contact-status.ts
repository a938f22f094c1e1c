import {
  contactSubmissionParams,
  type UpdateContactStatusResponse,
  updateContactStatusRequest,
} from '../../../shared/contracts/contact.js';
import { updateContactStatus } from '../../../shared/domain/contact-submissions.js';
import { httpHandler } from '../../lib/http.js';

/** PATCH /api/contact-submissions/{id}/status (admin): selector, Remove, Restore, leaving converted. */
export const handler = httpHandler(
  { params: contactSubmissionParams, body: updateContactStatusRequest },
  async ({ params, body }) => {
    const result: UpdateContactStatusResponse = await updateContactStatus(params.id, body.status, {
      clientAction: body.clientAction,
    });
    return { body: result };
  },
);
