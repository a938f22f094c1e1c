import { composeMessageRequest } from '../../../shared/contracts/messages.js';
import { composeMessages } from '../../../shared/domain/messages.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/** POST /api/messages (admin): one message per recipient, sent now or scheduled (SPEC 7). */
export const handler = httpHandler({ body: composeMessageRequest }, async ({ actor, body, event }) => {
  if (!actor) throw new Error('unreachable: admin route without actor');
  const { status, messages } = await composeMessages(actor.profile, body, { siteUrl: siteOrigin(event) });
  return { status: 201, body: { status, count: messages.length, messageIds: messages.map((m) => m.id) } };
});
