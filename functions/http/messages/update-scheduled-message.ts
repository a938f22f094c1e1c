import { messagePathParams, updateScheduledMessageRequest } from '../../../shared/contracts/messages.js';
import { toAdminMessage, updateScheduledMessage } from '../../../shared/domain/messages.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/** PATCH /api/messages/{id} (admin): a scheduled message's content or send time; moves its schedule. */
export const handler = httpHandler(
  { params: messagePathParams, body: updateScheduledMessageRequest },
  async ({ params, body, event }) => {
    return { body: toAdminMessage(await updateScheduledMessage(params.id, body, { siteUrl: siteOrigin(event) })) };
  },
);
