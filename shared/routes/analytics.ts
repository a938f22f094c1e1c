import type { RouteTable } from './route-def.js';

/**
 * The trainer's analytics (the collecting route is a public site route, shared/routes/site.ts): the
 * dashboard's figures and funnel, read from aggregates and stored records, and the visitors active now.
 */
export const analyticsRoutes = [
  {
    method: 'GET',
    path: '/api/analytics',
    handler: 'http/analytics/get-analytics',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/analytics/realtime',
    handler: 'http/analytics/get-realtime-analytics',
    needs: { table: 'read' },
    access: 'admin',
  },
] as const satisfies RouteTable;
