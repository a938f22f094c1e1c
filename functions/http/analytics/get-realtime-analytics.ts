import type { RealtimeAnalyticsResponse } from '../../../shared/contracts/analytics.js';
import { countActiveVisitors } from '../../../shared/domain/analytics-live.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/analytics/realtime (admin): the visitors active now (SPEC 7 `activeUsers`). */
export const handler = httpHandler({}, async () => {
  const body: RealtimeAnalyticsResponse = {
    success: true,
    data: { activeUsers: await countActiveVisitors() },
    error: null,
  };
  return { body };
});
