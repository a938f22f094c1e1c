import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  ContactStatusOutcome,
  ContactSubmissionDetailResponse,
  ContactSubmissionListResponse,
  ConvertContactSubmissionResponse,
  DeleteContactSubmissionsResponse,
  UpdateContactStatusResponse,
} from '#shared/contracts/contact';
import type {
  ContactStatus,
  ContactSubmission,
  ContactSubmissionsChangedNotice,
  ContactSubmittedNotice,
} from '#shared/contracts/contact-options';
import { apiRequest } from '../../../lib/api';
import { useInvalidateOnRealtime } from '../../../lib/query';

export type ContactSubmissionList = ContactSubmissionListResponse;
export type ClientAction = 'deactivate' | 'delete';

/** Rows per page of the list. */
export const PAGE_SIZE = 25;
/** Largest permanent deletion the API takes at once. */
export const DELETE_BATCH = 99;

/** GET /api/contact-submissions?status=new,contacted (admin): one page and the counts per status. */
export function listContactSubmissions(
  statuses: readonly ContactStatus[],
  signal?: AbortSignal,
  page: { cursor?: string | null; limit?: number } = {},
) {
  let query = `status=${encodeURIComponent(statuses.join(',')).replace(/%2C/g, ',')}`;
  if (page.limit) query += `&limit=${page.limit}`;
  if (page.cursor) query += `&cursor=${encodeURIComponent(page.cursor)}`;
  return apiRequest<ContactSubmissionList>(`/contact-submissions?${query}`, { signal });
}

export function getContactSubmission(id: string, signal?: AbortSignal) {
  return apiRequest<ContactSubmissionDetailResponse>(`/contact-submissions/${encodeURIComponent(id)}`, { signal });
}

