import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ClientFilter, ClientProfile } from '../../../../../shared/contracts/client-options';
import { apiRequest } from '../../../lib/api';

/** The client book's HTTP calls and their queries (one place per feature). */

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

/** Fields of the create form (optional ones may be empty: the server stores them as nothing). */
export interface NewClient {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  address?: string | null;
  emergencyContact?: string | null;
  emergencyPhone?: string | null;
  howHeardAboutUs?: string | null;
  notes?: string | null;
  sendInvitation: boolean;
}

export interface CreatedClient {
  client: ClientProfile;
  invitationLink?: string;
  temporaryPassword: string;
}

export type ClientChanges = Omit<NewClient, 'email' | 'sendInvitation'>;

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

export const createClient = (body: NewClient) => apiRequest<CreatedClient>('/clients', { method: 'POST', body });

export const updateClient = (id: string, body: ClientChanges) =>
  apiRequest<{ client: ClientProfile }>(`/clients/${encodeURIComponent(id)}`, { method: 'PATCH', body });

export const deactivateClient = (id: string) =>
  apiRequest<{ client: ClientProfile }>(`/clients/${encodeURIComponent(id)}/deactivate`, { method: 'POST' });

export const deleteClient = (id: string) =>
  apiRequest<void>(`/clients/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Pages of clients, fetched one cursor at a time. */
export function useClientList(filter: ClientFilter, search: string) {
  return useInfiniteQuery({
    queryKey: clientKeys.list(filter, search),
    queryFn: ({ pageParam, signal }) => listClients({ filter, search, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

export function useClient(id: string) {
  return useQuery({ queryKey: clientKeys.detail(id), queryFn: ({ signal }) => getClient(id, signal) });
}

/** Puts a changed client into the cached detail and every cached list page that shows it. */
function storeClient(qc: QueryClient, client: ClientProfile) {
  qc.setQueryData<ClientDetail>(clientKeys.detail(client.id), (d) => (d ? { ...d, client } : d));
  qc.setQueriesData<InfiniteData<ClientPage>>({ queryKey: clientKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({ ...p, items: p.items.map((c) => (c.id === client.id ? client : c)) })),
        }
      : data,
  );
  void qc.invalidateQueries({ queryKey: clientKeys.lists() });
}

export function useCreateClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: (created) => {
      qc.setQueryData<ClientDetail>(clientKeys.detail(created.client.id), { client: created.client, sessions: [] });
      void qc.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}

export function useUpdateClient(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (changes: ClientChanges) => updateClient(id, changes),
    onSuccess: ({ client }) => storeClient(qc, client),
  });
}

export function useDeactivateClient(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deactivateClient(id),
    onSuccess: ({ client }) => storeClient(qc, client),
  });
}

export function useDeleteClient(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deleteClient(id),
    onSuccess: () => {
      qc.removeQueries({ queryKey: clientKeys.detail(id) });
      qc.setQueriesData<InfiniteData<ClientPage>>({ queryKey: clientKeys.lists() }, (data) =>
        data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((c) => c.id !== id) })) } : data,
      );
      void qc.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}
