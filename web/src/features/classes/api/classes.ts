import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttendanceView,
  ClassList,
  ClassRoster,
  ClassView,
  EnrolmentView,
  EnrolResponse,
} from '#shared/contracts/class-options';
import type { AttendanceRequest, ClassRequest, MoveMeetingRequest } from '#shared/contracts/classes';
import { apiRequest } from '../../../lib/api';
import { creditKeys } from '../../../lib/queries/credits';
import { type DogPage, pageQuery } from '../../../lib/queries/dogs';

/** Group classes: HTTP calls and their queries (one place per feature; routes in class-options.ts). */

/** POST /api/classes and PUT /api/classes/{classId} body (shared/contracts/classes.ts classRequest). */
export type ClassInput = ClassRequest;

export const classKeys = {
  all: ['classes'] as const,
  list: ['classes', 'list'] as const,
  detail: (id: string) => ['classes', 'detail', id] as const,
  roster: (id: string, meetingId?: string) => ['classes', 'roster', id, meetingId ?? 'default'] as const,
  myDogs: ['classes', 'my-dogs'] as const,
};

const classPath = (id: string) => `/classes/${encodeURIComponent(id)}`;
const enrolmentPath = (id: string) => `/enrolments/${encodeURIComponent(id)}`;

export const listClasses = (signal?: AbortSignal) => apiRequest<ClassList>('/classes', { signal });
export const getClass = (id: string, signal?: AbortSignal) =>
  apiRequest<{ class: ClassView }>(classPath(id), { signal }).then((r) => r.class);
/** The roster with one meeting's attendance (`meetingId`; the server's default: today's or the next). */
export const getRoster = (id: string, signal?: AbortSignal, meetingId?: string) =>
  apiRequest<ClassRoster>(`${classPath(id)}/roster${meetingId ? `?meetingId=${encodeURIComponent(meetingId)}` : ''}`, {
    signal,
  });

/** The trainer: every class; a client: the published upcoming ones, with their own enrolments. */
export function useClasses() {
  return useQuery({ queryKey: classKeys.list, queryFn: ({ signal }) => listClasses(signal) });
}

export function useClass(id: string | undefined) {
  return useQuery({
    queryKey: classKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getClass(id as string, signal),
    enabled: !!id,
  });
}

export function useRoster(id: string | undefined, meetingId?: string) {
  return useQuery({
    queryKey: classKeys.roster(id ?? '', meetingId),
    queryFn: ({ signal }) => getRoster(id as string, signal, meetingId),
    enabled: !!id,
  });
}

/** The signed-in client's own dogs (first page: a client has a handful). */
export function useMyDogsForClasses(enabled = true) {
  return useQuery({
    queryKey: classKeys.myDogs,
    queryFn: ({ signal }) => apiRequest<DogPage>(`/me/dogs?${pageQuery(null)}`, { signal }),
    enabled,
  });
}

/** After a write the classes (list, detail, roster) are read again; enrolments also change the credits. */
function useRefresh() {
  const client = useQueryClient();
  return (credits = false) => {
    void client.invalidateQueries({ queryKey: classKeys.all, refetchType: 'active' });
    if (credits) void client.invalidateQueries({ queryKey: creditKeys.mine });
  };
}

export function useCreateClass() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ClassInput) =>
      apiRequest<{ class: ClassView }>('/classes', { method: 'POST', body: input }).then((r) => r.class),
    onSuccess: () => refresh(),
  });
}

export function useUpdateClass(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ClassInput) =>
      apiRequest<{ class: ClassView }>(classPath(id), { method: 'PUT', body: input }).then((r) => r.class),
    onSuccess: () => refresh(),
  });
}

export function usePublishClass() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ class: ClassView }>(`${classPath(id)}/publish`, { method: 'POST' }).then((r) => r.class),
    onSuccess: () => refresh(),
  });
}

/** POST /api/classes/{classId}/meetings/{meetingId}/cancel (trainer): the seat holders are told the reason. */
export function useCancelMeeting(classId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ meetingId, reason }: { meetingId: string; reason: string }) =>
      apiRequest<{ class: ClassView }>(`${classPath(classId)}/meetings/${encodeURIComponent(meetingId)}/cancel`, {
        method: 'POST',
        body: { reason },
      }).then((r) => r.class),
    onSuccess: () => refresh(),
  });
}

/**
 * POST /api/classes/{classId}/meetings/{meetingId}/move (trainer): the meeting at a new start, its seat
 * holders told; a clash is refused (409, field `allowOverlap`) unless `allowOverlap`.
 */
export function useMoveMeeting(classId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ meetingId, ...body }: MoveMeetingRequest & { meetingId: string }) =>
      apiRequest<{ class: ClassView }>(`${classPath(classId)}/meetings/${encodeURIComponent(meetingId)}/move`, {
        method: 'POST',
        body,
      }).then((r) => r.class),
    onSuccess: () => refresh(),
  });
}

export function useDeleteClass() {
  const refresh = useRefresh();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(classPath(id), { method: 'DELETE' }),
    onSuccess: (_, id) => {
      client.setQueryData<ClassList>(classKeys.list, (data) =>
        data ? { ...data, classes: data.classes.filter((c) => c.id !== id) } : data,
      );
      refresh();
    },
  });
}

export function useEnrol() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ classId, dogId }: { classId: string; dogId: string }) =>
      apiRequest<EnrolResponse>(`${classPath(classId)}/enrolments`, { method: 'POST', body: { dogId } }),
    onSuccess: () => refresh(true),
  });
}

/** DELETE /api/enrolments/{enrolmentId}: the client's own (an offer declined), or any for the trainer (credits given back). */
export function useCancelEnrolment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ enrolment: EnrolmentView }>(enrolmentPath(id), { method: 'DELETE' }).then((r) => r.enrolment),
    onSuccess: () => refresh(true),
  });
}

/** POST /api/enrolments/{enrolmentId}/accept: the client takes the seat offered to them (the class's credits held). */
export function useAcceptOffer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ enrolment: EnrolmentView }>(`${enrolmentPath(id)}/accept`, { method: 'POST' }).then(
        (r) => r.enrolment,
      ),
    onSuccess: () => refresh(true),
  });
}

/** PUT /api/classes/{classId}/meetings/{meetingId}/attendance (trainer): one dog's mark and note. */
export function useMarkAttendance(classId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ meetingId, ...body }: AttendanceRequest & { meetingId: string }) =>
      apiRequest<{ attendance: AttendanceView }>(
        `${classPath(classId)}/meetings/${encodeURIComponent(meetingId)}/attendance`,
        { method: 'PUT', body },
      ).then((r) => r.attendance),
    onSuccess: () => refresh(),
  });
}
