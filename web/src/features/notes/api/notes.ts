import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientNote, NoteType } from '#shared/contracts/client-options';
import { apiRequest } from '../../../lib/api';

/** The trainer's client notes: HTTP calls and queries (admin only). */

export interface NotePage {
  items: ClientNote[];
  /** Pass back for the next page; null on the last page. */
  cursor: string | null;
}

export interface NoteInput {
  title: string;
  content: string;
  noteType: NoteType;
  isImportant: boolean;
}

export const NOTE_PAGE_SIZE = 20;

export const noteKeys = {
  ofClient: (clientId: string) => ['notes', 'client', clientId] as const,
};

const enc = encodeURIComponent;

/** GET /api/clients/{id}/notes, newest first. */
export function listClientNotes(clientId: string, cursor?: string | null, signal?: AbortSignal) {
  const q = new URLSearchParams({ limit: String(NOTE_PAGE_SIZE) });
  if (cursor) q.set('cursor', cursor);
  return apiRequest<NotePage>(`/clients/${enc(clientId)}/notes?${q}`, { signal });
}

export const createClientNote = (clientId: string, input: NoteInput) =>
  apiRequest<{ note: ClientNote }>(`/clients/${enc(clientId)}/notes`, { method: 'POST', body: input }).then(
    (r) => r.note,
  );

export const updateClientNote = (noteId: string, input: NoteInput) =>
  apiRequest<{ note: ClientNote }>(`/notes/${enc(noteId)}`, { method: 'PATCH', body: input }).then((r) => r.note);

export const deleteClientNote = (noteId: string) => apiRequest<void>(`/notes/${enc(noteId)}`, { method: 'DELETE' });

export function useClientNotes(clientId: string) {
  return useInfiniteQuery({
    queryKey: noteKeys.ofClient(clientId),
    queryFn: ({ pageParam, signal }) => listClientNotes(clientId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

type NotePages = InfiniteData<NotePage, string | null>;

/** Create, edit and delete, each updating the cached list in place (no reload). */
export function useNoteMutations(clientId: string) {
  const client = useQueryClient();
  const key = noteKeys.ofClient(clientId);
  const change = (fn: (pages: NotePage[]) => NotePage[]) =>
    client.setQueryData<NotePages>(key, (data) => (data ? { ...data, pages: fn(data.pages) } : data));
  const create = useMutation({
    mutationFn: (input: NoteInput) => createClientNote(clientId, input),
    onSuccess: (note) =>
      change((pages) =>
        pages.length === 0
          ? [{ items: [note], cursor: null }]
          : pages.map((p, i) => (i === 0 ? { ...p, items: [note, ...p.items] } : p)),
      ),
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: NoteInput }) => updateClientNote(id, input),
    onSuccess: (note) =>
      change((pages) => pages.map((p) => ({ ...p, items: p.items.map((n) => (n.id === note.id ? note : n)) }))),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteClientNote(id),
    onSuccess: (_r, id) => change((pages) => pages.map((p) => ({ ...p, items: p.items.filter((n) => n.id !== id) }))),
  });
  return { create, update, remove };
}
