import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  type AdminSessionFilter,
  type ClientSessionFilter,
  type ClientSessionStats,
  type HomeworkOption,
  isSessionsChangedNotice,
  type SeriesRepeat,
  type SessionPage,
  type SessionStats,
  type SessionType,
  type SessionView,
} from '#shared/contracts/session-options';
import { apiRequest } from '../../../lib/api';
import { adminDashboardKey } from '../../../lib/queries/admin-dashboard';
import { clientKeys, getClient } from '../../../lib/queries/clients';
import { dogKeys, listClientDogs } from '../../../lib/queries/dogs';
import { useInvalidateOnRealtime } from '../../../lib/query';

/** Training sessions: HTTP calls and their queries (one place per feature; routes in session-options.ts). */

/** Rows per page of the trainer's list and the client's list. */
export const SESSION_PAGE_SIZE = 25;
/** Rows per request when a whole range is needed (the calendar's month, the form's day). */
export const RANGE_PAGE_SIZE = 100;
/** SPEC 2: the client dashboard shows the next 3 sessions. */
export const UPCOMING_ON_DASHBOARD = 3;
/** Pages the calendar reads at most for one month (bounded: never a whole partition). */
const MAX_RANGE_PAGES = 10;

/** POST /api/sessions and PUT /api/sessions/{id} body (empty optional fields are sent as null). */
export interface SessionInput {
  clientId: string;
  dogId: string;
  /** Start, UTC ISO. */
  scheduledAt: string;
  durationMinutes: number;
  sessionType: SessionType;
  notes: string | null;
  /** A message id of the client's (Relevant Homework), or null. */
  homeworkAssigned: string | null;
  /** Knowingly overlaps another session (after the server's clash refusal: "Schedule anyway"). */
  allowOverlap?: boolean;
  /** Create only: a series (docs/decisions/0060-session-series.md). */
  repeat?: SeriesRepeat;
  /** Update only: the later open sessions of its series change with it (ADR 0067). */
  following?: boolean;
}

/** POST /api/sessions' answer: the (first) session, and a series' every session. */
export interface SessionCreated {
  session: SessionView;
  series?: { id: string; sessions: { id: string; scheduledAt: string }[] };
}

export interface AdminSessionQuery {
  status: AdminSessionFilter;
  search: string;
}

export interface SessionRange {
  /** UTC ISO, inclusive. */
  from: string;
  /** UTC ISO, exclusive. */
  to: string;
}

export const sessionKeys = {
  all: ['sessions'] as const,
  /** Everything the trainer's screens read. */
  admin: ['sessions', 'admin'] as const,
  lists: () => ['sessions', 'admin', 'list'] as const,
  list: (q: AdminSessionQuery) => ['sessions', 'admin', 'list', q.status, q.search] as const,
  ranges: () => ['sessions', 'admin', 'range'] as const,
  range: (r: SessionRange, q?: AdminSessionQuery) =>
    ['sessions', 'admin', 'range', r.from, r.to, q?.status ?? 'all', q?.search ?? ''] as const,
  stats: () => ['sessions', 'admin', 'stats'] as const,
  detail: (id: string) => ['sessions', 'admin', 'detail', id] as const,
  homework: (clientId: string) => ['sessions', 'homework', clientId] as const,
  /** Everything the client's screens read. */
  mine: ['sessions', 'mine'] as const,
  myLists: () => ['sessions', 'mine', 'list'] as const,
  myList: (filter: ClientSessionFilter) => ['sessions', 'mine', 'list', filter] as const,
  myUpcoming: (limit: number) => ['sessions', 'mine', 'upcoming', limit] as const,
  myStats: () => ['sessions', 'mine', 'stats'] as const,
};

const enc = encodeURIComponent;
const sessionPath = (id: string) => `/sessions/${enc(id)}`;

/** GET /api/sessions: one page, by start time, for a status, a search (client or dog name) and a range. */
export function listSessions(
  params: {
    status?: AdminSessionFilter;
    search?: string;
    from?: string;
    to?: string;
    cursor?: string | null;
    limit?: number;
  },
  signal?: AbortSignal,
) {
  const q = new URLSearchParams({ limit: String(params.limit ?? SESSION_PAGE_SIZE) });
  if (params.from) q.set('from', params.from);
  if (params.to) q.set('to', params.to);
  if (params.status && params.status !== 'all') q.set('status', params.status);
  if (params.search?.trim()) q.set('search', params.search.trim());
  if (params.cursor) q.set('cursor', params.cursor);
  return apiRequest<SessionPage>(`/sessions?${q}`, { signal });
}

