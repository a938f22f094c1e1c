import { messagePathParams } from '../../../shared/contracts/messages.js';
import { deleteScheduledMessage } from '../../../shared/domain/messages.js';
import { httpHandler } from '../../lib/http.js';

/** DELETE /api/messages/{id} (admin): a scheduled message before its time, and its schedule. */
export const handler = httpHandler({ params: messagePathParams }, async ({ params }) => {
  await deleteScheduledMessage(params.id);
  return { status: 204 };
});
