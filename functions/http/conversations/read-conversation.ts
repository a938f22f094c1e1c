import { markConversationReadRequest, threadPathParams } from '../../../shared/contracts/conversations.js';
import { getConversation, markConversationRead } from '../../../shared/domain/conversations.js';
import { httpHandler } from '../../lib/http.js';

/** POST /api/conversations/{threadId}/read (admin): the client's posts in it are read (the receipt). */
export const handler = httpHandler(
  { params: threadPathParams, body: markConversationReadRequest },
  async ({ params }) => {
    const changed = await markConversationRead(await getConversation(params.threadId), 'trainer');
    return { body: { changed } };
  },
);
