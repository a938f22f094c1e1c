import type { RouteTable } from './route-def.js';

/**
 * Discount codes and payments: the trainer creates, lists, toggles and deletes codes; a client checks one,
 * opens a hosted checkout (priced by the server), sees or cancels their own payments; the provider's
 * signed webhook marks a payment paid or expired; the trainer lists every payment with totals by month.
 * Only the routes that talk to the provider read its keys, and the one that tells the trainer whether
 * they are configured (it answers a yes or no, never a key).
 */
export const paymentRoutes = [
  {
    method: 'GET',
    path: '/api/discount-codes',
    handler: 'http/discounts/list-discount-codes',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/discount-codes',
    handler: 'http/discounts/create-discount-code',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/discount-codes/{id}',
    handler: 'http/discounts/set-discount-code-status',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/discount-codes/{id}',
    handler: 'http/discounts/delete-discount-code',
    needs: { table: 'delete' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/payments/discount',
    handler: 'http/discounts/check-discount-code',
    needs: { table: 'read' },
    access: 'client',
  },
  {
    method: 'POST',
    path: '/api/payments/checkout',
    handler: 'http/payments/create-checkout',
    needs: { table: 'delete', secrets: true },
    access: 'client',
  },
  {
    method: 'GET',
    path: '/api/me/payments',
    handler: 'http/payments/list-my-payments',
    needs: { table: 'read' },
    access: 'client',
  },
  {
    method: 'GET',
    path: '/api/me/payments/{id}',
    handler: 'http/payments/get-my-payment',
    needs: { table: 'read' },
    access: 'client',
  },
  {
    method: 'POST',
    path: '/api/me/payments/{id}/cancel',
    handler: 'http/payments/cancel-my-payment',
    needs: { table: 'delete', secrets: true },
    access: 'client',
  },
  {
    method: 'GET',
    path: '/api/payments',
    handler: 'http/payments/list-payments',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/payments/totals',
    handler: 'http/payments/get-payment-totals',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/integrations/payments',
    handler: 'http/payments/get-payments-setup',
    needs: { secrets: true },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/public/payments/webhook',
    handler: 'http/payments/payment-webhook',
    needs: { table: 'delete', secrets: true },
    access: 'public',
    throttle: { rate: 20, burst: 40 },
  },
] as const satisfies RouteTable;
