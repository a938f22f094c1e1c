import { contentIdParams, deleteContentQuery } from '../../../shared/contracts/content.js';
import { deleteContent } from '../../../shared/domain/website-content.js';
import { httpHandler } from '../../lib/http.js';

/** DELETE /api/website/content/{id}?version= (admin): removes a record (the editor confirms first). */
export const handler = httpHandler(
  { params: contentIdParams, query: deleteContentQuery },
  async ({ params, query }) => {
    await deleteContent(params.id, query.version);
    return { status: 204 };
  },
);
