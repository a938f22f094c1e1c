import { type AnalyticsResponse, analyticsQuery } from '../../../shared/contracts/analytics.js';
import { getAnalytics } from '../../../shared/domain/analytics-report.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/analytics (admin): SPEC 7's `{ success, data, error }` for the last `dateRange` days (30 by default). */
export const handler = httpHandler({ query: analyticsQuery }, async ({ query }) => {
  const days = Number.parseInt(query.dateRange ?? '30daysAgo', 10);
  const body: AnalyticsResponse = { success: true, data: await getAnalytics(days), error: null };
  return { body };
});
