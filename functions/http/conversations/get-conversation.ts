import { threadPathParams } from '../../../shared/contracts/conversations.js';
import { conversationThread, getConversation } from '../../../shared/domain/conversations.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/conversations/{threadId} (admin): one thread with its read receipts. */
export const handler = httpHandler({ params: threadPathParams }, async ({ params }) => ({
  body: await conversationThread(await getConversation(params.threadId), 'trainer'),
}));
