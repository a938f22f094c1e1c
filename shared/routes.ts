/**
 * The one declaration of everything that invokes a handler: HTTP routes, events, schedules and the
 * realtime (WebSocket) lifecycle. The CDK stacks, the local runtime and the authorization matrix test
 * all read these tables, so the cloud and the laptop cannot drift apart.
 *
 * `handler` is a module path under `functions/` without extension; the module exports `handler`.
 */

/** Who may call a route. `signed-in` is any active client or admin. */
export type Access = 'public' | 'client' | 'admin' | 'signed-in';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway style path; every API path starts with /api so the site and the API share an origin. */
  path: string;
  handler: string;
  access: Access;
  /** Stage throttling in the cloud (requests per second and burst). */
  throttle?: { rate: number; burst: number };
  /** Per-caller-IP limit enforced by the handler itself (works in the cloud and locally). */
  ipLimit?: { max: number; windowSeconds: number };
  /** The handler manages Cognito users itself (admin routes always may). */
  manageUsers?: boolean;
  /**
   * Paths cached by the CDN that a successful call changes: the handler invalidates them
   * (shared/adapters/cdn.ts) and the stacks grant it exactly that (ADR 0018).
   */
  invalidates?: readonly string[];
}

/** Throttle used by public routes that write. */
const PUBLIC_WRITE = { rate: 5, burst: 10 } as const;