export const getSessionStats = (signal?: AbortSignal) => apiRequest<SessionStats>('/sessions/stats', { signal });

export const getSession = (id: string, signal?: AbortSignal) =>
  apiRequest<{ session: SessionView }>(sessionPath(id), { signal }).then((r) => r.session);

export const createSession = (body: SessionInput) => apiRequest<SessionCreated>('/sessions', { method: 'POST', body });

/** Changes a session, or with `following` it and the later open sessions of its series: answers those changed. */
export const updateSession = (id: string, body: SessionInput) =>
  apiRequest<{ session: SessionView; updated?: SessionView[] }>(sessionPath(id), { method: 'PUT', body }).then(
    (r) => r.updated ?? [r.session],
  );

/** Cancels a session, or with `following` it and the later open sessions of its series: answers those cancelled. */
export const cancelSession = ({ id, following }: { id: string; following?: boolean }) =>
  apiRequest<{ session: SessionView; cancelled?: SessionView[] }>(`${sessionPath(id)}/cancel`, {
    method: 'POST',
    ...(following ? { body: { following: true } } : {}),
  }).then((r) => r.cancelled ?? [r.session]);

export const deleteSession = (id: string) => apiRequest<void>(sessionPath(id), { method: 'DELETE' });

/** GET /api/clients/{id}/homework: the client's delivered messages the form offers as Relevant Homework. */
export const listClientHomework = (clientId: string, signal?: AbortSignal) =>
  apiRequest<{ items: HomeworkOption[] }>(`/clients/${enc(clientId)}/homework`, { signal }).then((r) => r.items);

/** GET /api/me/sessions: the signed-in client's own sessions for a filter. */
export function listMySessions(
  params: { filter?: ClientSessionFilter; cursor?: string | null; limit?: number },
  signal?: AbortSignal,
) {
  const q = new URLSearchParams({ limit: String(params.limit ?? SESSION_PAGE_SIZE) });
  if (params.filter && params.filter !== 'all') q.set('filter', params.filter);
  if (params.cursor) q.set('cursor', params.cursor);
  return apiRequest<SessionPage>(`/me/sessions?${q}`, { signal });
}

export const getMySessionStats = (signal?: AbortSignal) =>
  apiRequest<ClientSessionStats>('/me/sessions/stats', { signal });

export const confirmMySession = (id: string) =>
  apiRequest<{ session: SessionView }>(`/me/sessions/${enc(id)}/confirm`, { method: 'POST' }).then((r) => r.session);

/** Refetches every session query when the server says sessions changed (`sessions.changed`). */
export function useSessionsLive() {
  useInvalidateOnRealtime(isSessionsChangedNotice, [sessionKeys.all]);
}

const nextCursor = (last: SessionPage) => last.cursor ?? undefined;

