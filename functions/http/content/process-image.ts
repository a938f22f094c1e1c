import { processContentImageRequest } from '../../../shared/contracts/content.js';
import { processContentImage } from '../../../shared/domain/content-images.js';
import { httpHandler } from '../../lib/http.js';

/**
 * POST /api/website/images (admin): checks an uploaded image (size, magic bytes), then stores its public
 * files under media/website/{section}/: a sanitized SVG, or WebP variants of a raster image.
 */
export const handler = httpHandler({ body: processContentImageRequest }, async ({ body }) => ({
  status: 201,
  body: await processContentImage(body.key),
}));
