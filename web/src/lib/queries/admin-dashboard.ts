/** The trainer dashboard's counters query: the dashboard reads it, session writes invalidate it. */
export const adminDashboardKey = ['dashboard', 'admin'] as const;
