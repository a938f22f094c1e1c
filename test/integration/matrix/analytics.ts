import { ADMIN_ONLY, type Expectations } from './types.js';

/** The trainer's analytics: figures and funnel, and the visitors active now. */
export const analyticsExpectations: Expectations = {
  'GET /api/analytics': { request: () => ({ path: '/api/analytics?dateRange=7daysAgo' }), status: ADMIN_ONLY },
  'GET /api/analytics/realtime': { request: () => ({ path: '/api/analytics/realtime' }), status: ADMIN_ONLY },
};
