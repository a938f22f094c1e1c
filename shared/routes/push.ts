import type { RouteTable } from './route-def.js';

/**
 * Per-device web push subscriptions (ADR 0055): the signed-in person's own devices only (no profile
 * id in any path or body; a subscription id names one of the caller's).
 */
export const pushRoutes = [
  {
    method: 'GET',
    path: '/api/me/push-subscriptions',
    handler: 'http/push/list-my-push-subscriptions',
    // Its answer carries the key browsers subscribe with.
    needs: { table: 'read', webPush: true },
    access: 'signed-in',
  },
  {
    method: 'PUT',
    path: '/api/me/push-subscriptions',
    handler: 'http/push/subscribe-push',
    needs: { table: 'write' },
    access: 'signed-in',
  },
  {
    method: 'DELETE',
    path: '/api/me/push-subscriptions/{id}',
    handler: 'http/push/unsubscribe-push',
    needs: { table: 'delete' },
    access: 'signed-in',
  },
] as const satisfies RouteTable;
