import { type ContactSubmissionListResponse, listContactSubmissionsQuery } from '../../../shared/contracts/contact.js';
import { countContactSubmissionsByStatus, listContactSubmissions } from '../../../shared/domain/contact-submissions.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/contact-submissions?status=new,contacted&cursor=...&limit=25 (admin): one page and the counts. */
export const handler = httpHandler({ query: listContactSubmissionsQuery }, async ({ query }) => {
  const [page, counts] = await Promise.all([
    listContactSubmissions(query.status, { cursor: query.cursor, limit: query.limit }),
    countContactSubmissionsByStatus(),
  ]);
  const body: ContactSubmissionListResponse = { items: page.items, counts, cursor: page.cursor };
  return { body };
});
