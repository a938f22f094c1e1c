import { type InfiniteData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientProfile } from '#shared/contracts/client-options';
import { apiRequest } from '../../../lib/api';
import { type ClientDetail, type ClientPage, clientKeys, getClient } from '../../../lib/queries/clients';

/** The client book's own HTTP calls and their queries (one place per feature; the reads other screens share are in lib/queries/clients.ts). */

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

export const createClient = (body: NewClient) => apiRequest<CreatedClient>('/clients', { method: 'POST', body });

export const updateClient = (id: string, body: ClientChanges) =>
  apiRequest<{ client: ClientProfile }>(`/clients/${encodeURIComponent(id)}`, { method: 'PATCH', body });

export const reactivateClient = (id: string) =>
  apiRequest<{ client: ClientProfile }>(`/clients/${encodeURIComponent(id)}/reactivate`, { method: 'POST' });
export const deactivateClient = (id: string) =>
  apiRequest<{ client: ClientProfile }>(`/clients/${encodeURIComponent(id)}/deactivate`, { method: 'POST' });

/** A new signup invitation for a client who has not signed up yet; its link (also e-mailed). */
export const inviteClient = (id: string) =>
  apiRequest<{ invitationLink: string }>(`/clients/${encodeURIComponent(id)}/invitation`, { method: 'POST' });

export function useInviteClient(id: string) {
  return useMutation({ mutationFn: () => inviteClient(id) });
}

export const deleteClient = (id: string) =>
  apiRequest<void>(`/clients/${encodeURIComponent(id)}`, { method: 'DELETE' });

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

export function useReactivateClient(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => reactivateClient(id),
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
