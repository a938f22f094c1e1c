import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { adminDashboardKey } from '../../../lib/queries/admin-dashboard';
import { useInvalidateOnRealtime } from '../../../lib/query';

export interface AdminDashboardCounts {
  newInquiries: number;
  activeClients: number;
  weekSessions: number;
  pendingBookings: number;
  /** Conversations with client posts the trainer has not read. */
  unreadConversations: number;
  week: { start: string; end: string };
}

/** Realtime frames after which the counters may have changed. */
const changesCounters = (m: unknown) => {
  const type = (m as { type?: unknown } | null)?.type;
  return (
    type === 'contact_submission.created' ||
    type === 'contact_submissions.changed' ||
    type === 'bookings.changed' ||
    type === 'conversation.changed'
  );
};

/** GET /api/dashboard/admin, refetched on focus and when submissions, booking requests or conversations change live. */
export function useAdminDashboard() {
  useInvalidateOnRealtime(changesCounters, [adminDashboardKey]);
  return useQuery({
    queryKey: adminDashboardKey,
    queryFn: ({ signal }) => apiRequest<AdminDashboardCounts>('/dashboard/admin', { signal }),
  });
}
