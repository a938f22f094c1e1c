import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type InboxFilter,
  type InboxMessage,
  isMessageNotice,
  type MarkReadResult,
  type MessagePage,
} from '#shared/contracts/message-options';
import { apiRequest } from '../../../lib/api';
import { getMe } from '../../../lib/queries/me';
import { useRealtimeMessages } from '../../../lib/realtime-context';

/** The client inbox's HTTP calls and their queries (one place per feature). */

export type InboxPage = MessagePage<InboxMessage>;

/** SPEC 9: the client dashboard shows the 3 latest messages. */
export const RECENT_MESSAGES = 3;
/** Messages per page of the inbox ("Load more" fetches the next one). */
export const INBOX_PAGE_SIZE = 20;

export const messageKeys = {
  all: ['messages'] as const,
  /** Everything of the signed-in person's inbox (lists, details, unread count). */
  inboxAll: ['messages', 'inbox'] as const,
  /** The dashboard's latest messages (one page). */
  inbox: (limit: number) => ['messages', 'inbox', 'recent', limit] as const,
  /** The inbox screen's pages, per filter. */
  lists: () => ['messages', 'inbox', 'list'] as const,
  list: (filter: InboxFilter) => ['messages', 'inbox', 'list', filter] as const,
  detail: (id: string) => ['messages', 'inbox', 'detail', id] as const,
  unreadCount: ['messages', 'inbox', 'unread-count'] as const,
  me: ['messages', 'me'] as const,
};

/** GET /api/me/messages: the signed-in person's delivered messages, newest first. */
export function listMyMessages(
  params: { filter?: InboxFilter; cursor?: string | null; limit?: number },
  signal?: AbortSignal,
) {
  const q = new URLSearchParams({ limit: String(params.limit ?? INBOX_PAGE_SIZE) });
  if (params.filter && params.filter !== 'all') q.set('filter', params.filter);
  if (params.cursor) q.set('cursor', params.cursor);
  return apiRequest<InboxPage>(`/me/messages?${q}`, { signal });
}

/** GET /api/me/messages/{id}: one of the caller's own delivered messages. */
export const getMyMessage = (id: string, signal?: AbortSignal) =>
  apiRequest<InboxMessage>(`/me/messages/${encodeURIComponent(id)}`, { signal });

/** POST /api/me/messages/{id}/read (client): the read receipt, written once; answers the new unread count. */
export const markMessageRead = (id: string) =>
  apiRequest<MarkReadResult>(`/me/messages/${encodeURIComponent(id)}/read`, { method: 'POST' });

/** GET /api/me/messages/unread-count. */
export const getUnreadCount = (signal?: AbortSignal) =>
  apiRequest<{ count: number }>('/me/messages/unread-count', { signal }).then((r) => r.count);

/** The latest messages for the client dashboard. */
export function useRecentMessages() {
  return useQuery({
    queryKey: messageKeys.inbox(RECENT_MESSAGES),
    queryFn: ({ signal }) => listMyMessages({ limit: RECENT_MESSAGES }, signal),
  });
}

