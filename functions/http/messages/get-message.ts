import { messagePathParams } from '../../../shared/contracts/messages.js';
import { getMessage, toAdminMessage } from '../../../shared/domain/messages.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/messages/{id} (admin): one message with its read status. */
export const handler = httpHandler({ params: messagePathParams }, async ({ params }) => {
  return { body: toAdminMessage(await getMessage(params.id)) };
});
