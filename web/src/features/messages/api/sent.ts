import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type AdminMessage,
  type AdminMessageFilter,
  type ComposeResult,
  isMessageNotice,
  type MessagePage,
  type MessagePriority,
  type MessageType,
} from '#shared/contracts/message-options';
import { apiRequest } from '../../../lib/api';
import { clientKeys, getClient, useClientPicker } from '../../../lib/queries/clients';
import { useInvalidateOnRealtime } from '../../../lib/query';

/** The trainer's messages: HTTP calls and their queries (one place per feature). */

export const SENT_PAGE_SIZE = 25;

export const sentKeys = {
  all: ['admin-messages'] as const,
  lists: () => ['admin-messages', 'sent'] as const,
  list: (filter: AdminMessageFilter, search: string) => ['admin-messages', 'sent', filter, search] as const,
  scheduled: () => ['admin-messages', 'scheduled'] as const,
  detail: (id: string) => ['admin-messages', 'detail', id] as const,
};

/** POST /api/messages body (shared/contracts/messages.ts composeMessageRequest). */
export interface ComposeMessageBody {
  recipientIds: string[];
  subject: string;
  content: string;
  messageType: MessageType;
  priority: MessagePriority;
  /** UTC ISO instant; absent or null sends now. */
  scheduledFor?: string | null;
}

/** PATCH /api/messages/{id} body: a scheduled message's fields, before it is sent. */
export type ScheduledMessageChanges = Partial<Omit<ComposeMessageBody, 'recipientIds' | 'scheduledFor'>> & {
  scheduledFor?: string;
};

type Page = MessagePage<AdminMessage>;
const path = (id: string) => `/messages/${encodeURIComponent(id)}`;

/** GET /api/messages: one page of sent messages for a filter and search (subject, recipient, content). */
export function listSentMessages(
  params: { filter: AdminMessageFilter; search?: string; cursor?: string | null; limit?: number },
  signal?: AbortSignal,
) {
  const q = new URLSearchParams({ filter: params.filter, limit: String(params.limit ?? SENT_PAGE_SIZE) });
  if (params.search?.trim()) q.set('search', params.search.trim());
  if (params.cursor) q.set('cursor', params.cursor);
  return apiRequest<Page>(`/messages?${q}`, { signal });
}

/** GET /api/messages/scheduled: messages waiting for their send time, soonest first. */
export function listScheduledMessages(params: { cursor?: string | null; limit?: number } = {}, signal?: AbortSignal) {
  const q = new URLSearchParams({ limit: String(params.limit ?? SENT_PAGE_SIZE) });
  if (params.cursor) q.set('cursor', params.cursor);
  return apiRequest<Page>(`/messages/scheduled?${q}`, { signal });
}

export const getMessage = (id: string, signal?: AbortSignal) => apiRequest<AdminMessage>(path(id), { signal });

export const composeMessages = (body: ComposeMessageBody) =>
  apiRequest<ComposeResult>('/messages', { method: 'POST', body });

export const updateScheduledMessage = (id: string, changes: ScheduledMessageChanges) =>
  apiRequest<AdminMessage>(path(id), { method: 'PATCH', body: changes });

export const deleteScheduledMessage = (id: string) => apiRequest<void>(path(id), { method: 'DELETE' });

/** Refetches every list and detail when a message is read or the lists change (read receipts arrive live). */
export function useMessagesLive() {
  useInvalidateOnRealtime(
    (m) => isMessageNotice(m) && (m.type === 'message.read' || m.type === 'messages.changed'),
    [sentKeys.all],
  );
}

/** Pages of sent messages, fetched one cursor at a time. */
export function useSentMessages(filter: AdminMessageFilter, search: string) {
  return useInfiniteQuery({
    queryKey: sentKeys.list(filter, search),
    queryFn: ({ pageParam, signal }) => listSentMessages({ filter, search, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

export function useScheduledMessages() {
  return useInfiniteQuery({
    queryKey: sentKeys.scheduled(),
    queryFn: ({ pageParam, signal }) => listScheduledMessages({ cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

/** One message, starting from the row the list already holds (refreshed with the lists). */
export function useMessage(message: AdminMessage) {
  return useQuery({
    queryKey: sentKeys.detail(message.id),
    queryFn: ({ signal }) => getMessage(message.id, signal),
    initialData: message,
  });
}

export function useComposeMessages() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: composeMessages,
    onSuccess: () => qc.invalidateQueries({ queryKey: sentKeys.all }),
  });
}

/** Replaces or removes a scheduled message in the cached scheduled list, then refetches it. */
function useScheduledEdit() {
  const qc = useQueryClient();
  return (edit: (items: AdminMessage[]) => AdminMessage[]) => {
    qc.setQueryData<InfiniteData<Page>>(sentKeys.scheduled(), (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: edit(p.items) })) } : data,
    );
    void qc.invalidateQueries({ queryKey: sentKeys.all });
  };
}

export function useUpdateScheduledMessage() {
  const editList = useScheduledEdit();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ScheduledMessageChanges }) =>
      updateScheduledMessage(id, changes),
    onSuccess: (updated) => editList((items) => items.map((m) => (m.id === updated.id ? updated : m))),
  });
}

export function useDeleteScheduledMessage() {
  const editList = useScheduledEdit();
  return useMutation({
    mutationFn: deleteScheduledMessage,
    onSuccess: (_, id) => editList((items) => items.filter((m) => m.id !== id)),
  });
}

/** Compose's recipients: active clients found by the server's search, a page at a time. */
export const useRecipientOptions = () =>
  useClientPicker({ empty: 'No active clients', errorText: 'Failed to load client list' });

/** The client named by compose's `?recipient=` (it may not be on the first page of the picker). */
/** The clients `?recipient=` names (each a client's detail, cached as the client screens cache it). */
export function usePreselectedRecipients(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: clientKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getClient(id, signal),
    })),
  });
}
