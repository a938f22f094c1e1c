import { ADMIN_ONLY, type Expectations } from './types.js';

/** The trainer dashboard's counters. */
export const dashboardExpectations: Expectations = {
  'GET /api/dashboard/admin': { request: () => ({ path: '/api/dashboard/admin' }), status: ADMIN_ONLY },
};