/** The inbox for one filter, a cursor page at a time. */
export function useInbox(filter: InboxFilter) {
  return useInfiniteQuery({
    queryKey: messageKeys.list(filter),
    queryFn: ({ pageParam, signal }) => listMyMessages({ filter, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

/** Whether the signed-in client's profile is complete (GET /api/me; the inbox links to onboarding until it is). */
export function useProfileCompleted() {
  return useQuery({
    queryKey: messageKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    select: (me) => me.role !== 'client' || me.profile.profileCompleted,
  });
}

/** A message the inbox lists under `filter`. */
const listedUnder = (filter: InboxFilter, m: InboxMessage) =>
  filter === 'all' || (filter === 'unread' ? !m.readAt : m.messageType === filter);

type Pages = InfiniteData<InboxPage>;

/**
 * Applies `change` to every page of every cached inbox list and to the dashboard's latest messages
 * (`filter` of the list, `page` index; the dashboard's list counts as an unfiltered first page).
 */
function mapCachedLists(
  qc: QueryClient,
  change: (items: InboxMessage[], filter: InboxFilter, page: number) => InboxMessage[],
) {
  for (const [key, data] of qc.getQueriesData<Pages>({ queryKey: messageKeys.lists() })) {
    if (!data) continue;
    const filter = key[3] as InboxFilter;
    qc.setQueryData<Pages>(key, {
      ...data,
      pages: data.pages.map((p, i) => ({ ...p, items: change(p.items, filter, i) })),
    });
  }
  qc.setQueryData<InboxPage>(messageKeys.inbox(RECENT_MESSAGES), (p) =>
    p ? { ...p, items: change(p.items, 'all', 0).slice(0, RECENT_MESSAGES) } : p,
  );
}

/**
 * Replaces one message wherever it is cached. The Unread list keeps a message just read in place (no
 * jump under the reader) and is refetched the next time it is shown.
 */
function storeMessage(qc: QueryClient, message: InboxMessage) {
  mapCachedLists(qc, (items) => items.map((m) => (m.id === message.id ? message : m)));
  qc.setQueryData<InboxMessage>(messageKeys.detail(message.id), (m) => (m ? message : m));
  if (message.readAt) void qc.invalidateQueries({ queryKey: messageKeys.list('unread'), refetchType: 'none' });
}

/** Opening a message writes its read receipt; the lists and the unread count follow the answer. */
export function useMarkMessageRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markMessageRead,
    onSuccess: ({ message, unreadCount }) => {
      storeMessage(qc, message);
      qc.setQueryData(messageKeys.unreadCount, unreadCount);
    },
  });
}

/**
 * Keeps the cached inbox live (mounted once for a signed-in client, by ClientNotifications): a
 * delivered message is listed at once (then the lists are refetched, since a request already under
 * way may answer without it); a read receipt from another tab marks it read. Both carry the unread
 * count.
 */
export function useInboxLive() {
  const qc = useQueryClient();
  useRealtimeMessages((notice) => {
    if (!isMessageNotice(notice) || notice.type === 'messages.changed') return;
    qc.setQueryData(messageKeys.unreadCount, notice.unreadCount);
    if (notice.type === 'message.delivered') {
      const { message } = notice;
      mapCachedLists(qc, (items, filter, page) =>
        page === 0 && listedUnder(filter, message) && !items.some((m) => m.id === message.id)
          ? [message, ...items]
          : items,
      );
      void qc.invalidateQueries({ queryKey: messageKeys.lists() });
      void qc.invalidateQueries({ queryKey: messageKeys.inbox(RECENT_MESSAGES) });
      return;
    }
    const { messageId, readAt } = notice;
    const cached = findCachedMessage(qc, messageId);
    if (cached && !cached.readAt) storeMessage(qc, { ...cached, readAt });
  });
}

/** A message already cached (a list page or its detail): `?messageId=` opens it without a request. */
export function findCachedMessage(qc: QueryClient, id: string): InboxMessage | undefined {
  const detail = qc.getQueryData<InboxMessage>(messageKeys.detail(id));
  if (detail) return detail;
  for (const [, data] of qc.getQueriesData<Pages>({ queryKey: messageKeys.lists() })) {
    const hit = data?.pages.flatMap((p) => p.items).find((m) => m.id === id);
    if (hit) return hit;
  }
  return qc.getQueryData<InboxPage>(messageKeys.inbox(RECENT_MESSAGES))?.items.find((m) => m.id === id);
}

/** One message by id: from the cache when loaded, otherwise GET /api/me/messages/{id}. */
export function fetchMyMessage(qc: QueryClient, id: string) {
  const cached = findCachedMessage(qc, id);
  if (cached) return Promise.resolve(cached);
  return qc.fetchQuery({ queryKey: messageKeys.detail(id), queryFn: ({ signal }) => getMyMessage(id, signal) });
}

/** The signed-in client's unread count (the nav badge, the inbox header); useInboxLive keeps it current. */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: messageKeys.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled,
  });
}