export const routes = [
  {
    method: 'POST',
    path: '/api/public/contact',
    handler: 'http/contact/submit-contact',
    access: 'public',
    throttle: PUBLIC_WRITE,
    ipLimit: { max: 5, windowSeconds: 60 },
  },
  {
    method: 'GET',
    path: '/api/public/content/{section}',
    handler: 'http/content/list-public-content',
    access: 'public',
    throttle: { rate: 200, burst: 400 },
  },
  {
    method: 'POST',
    path: '/api/public/events',
    handler: 'http/analytics/collect-event',
    access: 'public',
    throttle: { rate: 50, burst: 100 },
    ipLimit: { max: 120, windowSeconds: 60 },
  },
  {
    method: 'GET',
    path: '/api/me',
    handler: 'http/me/get-me',
    access: 'signed-in',
  },
  // Signup by invitation: the invitation's prefill, then the account's password (single use).
  {
    method: 'GET',
    path: '/api/invitations/{token}',
    handler: 'http/signup/get-invitation',
    access: 'public',
    throttle: { rate: 20, burst: 40 },
  },
  {
    method: 'POST',
    path: '/api/signup',
    handler: 'http/signup/submit-signup',
    access: 'public',
    throttle: PUBLIC_WRITE,
    ipLimit: { max: 10, windowSeconds: 60 },
    // Sets the invited account's permanent password.
    manageUsers: true,
  },
  {
    method: 'GET',
    path: '/api/contact-submissions',
    handler: 'http/contact/list-contact-submissions',
    access: 'admin',
  },
  // Contact submissions: status, conversion to a client, bulk permanent deletion.
  {
    method: 'GET',
    path: '/api/contact-submissions/{id}',
    handler: 'http/contact/get-contact-submission',
    access: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/contact-submissions/{id}/status',
    handler: 'http/contact/update-contact-status',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/contact-submissions/{id}/convert',
    handler: 'http/contact/convert-contact-submission',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/contact-submissions/delete',
    handler: 'http/contact/delete-contact-submissions',
    access: 'admin',
  },
  // The trainer's client book.
  { method: 'GET', path: '/api/dashboard/admin', handler: 'http/dashboard/get-admin-dashboard', access: 'admin' },
  { method: 'GET', path: '/api/clients', handler: 'http/clients/list-clients', access: 'admin' },
  { method: 'POST', path: '/api/clients', handler: 'http/clients/create-client', access: 'admin' },
  { method: 'GET', path: '/api/clients/{id}', handler: 'http/clients/get-client', access: 'admin' },
  { method: 'PATCH', path: '/api/clients/{id}', handler: 'http/clients/update-client', access: 'admin' },
  { method: 'DELETE', path: '/api/clients/{id}', handler: 'http/clients/delete-client', access: 'admin' },
  { method: 'POST', path: '/api/clients/{id}/deactivate', handler: 'http/clients/deactivate-client', access: 'admin' },
  // Dogs and their photos.
  { method: 'GET', path: '/api/me/dogs', handler: 'http/dogs/list-my-dogs', access: 'signed-in' },
  { method: 'GET', path: '/api/clients/{id}/dogs', handler: 'http/dogs/list-client-dogs', access: 'admin' },
  { method: 'POST', path: '/api/clients/{id}/dogs', handler: 'http/dogs/create-dog', access: 'admin' },
  { method: 'GET', path: '/api/dogs/{dogId}', handler: 'http/dogs/get-dog', access: 'signed-in' },
  { method: 'PATCH', path: '/api/dogs/{dogId}', handler: 'http/dogs/update-dog', access: 'admin' },
  { method: 'DELETE', path: '/api/dogs/{dogId}', handler: 'http/dogs/delete-dog', access: 'admin' },
  { method: 'POST', path: '/api/uploads/photo', handler: 'http/dogs/create-photo-upload', access: 'signed-in' },
  { method: 'PUT', path: '/api/dogs/{dogId}/photo', handler: 'http/dogs/attach-dog-photo', access: 'signed-in' },
  { method: 'DELETE', path: '/api/dogs/{dogId}/photo', handler: 'http/dogs/remove-dog-photo', access: 'signed-in' },
  // The trainer's notes about a client (admin only, never shown to clients).
  { method: 'GET', path: '/api/clients/{id}/notes', handler: 'http/notes/list-client-notes', access: 'admin' },
  { method: 'POST', path: '/api/clients/{id}/notes', handler: 'http/notes/create-client-note', access: 'admin' },
  { method: 'PATCH', path: '/api/notes/{noteId}', handler: 'http/notes/update-client-note', access: 'admin' },
  { method: 'DELETE', path: '/api/notes/{noteId}', handler: 'http/notes/delete-client-note', access: 'admin' },
  // The signed-in person's own data: messages received, the data export, deleting the account.
  { method: 'GET', path: '/api/me/messages', handler: 'http/messages/list-my-messages', access: 'signed-in' },
  {
    method: 'GET',
    path: '/api/me/messages/unread-count',
    handler: 'http/messages/get-my-unread-count',
    access: 'signed-in',
  },
  { method: 'GET', path: '/api/me/messages/{id}', handler: 'http/messages/get-my-message', access: 'signed-in' },
  // Opening a message: the read receipt, once; the unread count falls by one, never below zero.
  { method: 'POST', path: '/api/me/messages/{id}/read', handler: 'http/messages/mark-message-read', access: 'client' },
  { method: 'GET', path: '/api/me/export', handler: 'http/account/export-my-data', access: 'signed-in' },
  // Deletes the caller's Cognito user as the last step of the full deletion.
  { method: 'DELETE', path: '/api/me', handler: 'http/account/delete-my-account', access: 'client', manageUsers: true },
  // Onboarding wizard (issue 9): the caller's own draft and step, and the completion. Clients only:
  // an admin has no profile to complete.
  { method: 'GET', path: '/api/me/onboarding', handler: 'http/onboarding/get-onboarding', access: 'client' },
  { method: 'PUT', path: '/api/me/onboarding', handler: 'http/onboarding/save-onboarding', access: 'client' },
  {
    method: 'POST',
    path: '/api/me/onboarding/complete',
    handler: 'http/onboarding/complete-onboarding',
    access: 'client',
  },
  // Settings that persist on the server: the caller's own preferences and profile, the business's
  // settings (admin), and what the public site shows of the business.
  { method: 'GET', path: '/api/me/settings', handler: 'http/settings/get-my-settings', access: 'signed-in' },
  { method: 'PUT', path: '/api/me/settings', handler: 'http/settings/update-my-settings', access: 'signed-in' },
  { method: 'PATCH', path: '/api/me/profile', handler: 'http/settings/update-my-profile', access: 'signed-in' },
  { method: 'GET', path: '/api/settings/business', handler: 'http/settings/get-business-settings', access: 'admin' },
  {
    method: 'PUT',
    path: '/api/settings/business',
    handler: 'http/settings/update-business-settings',
    access: 'admin',
    // The public site's business name, phone and e-mail (GET /api/public/business, cached by CloudFront).
    invalidates: ['/api/public/business'],
  },
  // The trainer's messages: compose (now or scheduled), the sent and scheduled lists, templates.
  { method: 'POST', path: '/api/messages', handler: 'http/messages/compose-message', access: 'admin' },
  { method: 'GET', path: '/api/messages', handler: 'http/messages/list-sent-messages', access: 'admin' },
  { method: 'GET', path: '/api/messages/scheduled', handler: 'http/messages/list-scheduled-messages', access: 'admin' },
  { method: 'GET', path: '/api/messages/{id}', handler: 'http/messages/get-message', access: 'admin' },
  { method: 'PATCH', path: '/api/messages/{id}', handler: 'http/messages/update-scheduled-message', access: 'admin' },
  { method: 'DELETE', path: '/api/messages/{id}', handler: 'http/messages/delete-scheduled-message', access: 'admin' },
  { method: 'GET', path: '/api/templates', handler: 'http/templates/list-templates', access: 'admin' },
  { method: 'POST', path: '/api/templates', handler: 'http/templates/create-template', access: 'admin' },
  { method: 'PUT', path: '/api/templates/{id}', handler: 'http/templates/update-template', access: 'admin' },
  { method: 'PATCH', path: '/api/templates/{id}', handler: 'http/templates/set-template-status', access: 'admin' },
  { method: 'DELETE', path: '/api/templates/{id}', handler: 'http/templates/delete-template', access: 'admin' },
  // Training sessions: the trainer schedules, moves, cancels and deletes (the client gets an appointment
  // message); a client lists their own and confirms a future scheduled one.
  { method: 'GET', path: '/api/sessions', handler: 'http/sessions/list-sessions', access: 'admin' },
  { method: 'GET', path: '/api/sessions/stats', handler: 'http/sessions/get-session-stats', access: 'admin' },
  { method: 'POST', path: '/api/sessions', handler: 'http/sessions/create-session', access: 'admin' },
  { method: 'GET', path: '/api/sessions/{id}', handler: 'http/sessions/get-session', access: 'admin' },
  { method: 'PUT', path: '/api/sessions/{id}', handler: 'http/sessions/update-session', access: 'admin' },
  { method: 'POST', path: '/api/sessions/{id}/cancel', handler: 'http/sessions/cancel-session', access: 'admin' },
  { method: 'DELETE', path: '/api/sessions/{id}', handler: 'http/sessions/delete-session', access: 'admin' },
  {
    method: 'GET',
    path: '/api/clients/{id}/homework',
    handler: 'http/clients/list-client-homework',
    access: 'admin',
  },
  { method: 'GET', path: '/api/me/sessions', handler: 'http/sessions/list-my-sessions', access: 'client' },
  { method: 'GET', path: '/api/me/sessions/stats', handler: 'http/sessions/get-my-session-stats', access: 'client' },
  {
    method: 'POST',
    path: '/api/me/sessions/{id}/confirm',
    handler: 'http/sessions/confirm-session',
    access: 'client',
  },
  // Private calendar feeds (iCalendar): the caller's own feed URL and its reset; the feed itself is
  // public, found by the URL's random secret only (a client's own sessions, the trainer's all).
  { method: 'GET', path: '/api/me/calendar-feed', handler: 'http/feeds/get-my-calendar-feed', access: 'signed-in' },
  {
    method: 'POST',
    path: '/api/me/calendar-feed/reset',
    handler: 'http/feeds/reset-my-calendar-feed',
    access: 'signed-in',
  },
  {
    method: 'GET',
    path: '/api/public/calendar/{token}',
    handler: 'http/feeds/get-calendar-feed',
    access: 'public',
    throttle: { rate: 20, burst: 40 },
    ipLimit: { max: 60, windowSeconds: 60 },
  },
  {
    method: 'GET',
    path: '/api/public/business',
    handler: 'http/settings/get-public-business',
    access: 'public',
    throttle: { rate: 100, burst: 200 },
  },
] as const satisfies readonly RouteDef[];

