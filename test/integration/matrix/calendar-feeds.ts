import { api } from '../../support/api.js';
import { type Expectations, PUBLIC_OK } from './types.js';

const SIGNED_IN_OK = { anonymous: 401, clientA: 200, clientB: 200, admin: 200 } as const;

/** Path of client A's current feed (created on first use), as the public route is called. */
async function feedPathOfA(token: string): Promise<string> {
  const res = await api('GET', '/api/me/calendar-feed', { token });
  if (res.status !== 200) throw new Error(`calendar feed: ${res.status} ${JSON.stringify(res.body)}`);
  return new URL(res.body.url).pathname;
}

/**
 * Calendar feeds: each signed-in person reads and resets only their own feed URL (no id in the
 * path); the feed itself is public behind its secret, whoever calls it.
 */
export const calendarFeedsExpectations: Expectations = {
  'GET /api/me/calendar-feed': { request: () => ({ path: '/api/me/calendar-feed' }), status: SIGNED_IN_OK },
  'POST /api/me/calendar-feed/reset': {
    request: () => ({ path: '/api/me/calendar-feed/reset' }),
    status: SIGNED_IN_OK,
  },
  'GET /api/public/calendar/{token}': {
    request: async (users) => ({ path: await feedPathOfA(users.clientA.idToken) }),
    status: PUBLIC_OK(200),
  },
};
