import { events, type RouteDef, realtime, routes, schedules, streams } from '../../shared/routes.js';
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

/**
 * What a function may do besides reading/writing the table (which every function can).
 * - publish: EVENT_BUS_NAME + events:PutEvents on the bus
 * - push: WS_MANAGEMENT_ENDPOINT + execute-api:ManageConnections on the WebSocket stage
 * - email: ses:SendEmail from the verified identities (BUSINESS_EMAIL, FROM_EMAIL)
 * - media: MEDIA_BUCKET + object read/write/delete
 * - schedule: create/delete one-off EventBridge Scheduler schedules in the app's group
 * - users: Cognito admin user management (handlers of `admin` routes, and routes declaring `manageUsers`)
 * - users-read: look a Cognito user up (every signed-in route: a client's missing profile is only
 *   created for a user Cognito still has, enabled, with the token's `sub`)
 */
export type Capability = 'publish' | 'push' | 'email' | 'media' | 'schedule' | 'users' | 'users-read';

const CAPABILITIES: Record<HandlerKind, readonly Capability[]> = {
  realtime: [],
  event: ['publish', 'push', 'email', 'media'],
  schedule: ['publish', 'push', 'email', 'media'],
  // The outbox publisher; its stream read is granted by the event source mapping (infra/cloud/outbox.ts).
  stream: ['publish'],
  http: ['publish', 'email', 'media', 'schedule'],
};

export interface HandlerPlan {
  handler: string;
  kinds: HandlerKind[];
  owner: FunctionOwner;
  capabilities: Capability[];
  routes: RouteDef[];
  timeoutSeconds: number;
}

/** One plan per unique handler module named in routes, events, schedules and realtime. */
export function planHandlers(): HandlerPlan[] {
  const plans = new Map<string, HandlerPlan>();
  const add = (handler: string, kind: HandlerKind, route?: RouteDef) => {
    let p = plans.get(handler);
    if (!p) {
      p = { handler, kinds: [], owner: OWNER_OF[kind], capabilities: [], routes: [], timeoutSeconds: 10 };
      plans.set(handler, p);
    }
    if (!p.kinds.includes(kind)) p.kinds.push(kind);
    if (route) p.routes.push(route);
  };
  for (const r of routes as readonly RouteDef[]) add(r.handler, 'http', r);
  for (const hs of Object.values(events)) for (const h of hs) add(h, 'event');
  for (const s of schedules) add(s.handler, 'schedule');
  for (const h of Object.values(realtime)) add(h, 'realtime');
  for (const s of Object.values(streams)) add(s.handler, 'stream');

  for (const p of plans.values()) {
    p.owner = FUNCTION_OWNERS.find((o) => p.kinds.some((k) => OWNER_OF[k] === o)) ?? 'api';
    const caps = new Set<Capability>(p.kinds.flatMap((k) => CAPABILITIES[k]));
    if (p.routes.some((r) => r.access === 'admin' || r.manageUsers)) caps.add('users');
    if (p.routes.some((r) => r.access !== 'public')) caps.add('users-read');
    p.capabilities = [...caps].sort();
    p.timeoutSeconds = p.kinds.includes('schedule')
      ? 60
      : p.kinds.some((k) => k === 'event' || k === 'stream')
        ? 30
        : 10;
    if (p.owner === 'realtime' && p.capabilities.length > 0) {
      // The realtime stack deploys before the bus, bucket grants and scheduler exist.
      throw new Error(
        `Handler "${p.handler}" is a WebSocket lifecycle handler and also a ${p.kinds.filter((k) => k !== 'realtime').join('/')} handler; ` +
          'give the realtime routes their own modules (shared/routes.ts).',
      );
    }
  }
  return [...plans.values()].sort((a, b) => a.handler.localeCompare(b.handler));
}

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
