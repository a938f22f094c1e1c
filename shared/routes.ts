/**
 * The one declaration of everything that invokes a handler: HTTP routes, events, schedules and the
 * realtime (WebSocket) lifecycle. The CDK stacks, the local runtime and the authorization matrix test
 * all read these tables, so the cloud and the laptop cannot drift apart.
 *
 * `handler` is a module path under `functions/` without extension; the module exports `handler`. The
 * routes of each feature area are declared in shared/routes/ (their types in shared/routes/route-def.ts)
 * and joined here, in this order, into the one table.
 */

import { analyticsRoutes } from './routes/analytics.js';
import { bookingRoutes } from './routes/booking.js';
import { classRoutes } from './routes/classes.js';
import { clientRoutes } from './routes/clients.js';
import { contactSubmissionRoutes } from './routes/contact-submissions.js';
import { conversationRoutes } from './routes/conversations.js';
import { creditRoutes } from './routes/credits.js';
import { meRoutes } from './routes/me.js';
import { messageRoutes } from './routes/messages.js';
import { paymentRoutes } from './routes/payments.js';
import { pushRoutes } from './routes/push.js';
import { referralRoutes } from './routes/referrals.js';
import type { Needs, RouteDef, RouteTable } from './routes/route-def.js';
import { sessionRoutes } from './routes/sessions.js';
import { publicBusinessRoutes, settingsRoutes } from './routes/settings.js';
import { siteRoutes } from './routes/site.js';
import { vaccinationRoutes } from './routes/vaccinations.js';
import { websiteContentRoutes } from './routes/website-content.js';
import { websiteLiveRoutes } from './routes/website-live.js';

export type { Access, Needs, RouteDef, TableAccess, UserAction } from './routes/route-def.js';

