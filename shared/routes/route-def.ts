/**
 * What a route of the table in shared/routes.ts declares, and what a handler may need from AWS. The
 * modules next to this one each hold the routes of one feature area; shared/routes.ts joins them into
 * the one table.
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
export type UserAction = 'read' | 'create' | 'setPassword' | 'disable' | 'enable' | 'delete';

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
  /**
   * Writes and deletes the public pages in the site bucket (the web stack grants it on the page keys and
   * its SSM parameter naming the bucket and the distribution, never on `assets/`).
   */
  site?: boolean;
  /** Reads the payment provider's keys from Secrets Manager (shared/adapters/payments.ts). */
  secrets?: boolean;
  /** Signs web push notices, or hands out their public key: the VAPID key seed and subject (ADR 0061). */
  webPush?: boolean;
}

/** Throttle used by public routes that write. */
export const PUBLIC_WRITE = { rate: 5, burst: 10 } as const;

/** A part of the route table: every route declares what its handler needs. */
export type RouteTable = readonly (RouteDef & { needs: Needs })[];
