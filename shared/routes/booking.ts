import type { RouteTable } from './route-def.js';

/**
 * Online booking (docs/decisions/0034-online-booking.md): the trainer's availability, a client's open
 * times and requests (their own only, no client id in any path), the trainer's approvals.
 */
export const bookingRoutes = [
  {
    method: 'GET',
    path: '/api/settings/availability',
    handler: 'http/settings/get-availability',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'PUT',
    path: '/api/settings/availability',
    handler: 'http/settings/update-availability',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/me/open-times',
    handler: 'http/bookings/get-open-times',
    needs: { table: 'read' },
    access: 'client',
  },
  {
    method: 'GET',
    path: '/api/me/bookings',
    handler: 'http/bookings/list-my-bookings',
    needs: { table: 'read' },
    access: 'client',
  },
  {
    // Schedules the session at once when the trainer chose so (as POST /api/sessions does).
    method: 'POST',
    path: '/api/me/bookings',
    handler: 'http/bookings/request-booking',
    needs: { table: 'delete' },
    access: 'client',
  },
  {
    // Frees the slot cells (deletes inside the transaction).
    method: 'POST',
    path: '/api/me/bookings/{id}/cancel',
    handler: 'http/bookings/cancel-my-booking',
    needs: { table: 'delete' },
    access: 'client',
  },
  {
    method: 'GET',
    path: '/api/bookings',
    handler: 'http/bookings/list-bookings',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/bookings/{id}/approve',
    handler: 'http/bookings/approve-booking',
    needs: { table: 'delete' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/bookings/{id}/decline',
    handler: 'http/bookings/decline-booking',
    needs: { table: 'delete' },
    access: 'admin',
  },
] as const satisfies RouteTable;
