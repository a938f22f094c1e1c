import type { RouteTable } from './route-def.js';

/**
 * Session credits (packages give credits, completed sessions use them): a client reads their own
 * balance, the trainer a client's. Both only read; the balance changes with payments and sessions.
 */
export const creditRoutes = [
  {
    method: 'GET',
    path: '/api/me/credits',
    handler: 'http/credits/get-my-credits',
    needs: { table: 'read' },
    access: 'client',
  },
  {
    method: 'GET',
    path: '/api/clients/{id}/credits',
    handler: 'http/credits/get-client-credits',
    needs: { table: 'read' },
    access: 'admin',
  },
] as const satisfies RouteTable;
