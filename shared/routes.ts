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
  /** What the handler itself needs from AWS (see `Needs`); required in `routes` below. */
  needs?: Needs;
  /**
   * Paths cached by the CDN that a successful call changes: the handler raises `PublicPathsChanged` with
   * them in its change's transaction, and `events/invalidate-cdn` invalidates them (ADR 0018, ADR 0016).
   */
  invalidates?: readonly string[];
}

/** How much of the single table a handler uses: `write` adds puts, updates and transactions; `delete` adds deletes and batch writes. */
export type TableAccess = 'read' | 'write' | 'delete';

/** Cognito admin calls a handler makes (shared/adapters/user-directory.ts). */
export type UserAction = 'read' | 'create' | 'setPassword' | 'disable' | 'delete';

/**
 * What a handler needs from AWS beyond its logs, and nothing more: the cloud grants exactly this
 * (infra/cloud/capabilities.ts) and test/infra checks it against what the handler's code can reach.
 * The HTTP wrapper's own needs follow from the route: an admin route reads the caller's profile
 * (table `read`); a route a client may call (`client`, `signed-in`) also creates a missing client
 * profile (table `write`, users `read`); an `ipLimit` counts in the table.
 */
export interface Needs {
  table?: TableAccess;
  /** Sends e-mail from the app's SES identities. */
  email?: boolean;
  /** Puts events on the app's bus. */
  publish?: boolean;
  /** Pushes to or closes WebSocket connections. */
  push?: boolean;
  /** Creates, moves and deletes one-off schedules (and passes the scheduler role). */
  scheduler?: boolean;
  /** Media bucket objects: `read` (presigned downloads, checks), `write` adds presigned uploads and deletes. */
  media?: 'read' | 'write';
  users?: readonly UserAction[];
  /** Invalidates paths on the site's CloudFront distribution (the web stack grants it on that one distribution). */
  cdn?: boolean;
  /** Reads the payment provider's keys from Secrets Manager (shared/adapters/payments.ts). */
  secrets?: boolean;
}

/** Throttle used by public routes that write. */
const PUBLIC_WRITE = { rate: 5, burst: 10 } as const;

