import { api } from '../../support/api.js';
import { ADMIN_ONLY, type Expectations, PUBLIC_OK } from './types.js';

const SIGNED_IN_OK = { anonymous: 401, clientA: 200, clientB: 200, admin: 200 } as const;

/**
 * Settings: the caller's own preferences and profile (no id in the path: each caller only ever
 * reaches their own), the business settings (admin) and the public business info.
 */
export const settingsExpectations: Expectations = {
  'GET /api/me/settings': { request: () => ({ path: '/api/me/settings' }), status: SIGNED_IN_OK },
  'PUT /api/me/settings': {
    request: () => ({ path: '/api/me/settings', body: { emailNotifications: true, theme: 'light' } }),
    status: SIGNED_IN_OK,
  },
  'PATCH /api/me/profile': {
    // Each caller writes back the names the test users were created with.
    request: (_users, caller) => ({
      path: '/api/me/profile',
      body: { firstName: caller === 'admin' ? 'Test Admin' : 'Test Client', lastName: 'Tester' },
    }),
    status: SIGNED_IN_OK,
  },
  'GET /api/settings/business': { request: () => ({ path: '/api/settings/business' }), status: ADMIN_ONLY },
  // When a section's public pages went live (the website editor): the trainer only.
  'GET /api/admin/website/{section}/live': {
    request: () => ({ path: '/api/admin/website/programs/live' }),
    status: ADMIN_ONLY,
  },
  'PUT /api/settings/business': {
    // The settings in effect, written back unchanged: other suites keep the business they expect.
    request: async (users) => {
      const current = await api('GET', '/api/settings/business', { token: users.admin.idToken });
      return { path: '/api/settings/business', body: current.body.settings };
    },
    status: ADMIN_ONLY,
  },
  // The services a client can pay for: any signed-in caller.
  'GET /api/services': { request: () => ({ path: '/api/services' }), status: SIGNED_IN_OK },
  'GET /api/public/business': { request: () => ({ path: '/api/public/business' }), status: PUBLIC_OK(200) },
};
