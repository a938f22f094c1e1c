import {
  type DeleteContactSubmissionsResponse,
  deleteContactSubmissionsRequest,
} from '../../../shared/contracts/contact.js';
import { deleteContactSubmissions } from '../../../shared/domain/contact-submissions.js';
import { httpHandler } from '../../lib/http.js';

/** POST /api/contact-submissions/delete (admin): permanently deletes removed submissions, all or none. */
export const handler = httpHandler({ body: deleteContactSubmissionsRequest }, async ({ body }) => {
  const result: DeleteContactSubmissionsResponse = await deleteContactSubmissions(body.ids);
  return { body: result };
});
