import { websiteLiveParams } from '../../../shared/contracts/website-live.js';
import { getRenderStatus } from '../../../shared/domain/website-render.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/admin/website/{section}/live (admin): when the section's pages went live, or the last render's failure. */
export const handler = httpHandler({ params: websiteLiveParams }, async ({ params }) => ({
  body: await getRenderStatus(params.section),
}));
