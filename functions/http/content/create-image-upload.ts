import { contentImageUploadRequest } from '../../../shared/contracts/content.js';
import { createContentImageUpload } from '../../../shared/domain/content-images.js';
import { httpHandler } from '../../lib/http.js';

/**
 * POST /api/website/uploads (admin): a presigned POST for one image of a section's field, to a private
 * upload prefix; nothing is public before POST /api/website/images has checked it.
 */
export const handler = httpHandler({ body: contentImageUploadRequest }, async ({ body }) => ({
  status: 201,
  body: await createContentImageUpload(body),
}));
