import { createContentRequest, sectionKeyParams } from '../../../shared/contracts/content.js';
import { createSectionContent } from '../../../shared/domain/website-content.js';
import { httpHandler } from '../../lib/http.js';

/**
 * POST /api/website/sections/{section}/content (admin): a new record, as a draft or published; the
 * fields are checked against the section's field set (SPEC 3, 5).
 */
export const handler = httpHandler(
  { params: sectionKeyParams, body: createContentRequest },
  async ({ params, body, actor }) => ({
    status: 201,
    body: { content: await createSectionContent(params.section, body, actor?.profile.id ?? 'unknown') },
  }),
);
