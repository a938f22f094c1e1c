import { listTemplatesQuery } from '../../../shared/contracts/messages.js';
import { listTemplates } from '../../../shared/domain/templates.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/templates (admin): all templates by name, or only active ones (`active=true`). */
export const handler = httpHandler({ query: listTemplatesQuery }, async ({ query }) => {
  return { body: { items: await listTemplates({ activeOnly: query.active === 'true' }) } };
});