export const routes = [
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
  {
    method: 'GET',
    path: '/api/contact-submissions',
    handler: 'http/contact/list-contact-submissions',
    needs: { table: 'read' },
    access: 'admin',
  },
  // Contact submissions: status, conversion to a client, bulk permanent deletion.
  {
    method: 'GET',
    path: '/api/contact-submissions/{id}',
    handler: 'http/contact/get-contact-submission',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/contact-submissions/{id}/status',
    handler: 'http/contact/update-contact-status',
    needs: { table: 'delete', media: 'write', publish: true, scheduler: true, users: ['delete', 'disable'] },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/contact-submissions/{id}/convert',
    handler: 'http/contact/convert-contact-submission',
    needs: { table: 'delete', publish: true, users: ['create', 'delete', 'read'] },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/contact-submissions/delete',
    handler: 'http/contact/delete-contact-submissions',
    needs: { table: 'delete', publish: true },
    access: 'admin',
  },
  // The trainer's client book.
  {
    method: 'GET',
    path: '/api/dashboard/admin',
    handler: 'http/dashboard/get-admin-dashboard',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/clients',
    handler: 'http/clients/list-clients',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/clients',
    handler: 'http/clients/create-client',
    needs: { table: 'delete', publish: true, users: ['create', 'delete', 'read'] },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/clients/{id}',
    handler: 'http/clients/get-client',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/clients/{id}',
    handler: 'http/clients/update-client',
    needs: { table: 'delete' },
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/clients/{id}',
    handler: 'http/clients/delete-client',
    needs: { table: 'delete', media: 'write', publish: true, scheduler: true, users: ['delete'] },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/clients/{id}/deactivate',
    handler: 'http/clients/deactivate-client',
    needs: { table: 'write', publish: true, users: ['disable'] },
    access: 'admin',
  },
  // Dogs and their photos.
  {
    method: 'GET',
    path: '/api/me/dogs',
    handler: 'http/dogs/list-my-dogs',
    needs: { table: 'read', media: 'read' },
    access: 'signed-in',
  },
  {
    method: 'GET',
    path: '/api/clients/{id}/dogs',
    handler: 'http/dogs/list-client-dogs',
    needs: { table: 'read', media: 'read' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/clients/{id}/dogs',
    handler: 'http/dogs/create-dog',
    needs: { table: 'write', media: 'read' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/dogs/{dogId}',
    handler: 'http/dogs/get-dog',
    needs: { table: 'read', media: 'read' },
    access: 'signed-in',
  },
  {
    method: 'PATCH',
    path: '/api/dogs/{dogId}',
    handler: 'http/dogs/update-dog',
    needs: { table: 'delete', media: 'read' },
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/dogs/{dogId}',
    handler: 'http/dogs/delete-dog',
    needs: { table: 'delete', media: 'write' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/uploads/photo',
    handler: 'http/dogs/create-photo-upload',
    needs: { media: 'write' },
    access: 'signed-in',
  },
  {
    method: 'PUT',
    path: '/api/dogs/{dogId}/photo',
    handler: 'http/dogs/attach-dog-photo',
    needs: { table: 'write', media: 'write' },
    access: 'signed-in',
  },
  {
    method: 'DELETE',
    path: '/api/dogs/{dogId}/photo',
    handler: 'http/dogs/remove-dog-photo',
    needs: { table: 'write', media: 'write' },
    access: 'signed-in',
  },
  // The trainer's notes about a client (admin only, never shown to clients).
  {
    method: 'GET',
    path: '/api/clients/{id}/notes',
    handler: 'http/notes/list-client-notes',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/clients/{id}/notes',
    handler: 'http/notes/create-client-note',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/notes/{noteId}',
    handler: 'http/notes/update-client-note',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/notes/{noteId}',
    handler: 'http/notes/delete-client-note',
    needs: { table: 'delete' },
    access: 'admin',
  },
  // The signed-in person's own data: messages received, the data export, deleting the account.
  {
    method: 'GET',
    path: '/api/me/messages',
    handler: 'http/messages/list-my-messages',
    needs: { table: 'read' },
    access: 'signed-in',
  },
  {
    method: 'GET',
    path: '/api/me/messages/unread-count',
    handler: 'http/messages/get-my-unread-count',
    needs: { table: 'read' },
    access: 'signed-in',
  },
  {
    method: 'GET',
    path: '/api/me/messages/{id}',
    handler: 'http/messages/get-my-message',
    needs: { table: 'read' },
    access: 'signed-in',
  },
  // Opening a message: the read receipt, once; the unread count falls by one, never below zero.
  {
    method: 'POST',
    path: '/api/me/messages/{id}/read',
    handler: 'http/messages/mark-message-read',
    needs: { table: 'write', publish: true },
    access: 'client',
  },
  {
    method: 'GET',
    path: '/api/me/export',
    handler: 'http/account/export-my-data',
    needs: { table: 'read' },
    access: 'signed-in',
  },
  // Deletes the caller's Cognito user as the last step of the full deletion.
  {
    method: 'DELETE',
    path: '/api/me',
    handler: 'http/account/delete-my-account',
    needs: { table: 'delete', media: 'write', publish: true, scheduler: true, users: ['delete'] },
    access: 'client',
  },
  // Onboarding wizard (issue 9): the caller's own draft and step, and the completion. Clients only:
  // an admin has no profile to complete.
  {
    method: 'GET',
    path: '/api/me/onboarding',
    handler: 'http/onboarding/get-onboarding',
    needs: { table: 'read' },
    access: 'client',
  },
  {
    method: 'PUT',
    path: '/api/me/onboarding',
    handler: 'http/onboarding/save-onboarding',
    needs: { table: 'write' },
    access: 'client',
  },
  {
    method: 'POST',
    path: '/api/me/onboarding/complete',
    handler: 'http/onboarding/complete-onboarding',
    needs: { table: 'delete' },
    access: 'client',
  },
  // Settings that persist on the server: the caller's own preferences and profile, the business's
  // settings (admin), and what the public site shows of the business.
  { method: 'GET', path: '/api/me/settings', handler: 'http/settings/get-my-settings', needs: {}, access: 'signed-in' },
  {
    method: 'PUT',
    path: '/api/me/settings',
    handler: 'http/settings/update-my-settings',
    needs: { table: 'write' },
    access: 'signed-in',
  },
  {
    method: 'PATCH',
    path: '/api/me/profile',
    handler: 'http/settings/update-my-profile',
    needs: { table: 'delete' },
    access: 'signed-in',
  },
  {
    method: 'GET',
    path: '/api/settings/business',
    handler: 'http/settings/get-business-settings',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'PUT',
    path: '/api/settings/business',
    handler: 'http/settings/update-business-settings',
    needs: { table: 'write' },
    access: 'admin',
    // The public site's business name, phone and e-mail (GET /api/public/business, cached by CloudFront):
    // raised as PublicPathsChanged through the outbox, invalidated by events/invalidate-cdn.
    invalidates: ['/api/public/business'],
  },
  // The trainer's messages: compose (now or scheduled), the sent and scheduled lists, templates.
  {
    method: 'POST',
    path: '/api/messages',
    handler: 'http/messages/compose-message',
    needs: { table: 'delete', publish: true, scheduler: true },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/messages',
    handler: 'http/messages/list-sent-messages',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/messages/scheduled',
    handler: 'http/messages/list-scheduled-messages',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/messages/{id}',
    handler: 'http/messages/get-message',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/messages/{id}',
    handler: 'http/messages/update-scheduled-message',
    needs: { table: 'delete', publish: true, scheduler: true },
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/messages/{id}',
    handler: 'http/messages/delete-scheduled-message',
    needs: { table: 'delete', publish: true, scheduler: true },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/templates',
    handler: 'http/templates/list-templates',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/templates',
    handler: 'http/templates/create-template',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'PUT',
    path: '/api/templates/{id}',
    handler: 'http/templates/update-template',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/templates/{id}',
    handler: 'http/templates/set-template-status',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/templates/{id}',
    handler: 'http/templates/delete-template',
    needs: { table: 'delete' },
    access: 'admin',
  },
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
    needs: { table: 'write' },
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
  {
    method: 'GET',
    path: '/api/public/business',
    handler: 'http/settings/get-public-business',
    needs: { table: 'read' },
    access: 'public',
    throttle: { rate: 100, burst: 200 },
  },
  // Discount codes: the trainer creates, lists, toggles and deletes them; a client checks one at payment.
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
  // Payments: a client opens a hosted checkout (priced by the server), returns to see it, or cancels it;
  // the provider's signed webhook marks it paid or expired.
  {
    method: 'POST',
    path: '/api/payments/checkout',
    handler: 'http/payments/create-checkout',
    needs: { table: 'write', secrets: true },
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
    needs: { table: 'write', secrets: true },
    access: 'client',
  },
  {
    method: 'POST',
    path: '/api/public/payments/webhook',
    handler: 'http/payments/payment-webhook',
    needs: { table: 'write', secrets: true },
    access: 'public',
    throttle: { rate: 20, burst: 40 },
  },
] as const satisfies readonly (RouteDef & { needs: Needs })[];

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
  /**
   * The trainer scheduled, changed, cancelled or deleted a session (outbox, in the write's transaction):
   * move its reminder schedule and send the client the appointment message.
   */
  SessionWritten: ['events/sync-session-reminder', 'events/send-appointment-message'],
  /** 24 hours before a scheduled or confirmed session (one-off schedule, or the local queue): remind the client. */
  SessionReminderDue: ['events/send-session-reminder'],
  /**
   * A change made through the product changed public GETs the CDN caches (a route's `invalidates`):
   * invalidate them. Kept out of the HTTP handlers so they do not bundle the CloudFront client.
   */
  PublicPathsChanged: ['events/invalidate-cdn'],
} as const satisfies Record<string, readonly string[]>;

export type EventName = keyof typeof events;

export interface ScheduleDef {
  name: string;
  /** EventBridge schedule expression used in the cloud. */
  expression: string;
  /** The same period in milliseconds for the local scheduler. */
  everyMs: number;
  handler: string;
  /** What the handler needs from AWS; required in `schedules` below. */
  needs?: Needs;
}

export const schedules = [
  {
    name: 'complete-sessions',
    expression: 'rate(5 minutes)',
    everyMs: 5 * 60 * 1000,
    handler: 'jobs/complete-sessions',
    needs: { table: 'write' },
  },
] as const satisfies readonly (ScheduleDef & { needs: Needs })[];

/** WebSocket API lifecycle routes. Clients only receive; they never send routed messages. */
export const realtime = {
  $connect: 'realtime/connect',
  $disconnect: 'realtime/disconnect',
} as const;

/**
 * Consumers of the table's stream (NEW_IMAGE): each gets the inserts of one entity (ElectroDB's
 * `__edb_e__` attribute of the new image), in batches. In the cloud an event source mapping with
 * this filter (infra/cloud/outbox.ts); locally the stream poller applies the same filter
 * (infra/local/stream-poller.ts).
 */
export interface StreamDef {
  handler: string;
  /** The ElectroDB entity whose inserts are delivered. */
  entity: string;
  /** What the consumer needs from AWS besides reading the stream (granted with its event source mapping). */
  needs: Needs;
}

export const streams = {
  /** The transactional outbox: events written with the change that raised them, published to the bus. */
  outbox: { handler: 'streams/publish-outbox', entity: 'outbox', needs: { publish: true } },
} as const satisfies Record<string, StreamDef>;

type EventHandler = (typeof events)[EventName][number];
type RealtimeHandler = (typeof realtime)[keyof typeof realtime];

/**
 * What each event and WebSocket lifecycle handler needs from AWS (HTTP routes and schedules declare
 * theirs inline). Keyed by module, so a handler named in `events` or `realtime` without an entry here
 * does not compile.
 */
export const handlerNeeds: Record<EventHandler | RealtimeHandler, Needs> = {
  'events/close-client-connections': { push: true },
  'events/deliver-scheduled-message': { table: 'write', publish: true },
  'events/email-contact-submission': { table: 'read', email: true },
  'events/email-invitation': { table: 'read', email: true },
  'events/email-message-notice': { table: 'write', email: true },
  'events/invalidate-cdn': { cdn: true },
  'events/notify-contact-submission': { table: 'read', push: true },
  'events/notify-contact-submissions-changed': { table: 'read', push: true },
  'events/notify-message-delivered': { table: 'read', push: true },
  'events/notify-message-read': { table: 'read', push: true },
  'events/notify-messages-changed': { table: 'read', push: true },
  'events/notify-sessions-changed': { table: 'read', push: true },
  'events/send-session-reminder': { table: 'delete', email: true, publish: true, scheduler: true },
  'events/sync-session-reminder': { table: 'read', scheduler: true },
  // composeMessages can also schedule (and undo) a message; an appointment message is always sent now.
  'events/send-appointment-message': { table: 'delete', publish: true, scheduler: true },
  'realtime/connect': { table: 'write' },
  'realtime/disconnect': { table: 'delete' },
};

/** Every handler module named anywhere above (used by bundling and by tests). */
export function allHandlers(): string[] {
  const set = new Set<string>();
  for (const r of routes) set.add(r.handler);
  for (const hs of Object.values(events)) for (const h of hs) set.add(h);
  for (const s of schedules) set.add(s.handler);
  for (const h of Object.values(realtime)) set.add(h);
  for (const s of Object.values(streams)) set.add(s.handler);
  return [...set].sort();
}
