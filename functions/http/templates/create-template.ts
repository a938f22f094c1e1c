import { templateRequest } from '../../../shared/contracts/messages.js';
import { createTemplate } from '../../../shared/domain/templates.js';
import { httpHandler } from '../../lib/http.js';

/** POST /api/templates (admin). */
export const handler = httpHandler({ body: templateRequest }, async ({ actor, body }) => {
  if (!actor) throw new Error('unreachable: admin route without actor');
  return { status: 201, body: await createTemplate(actor.profile.id, body) };
});
