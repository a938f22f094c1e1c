import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveVisitorsNotice, AnalyticsResponse, RealtimeAnalyticsResponse } from '#shared/contracts/analytics';
import { apiRequest } from '../../../lib/api';
import { useRealtimeMessages } from '../../../lib/realtime-context';

/** The trainer's analytics: HTTP calls and their queries. */

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (days: number) => ['analytics', 'report', days] as const,
  active: ['analytics', 'active'] as const,
};

/** GET /api/analytics?dateRange={days}daysAgo (SPEC 7). */
export function useAnalytics(days: number) {
  return useQuery({
    queryKey: analyticsKeys.report(days),
    queryFn: ({ signal }) => apiRequest<AnalyticsResponse>(`/analytics?dateRange=${days}daysAgo`, { signal }),
  });
}

const isActiveNotice = (m: unknown): m is ActiveVisitorsNotice =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'analytics.active';

/** Visitors quiet for 5 minutes stop counting without any event: read again at this pace too. */
const ACTIVE_REFRESH_MS = 60_000;

/**
 * The visitors active now: GET /api/analytics/realtime, then every count the server pushes over the
 * WebSocket as visitors arrive (and a read each minute, as visitors leave without a sound).
 */
export function useActiveVisitors() {
  const client = useQueryClient();
  useRealtimeMessages((m) => {
    if (isActiveNotice(m)) {
      client.setQueryData<RealtimeAnalyticsResponse>(analyticsKeys.active, {
        success: true,
        data: { activeUsers: m.activeUsers },
        error: null,
      });
    }
  });
  return useQuery({
    queryKey: analyticsKeys.active,
    queryFn: ({ signal }) => apiRequest<RealtimeAnalyticsResponse>('/analytics/realtime', { signal }),
    refetchInterval: ACTIVE_REFRESH_MS,
  });
}
