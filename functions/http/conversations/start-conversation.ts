import { startConversationRequest } from '../../../shared/contracts/conversations.js';
import { conversationThread, startConversation } from '../../../shared/domain/conversations.js';
import { siteOrigin } from '../../lib/http.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** POST /api/me/conversations (client): a new conversation with the trainer, and its first post. */
export const handler = clientHttpHandler({ body: startConversationRequest }, async ({ actor, body, event }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  const { conversation } = await startConversation(actor.profile, body, { siteUrl: siteOrigin(event) });
  return { status: 201, body: await conversationThread(conversation, 'client') };
});
