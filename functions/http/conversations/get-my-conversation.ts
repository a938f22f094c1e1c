import { threadPathParams } from '../../../shared/contracts/conversations.js';
import { conversationThread, getOwnConversation } from '../../../shared/domain/conversations.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me/conversations/{threadId} (client): one of the caller's own threads (404 for anyone else's). */
export const handler = clientHttpHandler({ params: threadPathParams }, async ({ actor, params }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  return { body: await conversationThread(await getOwnConversation(actor.profile.id, params.threadId), 'client') };
});