/** The trainer's list: pages for a status and a search, one cursor at a time. */
export function useAdminSessions(q: AdminSessionQuery, enabled = true) {
  return useInfiniteQuery({
    queryKey: sessionKeys.list(q),
    queryFn: ({ pageParam, signal }) => listSessions({ ...q, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
    enabled,
  });
}

/** Fetches the following pages of `query` until the last (at most `max` pages). */
export function useAllPages(
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isError: boolean;
    fetchNextPage: () => Promise<unknown>;
    data?: { pages: unknown[] };
  },
  enabled: boolean,
  max = MAX_RANGE_PAGES,
) {
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  const count = query.data?.pages.length ?? 0;
  useEffect(() => {
    if (enabled && hasNextPage && !isFetchingNextPage && !isError && count < max) void fetchNextPage();
  }, [enabled, hasNextPage, isFetchingNextPage, isError, fetchNextPage, count, max]);
}

/** Every session (of a status and search) in a range: the calendar's month, the form's day. */
export function useSessionRange(range: SessionRange | undefined, q?: AdminSessionQuery) {
  const query = useInfiniteQuery({
    queryKey: range ? sessionKeys.range(range, q) : [...sessionKeys.ranges(), 'none'],
    queryFn: ({ pageParam, signal }) =>
      listSessions(
        { ...(range as SessionRange), status: q?.status, search: q?.search, cursor: pageParam, limit: RANGE_PAGE_SIZE },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
    enabled: !!range,
  });
  useAllPages(query, !!range);
  return query;
}

export function useSessionStats() {
  return useQuery({ queryKey: sessionKeys.stats(), queryFn: ({ signal }) => getSessionStats(signal) });
}

export function useSession(id: string | undefined) {
  return useQuery({
    queryKey: sessionKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getSession(id as string, signal),
    enabled: !!id,
  });
}

/** The chosen client's dogs (shares the client book's cache of GET /api/clients/{id}/dogs). */
export function useDogsOfClient(clientId: string | undefined) {
  const query = useInfiniteQuery({
    queryKey: dogKeys.ofClient(clientId ?? ''),
    queryFn: ({ pageParam, signal }) => listClientDogs(clientId as string, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
    enabled: !!clientId,
  });
  useAllPages(query, !!clientId);
  return query;
}

export function useClientHomework(clientId: string | undefined) {
  return useQuery({
    queryKey: sessionKeys.homework(clientId ?? ''),
    queryFn: ({ signal }) => listClientHomework(clientId as string, signal),
    enabled: !!clientId,
  });
}

export function useMySessions(filter: ClientSessionFilter) {
  return useInfiniteQuery({
    queryKey: sessionKeys.myList(filter),
    queryFn: ({ pageParam, signal }) => listMySessions({ filter, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  });
}

/** The client dashboard's next sessions (one page). */
export function useMyUpcomingSessions(limit = UPCOMING_ON_DASHBOARD) {
  return useQuery({
    queryKey: sessionKeys.myUpcoming(limit),
    queryFn: ({ signal }) => listMySessions({ filter: 'upcoming', limit }, signal),
  });
}

export function useMySessionStats() {
  return useQuery({ queryKey: sessionKeys.myStats(), queryFn: ({ signal }) => getMySessionStats(signal) });
}

type Pages = InfiniteData<SessionPage>;

/** Applies `change` to the sessions of every cached list under `prefix` (paged lists and single pages). */
function mapCachedSessions(qc: QueryClient, prefix: QueryKey, change: (items: SessionView[]) => SessionView[]) {
  for (const [key, data] of qc.getQueriesData<Pages | SessionPage>({ queryKey: prefix })) {
    if (!data || typeof data !== 'object') continue;
    if ('pages' in data) {
      qc.setQueryData<Pages>(key, { ...data, pages: data.pages.map((p) => ({ ...p, items: change(p.items) })) });
    } else if ('items' in data && Array.isArray(data.items)) {
      qc.setQueryData<SessionPage>(key, { ...data, items: change(data.items) });
    }
  }
}

/** Puts a changed session everywhere it is shown, then refetches (counts, filters and order may change). */
function storeSession(qc: QueryClient, session: SessionView) {
  mapCachedSessions(qc, sessionKeys.all, (items) => items.map((s) => (s.id === session.id ? session : s)));
  qc.setQueryData(sessionKeys.detail(session.id), session);
  afterChange(qc, session.clientId);
}

/** What a session write changes elsewhere: the session queries, the client's detail, the trainer's counters. */
function afterChange(qc: QueryClient, clientId?: string) {
  void qc.invalidateQueries({ queryKey: sessionKeys.all });
  void qc.invalidateQueries({ queryKey: adminDashboardKey });
  if (clientId) void qc.invalidateQueries({ queryKey: clientKeys.detail(clientId) });
}

export function useCreateSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createSession,
    onSuccess: ({ session }) => {
      qc.setQueryData(sessionKeys.detail(session.id), session);
      afterChange(qc, session.clientId);
    },
  });
}

export function useUpdateSession(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SessionInput) => updateSession(id, input),
    onSuccess: (sessions) => {
      for (const s of sessions) storeSession(qc, s);
    },
  });
}

export function useCancelSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelSession,
    onSuccess: (sessions) => {
      for (const s of sessions) storeSession(qc, s);
    },
  });
}

export function useDeleteSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (session: Pick<SessionView, 'id' | 'clientId'>) => deleteSession(session.id),
    onSuccess: (_r, session) => {
      mapCachedSessions(qc, sessionKeys.all, (items) => items.filter((s) => s.id !== session.id));
      qc.removeQueries({ queryKey: sessionKeys.detail(session.id) });
      afterChange(qc, session.clientId);
    },
  });
}

export function useConfirmSession() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: confirmMySession, onSuccess: (session) => storeSession(qc, session) });
}

/** A client's profile by id (the client of `?dog=`), from the client book's cache when loaded. */
export function useClientProfile(id: string | undefined) {
  return useQuery({
    queryKey: clientKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getClient(id as string, signal),
    enabled: !!id,
  });
}
