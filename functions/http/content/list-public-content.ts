import { publicSectionParams } from '../../../shared/contracts/content.js';
import { listPublishedContent } from '../../../shared/domain/website-content.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/public/content/{section}: published records of one public section. */
export const handler = httpHandler({ params: publicSectionParams }, async ({ params }) => ({
  body: { items: await listPublishedContent(params.section) },
}));
