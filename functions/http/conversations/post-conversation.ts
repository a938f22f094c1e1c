import { postRequest, threadPathParams } from '../../../shared/contracts/conversations.js';
import { conversationThread, postAsTrainer } from '../../../shared/domain/conversations.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/** POST /api/conversations/{threadId}/posts (admin): the trainer answers in the thread. */
export const handler = httpHandler(
  { params: threadPathParams, body: postRequest },
  async ({ actor, params, body, event }) => {
    if (!actor) throw new Error('unreachable: admin route without actor');
    const { conversation } = await postAsTrainer(actor.profile, params.threadId, body.content, {
      siteUrl: siteOrigin(event),
    });
    return { status: 201, body: await conversationThread(conversation, 'trainer') };
  },
);
