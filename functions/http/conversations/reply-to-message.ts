import { replyToMessageRequest } from '../../../shared/contracts/conversations.js';
import { messagePathParams } from '../../../shared/contracts/messages.js';
import { conversationThread, replyToMessage } from '../../../shared/domain/conversations.js';
import { siteOrigin } from '../../lib/http.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * POST /api/me/messages/{id}/replies (client): a reply to one of the caller's delivered messages, in
 * that message's thread; answers the thread.
 */
export const handler = clientHttpHandler(
  { params: messagePathParams, body: replyToMessageRequest },
  async ({ actor, params, body, event }) => {
    if (!actor) throw new Error('unreachable: client route without actor');
    const { conversation } = await replyToMessage(actor.profile, params.id, body, { siteUrl: siteOrigin(event) });
    return { status: 201, body: await conversationThread(conversation, 'client') };
  },
);
