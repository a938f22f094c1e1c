import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConversationSummary,
  ConversationThread,
  StartConversationRequest,
} from '#shared/contracts/conversations';
import { apiRequest } from '../../../lib/api';
import { useInvalidateOnRealtime } from '../../../lib/query';
import { isConversationChangedNotice } from './conversations';

/**
 * The client's own conversations with the trainer (docs/decisions/0047-conversations.md): the list, a
 * thread (marked read once shown), a post in it and a new conversation.
 */

export const myConversationKeys = {
  all: ['my-conversations'] as const,
  list: ['my-conversations', 'list'] as const,
  thread: (threadId: string) => ['my-conversations', 'thread', threadId] as const,
};

const PAGE_SIZE = 20;

/**
 * The list and an open thread follow the server live: the trainer's answer or read receipt
 * (`conversation.changed`, sent to this client's socket only) refetches them; an open thread with the
 * trainer's new post is then marked read (the trainer's receipt).
 */
export function useMyConversationsLive() {
  useInvalidateOnRealtime(isConversationChangedNotice, [myConversationKeys.all]);
}
const path = (threadId: string) => `/me/conversations/${encodeURIComponent(threadId)}`;

function listMyConversations(cursor: string | null, signal?: AbortSignal) {
  const q = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) q.set('cursor', cursor);
  return apiRequest<{ items: ConversationSummary[]; cursor?: string | null }>(`/me/conversations?${q}`, { signal });
}

/** Pages of the client's conversations, the latest post first. */
export function useMyConversations() {
  return useInfiniteQuery({
    queryKey: myConversationKeys.list,
    queryFn: ({ pageParam, signal }) => listMyConversations(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

/** One conversation; shown with unread posts of the trainer, it is marked read (the trainer's read receipt). */
export function useMyConversationThread(threadId: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: myConversationKeys.thread(threadId),
    queryFn: async ({ signal }) => {
      const thread = await apiRequest<ConversationThread>(path(threadId), { signal });
      if (thread.unread === 0) return thread;
      await apiRequest(`${path(threadId)}/read`, { method: 'POST' });
      void qc.invalidateQueries({ queryKey: myConversationKeys.list });
      return apiRequest<ConversationThread>(path(threadId), { signal });
    },
  });
}

/** The client's post in one of their conversations; the answered thread replaces the cached one. */
export function usePostToMyConversation(threadId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest<ConversationThread>(`${path(threadId)}/posts`, { method: 'POST', body: { content } }),
    onSuccess: (thread) => {
      qc.setQueryData(myConversationKeys.thread(threadId), thread);
      void qc.invalidateQueries({ queryKey: myConversationKeys.list });
    },
  });
}

/** A new conversation with the trainer: its subject and first post. */
export function useStartConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StartConversationRequest) =>
      apiRequest<ConversationThread>('/me/conversations', { method: 'POST', body }),
    onSuccess: (thread) => {
      qc.setQueryData(myConversationKeys.thread(thread.threadId), thread);
      void qc.invalidateQueries({ queryKey: myConversationKeys.list });
    },
  });
}
