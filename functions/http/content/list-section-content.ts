import { sectionKeyParams } from '../../../shared/contracts/content.js';
import { listSectionContent } from '../../../shared/domain/website-content.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/website/sections/{section}/content (admin): every record of a section, drafts included. */
export const handler = httpHandler({ params: sectionKeyParams }, async ({ params }) => ({
  body: { items: await listSectionContent(params.section) },
}));
