import { markConversationReadRequest, threadPathParams } from '../../../shared/contracts/conversations.js';
import { getOwnConversation, markConversationRead } from '../../../shared/domain/conversations.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** POST /api/me/conversations/{threadId}/read (client): the trainer's posts in it are read (the receipt). */
export const handler = clientHttpHandler(
  { params: threadPathParams, body: markConversationReadRequest },
  async ({ actor, params }) => {
    if (!actor) throw new Error('unreachable: client route without actor');
    const changed = await markConversationRead(await getOwnConversation(actor.profile.id, params.threadId), 'client');
    return { body: { changed } };
  },
);
