import { useQuery } from '@tanstack/react-query';
import type { InboxMessage } from '../../../../../shared/contracts/messages';
import { apiRequest } from '../../../lib/api';

/** The client inbox's HTTP calls and their queries (one place per feature). */

export interface InboxPage {
  items: InboxMessage[];
  cursor: string | null;
}

/** SPEC 9: the client dashboard shows the 3 latest messages. */
export const RECENT_MESSAGES = 3;

export const messageKeys = {
  all: ['messages'] as const,
  inbox: (limit: number) => ['messages', 'inbox', limit] as const,
};

/** GET /api/me/messages: the signed-in person's delivered messages, newest first. */
export const listMyMessages = (limit: number, cursor?: string | null, signal?: AbortSignal) => {
  const q = new URLSearchParams({ limit: String(limit) });
  if (cursor) q.set('cursor', cursor);
  return apiRequest<InboxPage>(`/me/messages?${q}`, { signal });
};

/** The latest messages for the client dashboard. */
export function useRecentMessages() {
  return useQuery({
    queryKey: messageKeys.inbox(RECENT_MESSAGES),
    queryFn: ({ signal }) => listMyMessages(RECENT_MESSAGES, null, signal),
  });
}
