import { PUBLIC_WRITE, type RouteTable } from './route-def.js';

/**
 * Referrals: a client's code and history (the code is made on the first visit), sending a referral by
 * e-mail (its event sends the e-mail), the payment screen's check of a code, and the public click of a
 * referral link (the payment page opened with `?referral=`).
 */
export const referralRoutes = [
  {
    method: 'GET',
    path: '/api/me/referrals',
    handler: 'http/referrals/get-my-referrals',
    needs: { table: 'write' },
    access: 'client',
  },
  // The ReferralSent event goes through the outbox (written in the referral's transaction).
  {
    method: 'POST',
    path: '/api/me/referrals',
    handler: 'http/referrals/send-referral',
    needs: { table: 'write' },
    access: 'client',
  },
  {
    method: 'GET',
    path: '/api/payments/referral',
    handler: 'http/referrals/check-referral-code',
    needs: { table: 'read' },
    access: 'client',
  },
  {
    method: 'POST',
    path: '/api/public/referrals/click',
    handler: 'http/referrals/record-referral-click',
    needs: { table: 'write' },
    access: 'public',
    throttle: PUBLIC_WRITE,
    ipLimit: { max: 30, windowSeconds: 60 },
  },
] as const satisfies RouteTable;
