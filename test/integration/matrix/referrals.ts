import { randomUUID } from 'node:crypto';
import { ensureReferralCode } from '../../../shared/domain/referrals.js';
import { api } from '../../support/api.js';
import { type Expectations, PUBLIC_OK } from './types.js';

const CLIENT_OK = { anonymous: 401, clientA: 200, clientB: 200, admin: 403 } as const;

/** A referral code of a client other than the matrix's two (usable by both). */
const someoneElsesCode = () => ensureReferralCode({ id: randomUUID(), firstName: 'Matrix' });

/**
 * Referrals are a client's own: the code and history, sending one, checking a code at payment (only a
 * client pays); the link's click is public and answers the same whatever it names.
 */
export const referralsExpectations: Expectations = {
  'GET /api/me/referrals': { request: () => ({ path: '/api/me/referrals' }), status: CLIENT_OK },
  'POST /api/me/referrals': {
    request: () => ({
      path: '/api/me/referrals',
      body: { email: `matrix-${randomUUID().slice(0, 8)}@pawsitive.test` },
    }),
    status: { ...CLIENT_OK, clientA: 201, clientB: 201 },
  },
  'GET /api/payments/referral': {
    request: async () => ({ path: `/api/payments/referral?code=${await someoneElsesCode()}` }),
    status: CLIENT_OK,
  },
  'POST /api/public/referrals/click': {
    request: async (users) => {
      const code = (await api('GET', '/api/me/referrals', { token: users.clientA.idToken })).body.code as string;
      return { path: '/api/public/referrals/click', body: { code, referralId: randomUUID() } };
    },
    status: PUBLIC_OK(202),
  },
};
