import type { RouteTable } from './route-def.js';

/** Training sessions and the private calendar feeds. */
export const sessionRoutes = [
  // Training sessions: the trainer schedules, moves, cancels and deletes (the client gets an appointment
  // message); a client lists their own and confirms a future scheduled one.
  {
    method: 'GET',
    path: '/api/sessions',
    handler: 'http/sessions/list-sessions',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/sessions/stats',
    handler: 'http/sessions/get-session-stats',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/sessions',
    handler: 'http/sessions/create-session',
    needs: { table: 'delete' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/sessions/{id}',
    handler: 'http/sessions/get-session',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'PUT',
    path: '/api/sessions/{id}',
    handler: 'http/sessions/update-session',
    needs: { table: 'delete' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/sessions/{id}/cancel',
    handler: 'http/sessions/cancel-session',
    // A booked session's slot cells are deleted in the cancellation's transaction.
    needs: { table: 'delete' },
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/sessions/{id}',
    handler: 'http/sessions/delete-session',
    needs: { table: 'delete' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/clients/{id}/homework',
    handler: 'http/clients/list-client-homework',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/me/sessions',
    handler: 'http/sessions/list-my-sessions',
    needs: { table: 'write' },
    access: 'client',
  },
  {
    method: 'GET',
    path: '/api/me/sessions/stats',
    handler: 'http/sessions/get-my-session-stats',
    needs: { table: 'read' },
    access: 'client',
  },
  {
    method: 'POST',
    path: '/api/me/sessions/{id}/confirm',
    handler: 'http/sessions/confirm-session',
    needs: { table: 'write' },
    access: 'client',
  },
  // Private calendar feeds (iCalendar): the caller's own feed URL and its reset; the feed itself is
  // public, found by the URL's random secret only (a client's own sessions, the trainer's all).
  {
    method: 'GET',
    path: '/api/me/calendar-feed',
    handler: 'http/feeds/get-my-calendar-feed',
    needs: { table: 'write' },
    access: 'signed-in',
  },
  {
    method: 'POST',
    path: '/api/me/calendar-feed/reset',
    handler: 'http/feeds/reset-my-calendar-feed',
    needs: { table: 'delete' },
    access: 'signed-in',
  },
  {
    method: 'GET',
    path: '/api/public/calendar/{token}',
    handler: 'http/feeds/get-calendar-feed',
    needs: { table: 'read' },
    access: 'public',
    throttle: { rate: 20, burst: 40 },
    ipLimit: { max: 60, windowSeconds: 60 },
  },
] as const satisfies RouteTable;
