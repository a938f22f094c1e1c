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
  {
    method: 'GET',
    path: '/api/contact-submissions',
    handler: 'http/contact/list-contact-submissions',
    access: 'admin',
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