export function updateContactStatus(id: string, body: { status: ContactStatus; clientAction?: ClientAction }) {
  return apiRequest<UpdateContactStatusResponse>(`/contact-submissions/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    body,
  });
}

export function convertContactSubmission(id: string) {
  return apiRequest<ConvertContactSubmissionResponse>(`/contact-submissions/${encodeURIComponent(id)}/convert`, {
    method: 'POST',
  });
}

export function deleteContactSubmissions(ids: readonly string[]) {
  return apiRequest<DeleteContactSubmissionsResponse>('/contact-submissions/delete', {
    method: 'POST',
    body: { ids },
  });
}

/** A realtime frame announcing a new submission. */
export function isContactSubmittedNotice(data: unknown): data is ContactSubmittedNotice {
  const d = data as Partial<ContactSubmittedNotice> | null;
  return d?.type === 'contact_submission.created' && typeof d.submission?.id === 'string';
}

/** A realtime frame saying submissions changed (status, removal, deletion, conversion). */
export function isContactSubmissionsChangedNotice(data: unknown): data is ContactSubmissionsChangedNotice {
  const d = data as Partial<ContactSubmissionsChangedNotice> | null;
  return d?.type === 'contact_submissions.changed' && Array.isArray(d.ids);
}

/** SPEC 8: what the screen says after a status change. */
export const STATUS_OUTCOME_TEXT: Record<ContactStatusOutcome, string> = {
  updated: 'Status updated successfully',
  removed: 'Submission has been removed',
  deactivated: 'Client has been deactivated and removed from Client Management.',
  deleted: 'Client and all associated data have been permanently deleted.',
  unlinked: 'Contact status updated. Signup invitation remains valid until expiration.',
};
export const deletedText = (n: number) => `${n} submission(s) permanently deleted.`;

export const contactKeys = {
  all: ['contact-submissions'] as const,
  list: (statuses: readonly ContactStatus[]) => ['contact-submissions', 'list', statuses.join(',')] as const,
  detail: (id: string) => ['contact-submissions', 'detail', id] as const,
};

type ListData = InfiniteData<ContactSubmissionList, string | null>;

/** The list of the selected statuses, page by page (server cursor). */
export function useContactSubmissionList(statuses: readonly ContactStatus[]) {
  const query = useInfiniteQuery({
    queryKey: contactKeys.list(statuses),
    queryFn: ({ pageParam, signal }) =>
      listContactSubmissions(statuses, signal, { cursor: pageParam, limit: PAGE_SIZE }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    items: pages.flatMap((p) => p.items),
    // The freshest answer carries the freshest counts.
    counts: pages.at(-1)?.counts,
  };
}

/** One submission with its linked client profile (detail view, leaving converted). */
export function useContactSubmission(id: string | undefined) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getContactSubmission(id as string, signal),
    enabled: !!id,
  });
}

/**
 * Refetches lists and details when submissions change in another tab or by another admin. New
 * submissions arrive whole in their notice and are added to the cache (useContactCache).
 */
export function useContactSubmissionsLive() {
  useInvalidateOnRealtime(isContactSubmissionsChangedNotice, [contactKeys.all]);
}

/**
 * Cache edits after a mutation, so the list and counts change at once (the realtime event then
 * refetches the server's truth): a changed submission moves in or out of the shown lists, a new
 * one is listed first, deleted ones disappear.
 */

/** The list data with each page's status counts changed by `counts`. */
const withCounts = (data: ListData, counts: (c: Record<ContactStatus, number>) => Record<ContactStatus, number>) => ({
  ...data,
  pages: data.pages.map((p) => ({ ...p, counts: counts(p.counts) })),
});

export function useContactCache() {
  const client = useQueryClient();
  const editLists = useCallback(
    (edit: (data: ListData, statuses: ContactStatus[]) => ListData) => {
      for (const [key, data] of client.getQueriesData<ListData>({ queryKey: [...contactKeys.all, 'list'] })) {
        if (!data) continue;
        const statuses = String(key[2]).split(',') as ContactStatus[];
        client.setQueryData<ListData>(key, edit(data, statuses));
      }
    },
    [client],
  );

  const applyChange = useCallback(
    (before: ContactSubmission, after: ContactSubmission) => {
      editLists((data, statuses) => {
        let pages = data.pages.map((p) => ({
          ...p,
          items: p.items.flatMap((s) => (s.id !== after.id ? [s] : statuses.includes(after.status) ? [after] : [])),
        }));
        const listed = pages.some((p) => p.items.some((s) => s.id === after.id));
        if (!listed && statuses.includes(after.status) && pages.length) {
          const [first, ...rest] = pages;
          const items = [...first.items, after].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
          pages = [{ ...first, items }, ...rest];
        }
        return withCounts({ ...data, pages }, (c) =>
          before.status === after.status
            ? c
            : { ...c, [before.status]: Math.max(0, c[before.status] - 1), [after.status]: c[after.status] + 1 },
        );
      });
      client.setQueryData<ContactSubmissionDetailResponse>(contactKeys.detail(after.id), (d) =>
        d ? { ...d, submission: after } : d,
      );
    },
    [client, editLists],
  );

  const applyCreated = useCallback(
    (submission: ContactSubmission) => {
      editLists((data, statuses) => {
        if (data.pages.some((p) => p.items.some((s) => s.id === submission.id))) return data;
        const pages = statuses.includes(submission.status)
          ? data.pages.map((p, i) => (i === 0 ? { ...p, items: [submission, ...p.items] } : p))
          : data.pages;
        return withCounts({ ...data, pages }, (c) => ({ ...c, [submission.status]: c[submission.status] + 1 }));
      });
    },
    [editLists],
  );

  const applyDeleted = useCallback(
    (ids: readonly string[]) => {
      editLists((data) => {
        const pages = data.pages.map((p) => ({ ...p, items: p.items.filter((s) => !ids.includes(s.id)) }));
        // Only removed submissions can be deleted.
        return withCounts({ ...data, pages }, (c) => ({ ...c, removed: Math.max(0, c.removed - ids.length) }));
      });
    },
    [editLists],
  );

  const refresh = useCallback(() => client.invalidateQueries({ queryKey: contactKeys.all }), [client]);
  return { applyChange, applyCreated, applyDeleted, refresh };
}
