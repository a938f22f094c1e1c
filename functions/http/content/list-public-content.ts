import { publicSectionParams } from '../../../shared/contracts/content.js';
import { listPublishedContent } from '../../../shared/domain/website-content.js';
import { httpHandler } from '../../lib/http.js';
import { PUBLIC_CACHE_CONTROL } from '../../lib/viewer.js';

/** GET /api/public/content/{section}: published records of one public section (cached by CloudFront). */
export const handler = httpHandler({ params: publicSectionParams }, async ({ params }) => ({
  body: { items: await listPublishedContent(params.section) },
  headers: { 'cache-control': PUBLIC_CACHE_CONTROL },
}));
