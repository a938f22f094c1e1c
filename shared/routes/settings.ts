import type { RouteTable } from './route-def.js';

/** Settings: the caller's own, the business's, and what the public site shows of the business. */
export const settingsRoutes = [
  // Settings that persist on the server: the caller's own preferences and profile, the business's
  // settings (admin), and what the public site shows of the business.
  { method: 'GET', path: '/api/me/settings', handler: 'http/settings/get-my-settings', needs: {}, access: 'signed-in' },
  {
    method: 'PUT',
    path: '/api/me/settings',
    handler: 'http/settings/update-my-settings',
    needs: { table: 'write' },
    access: 'signed-in',
  },
  {
    method: 'PATCH',
    path: '/api/me/profile',
    handler: 'http/settings/update-my-profile',
    needs: { table: 'delete' },
    access: 'signed-in',
  },
  {
    method: 'GET',
    path: '/api/settings/business',
    handler: 'http/settings/get-business-settings',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'PUT',
    path: '/api/settings/business',
    handler: 'http/settings/update-business-settings',
    needs: { table: 'write' },
    access: 'admin',
    // The public site's business name, phone and e-mail (GET /api/public/business, cached by CloudFront):
    // raised as PublicPathsChanged through the outbox, invalidated by events/invalidate-cdn.
    invalidates: ['/api/public/business'],
  },
  // The services a client can pay for (edited with the business settings above): the payment page's list.
  {
    method: 'GET',
    path: '/api/services',
    handler: 'http/settings/list-services',
    needs: { table: 'read' },
    access: 'signed-in',
  },
] as const satisfies RouteTable;

export const publicBusinessRoutes = [
  {
    method: 'GET',
    path: '/api/public/business',
    handler: 'http/settings/get-public-business',
    needs: { table: 'read' },
    access: 'public',
    throttle: { rate: 100, burst: 200 },
  },
] as const satisfies RouteTable;
