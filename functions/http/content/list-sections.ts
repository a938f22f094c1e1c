import { listSections } from '../../../shared/domain/website-content.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/website/sections (admin): the content store's sections in their order, for the editor's sidebar. */
export const handler = httpHandler({}, async () => ({ body: { items: await listSections() } }));
