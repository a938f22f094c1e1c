import { useMutation } from '@tanstack/react-query';
import type { ConversationThread } from '#shared/contracts/conversations';
import { apiRequest } from '../../../lib/api';

/** POST /api/me/messages/{id}/replies (client): a reply in the message's thread; answers the thread. */
export const replyToMessage = (id: string, content: string) =>
  apiRequest<ConversationThread>(`/me/messages/${encodeURIComponent(id)}/replies`, {
    method: 'POST',
    body: { content },
  });

/** Sends a reply to one message. */
export function useReplyToMessage(id: string) {
  return useMutation({ mutationFn: (content: string) => replyToMessage(id, content) });
}
