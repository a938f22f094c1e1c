import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConversationChangedNotice,
  ConversationSummary,
  ConversationThread,
} from '#shared/contracts/conversations';
import { apiRequest } from '../../../lib/api';
import { useInvalidateOnRealtime } from '../../../lib/query';

/** The trainer's conversations with clients: HTTP calls and their queries (docs/decisions/0047-conversations.md). */

export type ConversationFilter = 'all' | 'unread';

export const CONVERSATIONS_PAGE_SIZE = 20;

export const conversationKeys = {
  all: ['conversations'] as const,
  lists: ['conversations', 'list'] as const,
  list: (filter: ConversationFilter, clientId = '', search = '') =>
    ['conversations', 'list', filter, clientId, search] as const,
  threads: ['conversations', 'thread'] as const,
  thread: (threadId: string) => ['conversations', 'thread', threadId] as const,
  unreadCount: ['conversations', 'unread-count'] as const,
};

interface ConversationPage {
  items: ConversationSummary[];
  cursor?: string | null;
}

const path = (threadId: string) => `/conversations/${encodeURIComponent(threadId)}`;

/**
 * GET /api/conversations: the trainer's conversations, newest first, all or only those with unread client
 * posts, everyone's or one client's (`clientId`), those with a post holding the words of `search`.
 */
export function listConversations(
  params: { filter: ConversationFilter; clientId?: string; search?: string; cursor?: string | null; limit?: number },
  signal?: AbortSignal,
) {
  const q = new URLSearchParams({ filter: params.filter, limit: String(params.limit ?? CONVERSATIONS_PAGE_SIZE) });
  if (params.clientId) q.set('clientId', params.clientId);
  if (params.search) q.set('search', params.search);
  if (params.cursor) q.set('cursor', params.cursor);
  return apiRequest<ConversationPage>(`/conversations?${q}`, { signal });
}

export const getConversation = (threadId: string, signal?: AbortSignal) =>
  apiRequest<ConversationThread>(path(threadId), { signal });

/** GET /api/conversations/unread-count: conversations with client posts the trainer has not read. */
export const getConversationsUnreadCount = (signal?: AbortSignal) =>
  apiRequest<{ count: number }>('/conversations/unread-count', { signal }).then((r) => r.count);

export const markConversationRead = (threadId: string) =>
  apiRequest<{ changed: boolean }>(`${path(threadId)}/read`, { method: 'POST' });

export const postToConversation = (threadId: string, content: string) =>
  apiRequest<ConversationThread>(`${path(threadId)}/posts`, { method: 'POST', body: { content } });

/** The lists and the navigation's count, after a thread was read or answered. */
function refreshCounts(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: conversationKeys.lists });
  void qc.invalidateQueries({ queryKey: conversationKeys.unreadCount });
}

// Types only from the contracts module: its request schemas (zod) stay out of the navigation's chunk.
export const isConversationChangedNotice = (m: unknown): m is ConversationChangedNotice =>
  (m as { type?: unknown } | null)?.type === 'conversation.changed';

/**
 * The inbox and an open thread follow the server live: a client's post or read receipt
 * (`conversation.changed`) refetches the lists and the threads (an open thread with a new client post
 * is then marked read, the client's receipt).
 */
export function useConversationsLive() {
  useInvalidateOnRealtime(isConversationChangedNotice, [conversationKeys.lists, conversationKeys.threads]);
}

/** The navigation's count follows the server live (`conversation.changed`). */
export function useConversationsUnreadCountLive() {
  useInvalidateOnRealtime(isConversationChangedNotice, [conversationKeys.unreadCount]);
}

/**
 * Pages of conversations for one filter (and one client's, given `clientId`; those matching `search`),
 * a cursor at a time.
 */
export function useConversations(filter: ConversationFilter, clientId?: string, search?: string) {
  return useInfiniteQuery({
    queryKey: conversationKeys.list(filter, clientId, search),
    queryFn: ({ pageParam, signal }) => listConversations({ filter, clientId, search, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

/** The navigation's count of unread conversations (`enabled: false` where it is not shown). */
export function useConversationsUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: conversationKeys.unreadCount,
    queryFn: ({ signal }) => getConversationsUnreadCount(signal),
    enabled,
  });
}

/**
 * One conversation, marked read once it is shown with unread client posts (the client's read receipt);
 * the lists and the navigation's count are refetched then.
 */
export function useConversationThread(threadId: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: conversationKeys.thread(threadId),
    queryFn: async ({ signal }) => {
      const thread = await getConversation(threadId, signal);
      if (thread.unread === 0) return thread;
      await markConversationRead(threadId);
      refreshCounts(qc);
      return getConversation(threadId, signal);
    },
  });
}

/** The trainer's answer in a thread; the thread it answers replaces the cached one. */
export function usePostToConversation(threadId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => postToConversation(threadId, content),
    onSuccess: (thread) => {
      qc.setQueryData(conversationKeys.thread(threadId), thread);
      refreshCounts(qc);
    },
  });
}
