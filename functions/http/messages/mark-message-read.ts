import { markMessageReadRequest, messagePathParams } from '../../../shared/contracts/messages.js';
import { markMessageRead, toInboxMessage } from '../../../shared/domain/messages.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * POST /api/me/messages/{id}/read (client): the read receipt of one of the caller's own messages,
 * written once; answers the message and the unread count.
 */
export const handler = clientHttpHandler(
  { params: messagePathParams, body: markMessageReadRequest },
  async ({ actor, params }) => {
    if (!actor) throw new Error('unreachable: client route without actor');
    const { message, unreadCount } = await markMessageRead(actor.profile.id, params.id);
    return { body: { message: toInboxMessage(message), unreadCount } };
  },
);
