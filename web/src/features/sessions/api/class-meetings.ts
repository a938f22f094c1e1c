import { useQuery } from '@tanstack/react-query';
import type { CalendarMeeting, ClassMeetingList } from '#shared/contracts/class-options';
import { apiRequest } from '../../../lib/api';

/**
 * Group classes' meetings on the sessions screens (GET /api/class-meetings, routes in class-options.ts):
 * the trainer's every published class's, a client's those where a dog of theirs has a seat. No realtime
 * notice tells of class changes, so they refresh on the usual stale time and window focus.
 */

export interface MeetingRange {
  /** UTC ISO, inclusive. */
  from: string;
  /** UTC ISO, exclusive; the server reads at most 62 days from `from`. */
  to: string;
}

export const classMeetingKeys = {
  all: ['class-meetings'] as const,
  range: (r: MeetingRange) => ['class-meetings', r.from, r.to] as const,
};

export const listClassMeetings = (r: MeetingRange, signal?: AbortSignal) =>
  apiRequest<ClassMeetingList>(`/class-meetings?${new URLSearchParams({ from: r.from, to: r.to })}`, { signal }).then(
    (x) => x.meetings,
  );

/** The meetings starting in `range` (none asked while it is undefined), soonest first. */
export function useClassMeetings(range: MeetingRange | undefined) {
  return useQuery({
    queryKey: range ? classMeetingKeys.range(range) : [...classMeetingKeys.all, 'none'],
    queryFn: ({ signal }): Promise<CalendarMeeting[]> => listClassMeetings(range as MeetingRange, signal),
    enabled: !!range,
  });
}