export type Route = (typeof routes)[number];

/** `METHOD /path`, the API Gateway v2 route key. */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

export function findRoute(key: string): RouteDef | undefined {
  return (routes as readonly RouteDef[]).find((r) => routeKey(r) === key);
}

/** EventBridge detail-types and the handlers each one fans out to. */
export const EVENT_SOURCE = 'pawsitive.portal';

export const events = {
  ContactSubmitted: ['events/email-contact-submission', 'events/notify-contact-submission'],
  /** A signup invitation was created: e-mail its link to the invited person. */
  InvitationCreated: ['events/email-invitation'],
  /** A client was deactivated or deleted: close their open WebSocket connections. */
  ClientAccessRevoked: ['events/close-client-connections'],
  /** A contact submission changed (status, removal, deletion): refresh the admins' lists and counts. */
  ContactSubmissionsChanged: ['events/notify-contact-submissions-changed'],
  /** A message reached its recipient (sent now, or a scheduled one came due): push and e-mail notice. */
  MessageDelivered: ['events/notify-message-delivered', 'events/email-message-notice'],
  /** A scheduled message's send time came (EventBridge Scheduler one-off schedule, or the local queue). */
  MessageDue: ['events/deliver-scheduled-message'],
  /** A recipient opened a message: the trainer's lists show the receipt, the client's other tabs the count. */
  MessageRead: ['events/notify-message-read'],
  /** Compose, edit or delete changed the trainer's lists. */
  MessagesChanged: ['events/notify-messages-changed'],
  /** A session was scheduled, changed, cancelled, confirmed, completed or deleted: refresh the lists. */
  SessionsChanged: ['events/notify-sessions-changed'],
  /** 24 hours before a scheduled or confirmed session (one-off schedule, or the local queue): remind the client. */
  SessionReminderDue: ['events/send-session-reminder'],
} as const satisfies Record<string, readonly string[]>;

export type EventName = keyof typeof events;

export interface ScheduleDef {
  name: string;
  /** EventBridge schedule expression used in the cloud. */
  expression: string;
  /** The same period in milliseconds for the local scheduler. */
  everyMs: number;
  handler: string;
}

export const schedules = [
  {
    name: 'complete-sessions',
    expression: 'rate(5 minutes)',
    everyMs: 5 * 60 * 1000,
    handler: 'jobs/complete-sessions',
  },
] as const satisfies readonly ScheduleDef[];

/** WebSocket API lifecycle routes. Clients only receive; they never send routed messages. */
export const realtime = {
  $connect: 'realtime/connect',
  $disconnect: 'realtime/disconnect',
} as const;

/** Every handler module named anywhere above (used by bundling and by tests). */
export function allHandlers(): string[] {
  const set = new Set<string>();
  for (const r of routes) set.add(r.handler);
  for (const hs of Object.values(events)) for (const h of hs) set.add(h);
  for (const s of schedules) set.add(s.handler);
  for (const h of Object.values(realtime)) set.add(h);
  return [...set].sort();
}
