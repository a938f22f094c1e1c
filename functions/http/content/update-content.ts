import { contentIdParams, updateContentRequest } from '../../../shared/contracts/content.js';
import { updateContent } from '../../../shared/domain/website-content.js';
import { httpHandler } from '../../lib/http.js';

/**
 * PUT /api/website/content/{id} (admin): saves the record over the version the editor loaded; a save
 * from an older version is refused (409) rather than overwriting another trainer's change.
 */
export const handler = httpHandler(
  { params: contentIdParams, body: updateContentRequest },
  async ({ params, body, actor }) => ({
    body: { content: await updateContent(params.id, body, actor?.profile.id ?? 'unknown') },
  }),
);
