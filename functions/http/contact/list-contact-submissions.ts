import { type ContactSubmissionListResponse, listContactSubmissionsQuery } from '../../../shared/contracts/contact.js';
import { countContactSubmissionsByStatus, listContactSubmissions } from '../../../shared/domain/contact-submissions.js';
import type { Page } from '../../../shared/domain/pagination.js';
import { httpHandler } from '../../lib/http.js';

/** The response before the edge seals the page's position into its opaque cursor. */
type UnsealedResponse = Omit<ContactSubmissionListResponse, 'cursor'> & Pick<Page<unknown>, 'cursor'>;

/** GET /api/contact-submissions?status=new,contacted&cursor=...&limit=25 (admin): one page and the counts. */
export const handler = httpHandler({ query: listContactSubmissionsQuery }, async ({ query, cursor }) => {
  const [page, counts] = await Promise.all([
    listContactSubmissions(query.status, { cursor, limit: query.limit }),
    countContactSubmissionsByStatus(),
  ]);
  const body: UnsealedResponse = { items: page.items, counts, cursor: page.cursor };
  return { body };
});
