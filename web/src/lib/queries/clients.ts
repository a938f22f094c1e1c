import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ClientFilter, ClientProfile } from '#shared/contracts/client-options';
import { apiRequest } from '../api';
import { useDebouncedValue } from '../use-debounced-value';

/**
 * The client book's reads that other screens use too (the client pickers of compose and sessions, a
 * client's detail): the calls, their query keys and the list query. The client book's own writes stay
 * in features/clients/api.
 */

export interface ClientPage {
  items: ClientProfile[];
  /** Pass back for the next page; null on the last page. */
  cursor: string | null;
}

/** A session as the client detail page lists it (the last 10; sessions arrive with a later feature). */
export interface ClientSessionSummary {
  id: string;
  dogId: string;
  dogName?: string;
  scheduledAt: string;
  durationMinutes: number;
  sessionType: 'evaluation' | 'training' | 'follow_up';
  status: 'scheduled' | 'confirmed' | 'completed' | 'cancelled';
}

export interface ClientDetail {
  client: ClientProfile;
  sessions: ClientSessionSummary[];
}

export const PAGE_SIZE = 25;

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => ['clients', 'list'] as const,
  list: (filter: ClientFilter, search: string) => ['clients', 'list', filter, search] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
};

/** GET /api/clients: one page for a filter and search. */
export function listClients(
  params: { filter: ClientFilter; search?: string; cursor?: string | null; limit?: number },
  signal?: AbortSignal,
) {
  const q = new URLSearchParams({ filter: params.filter, limit: String(params.limit ?? PAGE_SIZE) });
  if (params.search?.trim()) q.set('search', params.search.trim());
  if (params.cursor) q.set('cursor', params.cursor);
  return apiRequest<ClientPage>(`/clients?${q}`, { signal });
}

export const getClient = (id: string, signal?: AbortSignal) =>
  apiRequest<ClientDetail>(`/clients/${encodeURIComponent(id)}`, { signal });

/** Pages of clients, fetched one cursor at a time. */
export function useClientList(filter: ClientFilter, search: string) {
  return useInfiniteQuery({
    queryKey: clientKeys.list(filter, search),
    queryFn: ({ pageParam, signal }) => listClients({ filter, search, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

/**
 * A client picker's data (the session form's Client, compose's Recipients, the conversations' filter by
 * client): clients found by the server's search for what the trainer types (debounced), a page at a
 * time, so any client of a book of any size can be picked. Active clients unless `filter` says
 * otherwise (a filter of past records takes deactivated ones too). `pickerProps` go to a Cloudscape
 * Select or Multiselect with manual filtering.
 */
export function useClientPicker(texts: { empty: string; errorText: string }, filter: 'active' | 'all' = 'active') {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 300);
  const list = useClientList(filter, search);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError, refetch } = list;
  const settling = search !== typed.trim();
  const statusType: 'loading' | 'error' | 'pending' | 'finished' =
    settling || list.isPending ? 'loading' : isError ? 'error' : hasNextPage ? 'pending' : 'finished';
  const items = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((c) => filter === 'all' || c.isActive);
  return {
    items: settling ? [] : items,
    pickerProps: {
      filteringType: 'manual' as const,
      statusType,
      loadingText: 'Loading clients',
      errorText: texts.errorText,
      recoveryText: 'Retry',
      finishedText: search ? `Results for "${search}"` : undefined,
      empty: search ? `No ${filter === 'all' ? '' : 'active '}clients match "${search}"` : texts.empty,
      onLoadItems: ({ detail }: { detail: { filteringText: string; firstPage: boolean; samePage: boolean } }) => {
        if (detail.samePage) void refetch();
        else if (detail.firstPage) setTyped(detail.filteringText);
        else if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
      },
    },
  };
}