// Joined in a call marked pure: esbuild drops an unused spread only then, so a bundle that imports this
// module for its event names or streams only (shared/adapters/events.ts, the stream consumers) leaves
// the table out. HTTP handlers look their route up in it (findRoute, functions/lib/http.ts).
export const routes = /* @__PURE__ */ (() =>
  [
    ...siteRoutes,
    ...contactSubmissionRoutes,
    ...clientRoutes,
    ...meRoutes,
    ...settingsRoutes,
    ...messageRoutes,
    ...conversationRoutes,
    ...sessionRoutes,
    ...publicBusinessRoutes,
    ...paymentRoutes,
    ...creditRoutes,
    ...referralRoutes,
    ...websiteContentRoutes,
    ...vaccinationRoutes,
    ...analyticsRoutes,
    ...websiteLiveRoutes,
    ...bookingRoutes,
    ...pushRoutes,
    ...classRoutes,
  ] as const satisfies RouteTable)();

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
  /**
   * A post or a read of a conversation (outbox, in its transaction): both sides' open tabs refetch it
   * live; a post is e-mailed to the other side (the trainer at most once per conversation per 15 minutes).
   */
  ConversationChanged: ['events/notify-conversation-changed', 'events/email-conversation-notice'],
  /** Compose, edit or delete changed the trainer's lists. */
  MessagesChanged: ['events/notify-messages-changed'],
  /** A session was scheduled, changed, cancelled, confirmed, completed or deleted: refresh the lists. */
  SessionsChanged: ['events/notify-sessions-changed'],
  /**
   * The trainer scheduled, changed, cancelled or deleted a session (outbox, in the write's transaction):
   * move its reminder schedule and send the client the appointment message.
   */
  SessionWritten: ['events/sync-session-reminder', 'events/send-appointment-message'],
  /**
   * A payment was paid (outbox, in the paid transition's transaction): e-mail the payer a receipt, tell
   * the trainer's tabs and the payer's (the return page) live, and enrol the dog a class payment is for.
   */
  PaymentPaid: ['events/email-payment-receipt', 'events/notify-payment-paid'],
  /** 24 hours before a scheduled or confirmed session (one-off schedule, or the local queue): remind the client. */
  SessionReminderDue: ['events/send-session-reminder'],
  /**
   * A change made through the product changed public GETs the CDN caches (a route's `invalidates`):
   * invalidate them. Kept out of the HTTP handlers so they do not bundle the CloudFront client.
   */
  PublicPathsChanged: ['events/invalidate-cdn'],
  /** A client sent a referral (outbox, in the referral's transaction): e-mail the friend the code and link. */
  ReferralSent: ['events/send-referral-email'],
  /**
   * Published content changed (outbox, in the content write's transaction; detail `{ section }`):
   * re-render the public pages that show the section into the site and invalidate them.
   */
  WebsiteContentChanged: ['events/render-public-pages'],
  /** 30 or 7 days before a vaccination record expires (one-off schedule, or the local queue): remind the client. */
  VaccinationReminderDue: ['events/send-vaccination-reminder'],
  /** The trainer changed the required vaccines (outbox, with the settings): re-sort every dog on the due list. */
  VaccinationRequirementsChanged: ['events/resort-vaccinations-due'],
  /** A booking request was made, approved, declined or cancelled (outbox): refresh the lists live. */
  BookingsChanged: ['events/notify-bookings-changed'],
  /** The trainer declined a booking request (outbox): the client gets the message and e-mail. */
  BookingDeclined: ['events/send-booking-message'],
  /**
   * A freed class seat was offered to the first on the waitlist (outbox, in the offer's transaction):
   * schedule the offer's expiry, send the client the message (with its push notice) and the e-mail.
   */
  ClassSeatOffered: ['events/send-class-offer'],
  /** A class seat offer's hold ended (one-off schedule, or the local queue): pass it to the next, or free it. */
  ClassOfferExpired: ['events/expire-class-offer'],
  /** The trainer cancelled a class meeting (outbox): each client with a seat gets the message with the reason. */
  ClassMeetingCancelled: ['events/notify-class-meeting-changed'],
  /** The trainer moved a class meeting (outbox): each client with a seat gets the message with the new time. */
  ClassMeetingMoved: ['events/notify-class-meeting-changed'],
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
  outbox: { handler: 'streams/publish-outbox', entity: 'outbox', needs: { table: 'delete', publish: true } },
  /** Analytics events into the daily aggregates (each once), then the active visitors to the trainer's tabs. */
  analytics: {
    handler: 'streams/aggregate-analytics',
    entity: 'analyticsEvent',
    needs: { table: 'write', push: true },
  },
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
  'events/email-conversation-notice': { table: 'write', email: true },
  // Also the devices' push notices of a post (ADR 0055): markers written, dropped subscriptions removed.
  'events/notify-conversation-changed': { table: 'delete', push: true, webPush: true },
  'events/invalidate-cdn': { cdn: true },
  'events/render-public-pages': { table: 'write', site: true, cdn: true },
  'events/notify-contact-submission': { table: 'delete', push: true, webPush: true },
  'events/notify-contact-submissions-changed': { table: 'read', push: true },
  // Also the devices' push notices: a sent marker per device (write), a dropped subscription removed (delete);
  // the same for the payment's and the booking request's notices below.
  'events/notify-message-delivered': { table: 'delete', push: true, webPush: true },
  'events/notify-message-read': { table: 'read', push: true },
  'events/notify-messages-changed': { table: 'read', push: true },
  'events/notify-sessions-changed': { table: 'read', push: true },
  'events/send-referral-email': { table: 'read', email: true },
  'events/email-payment-receipt': { table: 'read', email: true },
  'events/notify-payment-paid': { table: 'delete', push: true, webPush: true },
  'events/send-session-reminder': { table: 'delete', email: true, publish: true, scheduler: true },
  'events/sync-session-reminder': { table: 'read', scheduler: true },
  // composeMessages can also schedule (and undo) a message; an appointment message is always sent now.
  'events/send-appointment-message': { table: 'delete', publish: true, scheduler: true },
  'events/send-vaccination-reminder': { table: 'delete', email: true, publish: true, scheduler: true },
  'events/resort-vaccinations-due': { table: 'write' },
  'events/notify-bookings-changed': { table: 'delete', push: true, webPush: true },
  // composeMessages as for the appointment message (it may schedule and undo a message).
  'events/send-booking-message': { table: 'delete', publish: true, scheduler: true },
  // composeMessages (a message sent now; its undo deletes), the offer's e-mail and its expiry's schedule.
  'events/send-class-offer': { table: 'delete', publish: true, scheduler: true, email: true },
  'events/expire-class-offer': { table: 'write' },
  // composeMessages, one message sent now to each seat holder (its undo deletes).
  'events/notify-class-meeting-changed': { table: 'delete', publish: true, scheduler: true },
  // The same for a meeting moved: one message sent now to each seat holder.
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
