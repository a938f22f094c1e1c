import { onboardingBody, reopenOnboarding } from '../onboarding-helpers.js';
import type { Caller, Expectations, MatrixUsers } from './types.js';

/** Client A and B work on their own profiles: each call first reopens the caller's wizard. */
async function reopenFor(users: MatrixUsers, caller: Caller) {
  if (caller === 'clientA' || caller === 'clientB') await reopenOnboarding(users[caller].profileId);
}

/**
 * The onboarding wizard: clients only (an admin has no profile to complete), each on their own
 * profile; there is no path by which a caller names another profile.
 */
export const onboardingExpectations: Expectations = {
  'GET /api/me/onboarding': {
    request: async (u, caller) => {
      await reopenFor(u, caller);
      return { path: '/api/me/onboarding' };
    },
    status: { anonymous: 401, clientA: 200, clientB: 200, admin: 403 },
  },
  'PUT /api/me/onboarding': {
    request: async (u, caller) => {
      await reopenFor(u, caller);
      return { path: '/api/me/onboarding', body: { step: 2, data: onboardingBody() } };
    },
    status: { anonymous: 401, clientA: 200, clientB: 200, admin: 403 },
  },
  'POST /api/me/onboarding/complete': {
    request: async (u, caller) => {
      await reopenFor(u, caller);
      return { path: '/api/me/onboarding/complete', body: { data: onboardingBody({ dogs: [] }) } };
    },
    status: { anonymous: 401, clientA: 200, clientB: 200, admin: 403 },
  },
};
