import { listContactSubmissionsQuery } from '../../../shared/contracts/contact.js';
import { countContactSubmissionsByStatus, listContactSubmissions } from '../../../shared/domain/contact-submissions.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/contact-submissions?status=new,contacted (admin). */
export const handler = httpHandler({ query: listContactSubmissionsQuery }, async ({ query }) => {
  const [items, counts] = await Promise.all([listContactSubmissions(query.status), countContactSubmissionsByStatus()]);
  return { body: { items, counts } };
});
