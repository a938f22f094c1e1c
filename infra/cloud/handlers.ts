import {
  events,
  handlerNeeds,
  type Needs,
  type RouteDef,
  realtime,
  routes,
  type ScheduleDef,
  type StreamDef,
  schedules,
  streams,
  type TableAccess,
  type UserAction,
} from '../../shared/routes.js';
import type { AppFunction } from './app-function.js';

/** What invokes a handler module (from the tables in shared/routes.ts). */
export type HandlerKind = 'realtime' | 'event' | 'schedule' | 'stream' | 'http';

/** Stacks that own functions, in deployment order: a function lives in the first stack that needs it. */
export const FUNCTION_OWNERS = ['realtime', 'jobs', 'api'] as const;
export type FunctionOwner = (typeof FUNCTION_OWNERS)[number];

const OWNER_OF: Record<HandlerKind, FunctionOwner> = {
  realtime: 'realtime',
  event: 'jobs',
  schedule: 'jobs',
  stream: 'jobs',
  http: 'api',
};

/** Table access levels, weakest first. */
const TABLE_LEVELS: readonly TableAccess[] = ['read', 'write', 'delete'];

/** The union of two sets of needs (the stronger table and media access, every flag, every user action). */
export function mergeNeeds(a: Needs, b: Needs): Needs {
  const out: Needs = { ...a };
  if (b.table && (!out.table || TABLE_LEVELS.indexOf(b.table) > TABLE_LEVELS.indexOf(out.table))) out.table = b.table;
  if (b.media && out.media !== 'write') out.media = b.media;
  for (const k of ['email', 'publish', 'push', 'scheduler', 'cdn', 'site', 'secrets', 'webPush'] as const)
    if (b[k]) out[k] = true;
  if (b.users?.length) out.users = [...new Set<UserAction>([...(out.users ?? []), ...b.users])].sort();
  return out;
}

/**
 * What the HTTP wrapper needs for a route, besides the handler's own needs: an admin route reads the
 * caller's profile (functions/lib/http.ts); a route a client may call also creates a missing client
 * profile for a user Cognito still has (table write, users read; functions/lib/http-client.ts); a
 * per-IP limit counts requests in the table. A public route without a limit needs nothing.
 */
export function wrapperNeeds(route: RouteDef): Needs {
  let needs: Needs = {};
  if (route.access === 'admin') needs = mergeNeeds(needs, { table: 'read' });
  if (route.access === 'client' || route.access === 'signed-in')
    needs = mergeNeeds(needs, { table: 'write', users: ['read'] });
  if (route.ipLimit) needs = mergeNeeds(needs, { table: 'write' });
  return needs;
}

/**
 * What the event builder (functions/lib/event.ts) needs besides the handler's own needs: its idempotency
 * record in the table (get, conditional put, update, and delete when a delivery fails so the retry runs).
 */
export const EVENT_WRAPPER_NEEDS: Needs = { table: 'delete' };

export interface HandlerPlan {
  handler: string;
  kinds: HandlerKind[];
  owner: FunctionOwner;
  /** Everything the function may do: what shared/routes.ts declares, plus what the HTTP wrapper needs. */
  needs: Needs;
  routes: RouteDef[];
  timeoutSeconds: number;
}

/** One plan per unique handler module named in routes, events, schedules and realtime. */
export function planHandlers(): HandlerPlan[] {
  const plans = new Map<string, HandlerPlan>();
  const add = (handler: string, kind: HandlerKind, needs: Needs, route?: RouteDef) => {
    let p = plans.get(handler);
    if (!p) {
      p = { handler, kinds: [], owner: OWNER_OF[kind], needs: {}, routes: [], timeoutSeconds: 10 };
      plans.set(handler, p);
    }
    if (!p.kinds.includes(kind)) p.kinds.push(kind);
    p.needs = mergeNeeds(p.needs, needs);
    if (route) {
      p.routes.push(route);
      p.needs = mergeNeeds(p.needs, wrapperNeeds(route));
    }
  };
  const declared = handlerNeeds as Record<string, Needs>;
  for (const r of routes as readonly RouteDef[]) add(r.handler, 'http', r.needs ?? {}, r);
  for (const hs of Object.values(events))
    for (const h of hs) add(h, 'event', mergeNeeds(declared[h], EVENT_WRAPPER_NEEDS));
  for (const s of schedules as readonly ScheduleDef[]) add(s.handler, 'schedule', s.needs ?? {});
  for (const h of Object.values(realtime)) add(h, 'realtime', declared[h]);
  // Stream consumers read the stream through their event source mapping (infra/cloud/outbox.ts).
  for (const s of Object.values(streams) as StreamDef[]) add(s.handler, 'stream', s.needs);

  for (const p of plans.values()) {
    p.owner = FUNCTION_OWNERS.find((o) => p.kinds.some((k) => OWNER_OF[k] === o)) ?? 'api';
    p.timeoutSeconds = p.kinds.includes('schedule')
      ? 60
      : p.kinds.some((k) => k === 'event' || k === 'stream')
        ? 30
        : 10;
    const late = (['publish', 'push', 'scheduler'] as const).filter((k) => p.needs[k]);
    if (p.owner === 'realtime' && late.length > 0) {
      // The realtime stack deploys before the bus, the WebSocket callback URL and the scheduler exist.
      throw new Error(
        `Handler "${p.handler}" is a WebSocket lifecycle handler that needs ${late.join(', ')}; ` +
          'publish from another handler or give the realtime routes their own modules (shared/routes.ts).',
      );
    }
  }
  return [...plans.values()].sort((a, b) => a.handler.localeCompare(b.handler));
}

/** Handlers invoked asynchronously (EventBridge rules, schedules): they get retries and an on-failure queue. */
export const isBackground = (p: HandlerPlan) => p.kinds.includes('event') || p.kinds.includes('schedule');

/** Functions by handler module, shared by the stacks so each module becomes exactly one function. */
export class FunctionRegistry {
  readonly plans = planHandlers();
  private readonly fns = new Map<string, AppFunction>();

  ownedBy(owner: FunctionOwner) {
    return this.plans.filter((p) => p.owner === owner);
  }

  register(handler: string, fn: AppFunction) {
    if (this.fns.has(handler)) throw new Error(`Function for "${handler}" defined twice`);
    this.fns.set(handler, fn);
  }

  get(handler: string): AppFunction {
    const fn = this.fns.get(handler);
    if (!fn) throw new Error(`No function for "${handler}" yet: check the stack order in infra/cloud/app.ts`);
    return fn;
  }

  all(): AppFunction[] {
    return [...this.fns.values()];
  }
}
