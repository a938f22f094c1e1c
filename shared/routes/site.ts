import { PUBLIC_WRITE, type RouteTable } from './route-def.js';

/** The public site and signing up: the contact form, public content, page analytics, who the caller is, the invitation and the signup. */
export const siteRoutes = [
  {
    method: 'POST',
    path: '/api/public/contact',
    handler: 'http/contact/submit-contact',
    // Its ContactSubmitted event goes through the outbox (written in the submission's transaction).
    needs: { table: 'write' },
    access: 'public',
    throttle: PUBLIC_WRITE,
    ipLimit: { max: 5, windowSeconds: 60 },
  },
  {
    method: 'GET',
    path: '/api/public/content/{section}',
    handler: 'http/content/list-public-content',
    needs: { table: 'read' },
    access: 'public',
    throttle: { rate: 200, burst: 400 },
  },
  {
    method: 'POST',
    path: '/api/public/events',
    handler: 'http/analytics/collect-event',
    needs: { table: 'write' },
    access: 'public',
    throttle: { rate: 50, burst: 100 },
    ipLimit: { max: 120, windowSeconds: 60 },
  },
  // Whether the API reaches its data store (the portal's profile load asks it after a server error).
  {
    method: 'GET',
    path: '/api/health',
    handler: 'http/health/get-health',
    needs: { table: 'read' },
    access: 'public',
    throttle: { rate: 20, burst: 40 },
  },
  {
    method: 'GET',
    path: '/api/me',
    handler: 'http/me/get-me',
    needs: {},
    access: 'signed-in',
  },
  // Signup by invitation: the invitation's prefill, then the account's password (single use).
  {
    method: 'GET',
    path: '/api/invitations/{token}',
    handler: 'http/signup/get-invitation',
    needs: { table: 'read' },
    access: 'public',
    throttle: { rate: 20, burst: 40 },
  },
  {
    method: 'POST',
    path: '/api/signup',
    handler: 'http/signup/submit-signup',
    needs: { table: 'delete', users: ['setPassword'] },
    access: 'public',
    throttle: PUBLIC_WRITE,
    ipLimit: { max: 10, windowSeconds: 60 },
  },
] as const satisfies RouteTable;
