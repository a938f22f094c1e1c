import { postRequest, threadPathParams } from '../../../shared/contracts/conversations.js';
import { conversationThread, postAsClient } from '../../../shared/domain/conversations.js';
import { siteOrigin } from '../../lib/http.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** POST /api/me/conversations/{threadId}/posts (client): a post in one of the caller's own threads. */
export const handler = clientHttpHandler(
  { params: threadPathParams, body: postRequest },
  async ({ actor, params, body, event }) => {
    if (!actor) throw new Error('unreachable: client route without actor');
    const { conversation } = await postAsClient(actor.profile, params.threadId, body.content, {
      siteUrl: siteOrigin(event),
    });
    return { status: 201, body: await conversationThread(conversation, 'client') };
  },
);
