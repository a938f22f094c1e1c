import type middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2 } from 'aws-lambda';
import { tokenRuleProblem } from '../../shared/auth-policy.js';
import type { Role } from '../../shared/db/entities/profile.js';
import type { Position } from '../../shared/domain/pagination.js';
import { getProfileByUserId, type Profile } from '../../shared/domain/profiles.js';
import { hitRateLimit } from '../../shared/domain/rate-limits.js';
import { AppError, isAppError } from '../../shared/errors.js';
import { type Access, findRoute, type RouteDef } from '../../shared/routes.js';
import * as z from '../../shared/zod.js';
import { type CursorScope, openCursor, sealCursor } from './cursor.js';
import { countResponse, lambdaChain, logFailure, markBuilt, STATUS } from './middleware.js';
import { assertFromEdge, clientIp } from './viewer.js';

/** API Gateway v2 event as delivered through the JWT authorizer (or the local adapter). */
export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

export interface Actor {
  userId: string;
  role: Role;
  profile: Profile;
}

export interface HttpContext<B, Q, P = Record<string, string>> {
  event: HttpEvent;
  route: RouteDef;
  body: B;
  query: Q;
  params: P;
  /** The caller when signed in (always set on non-public routes). */
  actor?: Actor;
  sourceIp: string;
  /**
   * A list's position, opened from the `cursor` query parameter (functions/lib/cursor.ts); undefined on
   * the first page. `query.cursor` itself is removed: a list takes only a verified position.
   */
  cursor: Position | undefined;
}

export interface HttpResult {
  status?: number;
  /** Sent as JSON (unless `text` is set). A list's `cursor` (a position) is sealed on the way out. */
  body?: unknown;
  /** A non-JSON body sent as-is with `contentType` (e.g. an iCalendar feed). */
  text?: string;
  contentType?: string;
  /** Extra response headers (override the defaults, e.g. cache-control). */
  headers?: Record<string, string>;
}

/** Largest JSON body any route accepts. */
export const MAX_BODY_BYTES = 64 * 1024;

const json = (statusCode: number, body: unknown, headers?: Record<string, string>): APIGatewayProxyResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  body: body === undefined ? '' : JSON.stringify(body),
});

/** `cognito:groups` arrives as an array, a JSON-ish "[a b]" string (HTTP API authorizer) or a plain string. */
export function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string' || raw === '') return [];
  return raw
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/**
 * Field names that name a member every plain object inherits. An input carrying one is refused as an
 * unknown field before any schema sees it, and the field-error map has no prototype, so no key can
 * read or overwrite an inherited member.
 */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Field errors keyed by field path, in a map without a prototype. */
type FieldErrors = Record<string, string[]>;

const notAccepted = (key: string) => `${key} is not an accepted field`;

/** Paths of reserved keys anywhere in a parsed JSON value or query (iterative: deep nesting cannot overflow). */
function reservedKeyPaths(value: unknown): string[] {
  const found: string[] = [];
  const stack: { v: unknown; path: string }[] = [{ v: value, path: '' }];
  while (stack.length > 0 && found.length < 10) {
    const { v, path } = stack.pop() as { v: unknown; path: string };
    if (typeof v !== 'object' || v === null) continue;
    for (const key of Object.keys(v)) {
      const at = path ? `${path}.${key}` : key;
      if (RESERVED_KEYS.has(key)) found.push(at);
      else stack.push({ v: (v as Record<string, unknown>)[key], path: at });
    }
  }
  return found;
}

function zodDetails(error: z.core.$ZodError): FieldErrors {
  const out: FieldErrors = Object.create(null);
  const add = (key: string, message: string) => {
    out[key] = [...(Object.hasOwn(out, key) ? out[key] : []), message];
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) add(k, notAccepted(k));
    } else {
      add(issue.path.map(String).join('.') || '_', issue.message);
    }
  }
  return out;
}

function parseWith<T>(schema: z.core.$ZodType<T> | undefined, value: unknown, what: string): T {
  if (!schema) return undefined as T;
  const reserved = reservedKeyPaths(value);
  if (reserved.length > 0) {
    const details: FieldErrors = Object.create(null);
    for (const path of reserved) details[path] = [notAccepted(path)];
    throw new AppError('VALIDATION', notAccepted(reserved[0]), details);
  }
  const r = z.safeParse(schema, value);
  if (!r.success) {
    const details = zodDetails(r.error);
    const first = Object.values(details)[0]?.[0] ?? `Invalid ${what}`;
    throw new AppError('VALIDATION', first, details);
  }
  return r.data;
}

function readBody(event: HttpEvent): unknown {
  if (!event.body) return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('VALIDATION', 'Request body must be valid JSON');
  }
}

/**
 * The site's origin for links the product sends (invitations): SITE_URL when configured, else the
 * browser's Origin header (the portal calls the API from the site's own origin), else the host.
 */
export function siteOrigin(event: HttpEvent): string {
  const configured = process.env.SITE_URL;
  if (configured) return configured.replace(/\/+$/, '');
  const origin = event.headers?.origin;
  if (origin && /^https?:\/\/[^/]+$/.test(origin)) return origin;
  return `https://${event.headers?.host ?? event.requestContext.domainName}`;
}

/**
 * Creates the profile of a signed-in client who has none (SPEC 4). Only the builder of the routes a
 * client may call passes it (functions/lib/http-client.ts), so the user directory it asks is bundled
 * into those handlers only (ADR 0016).
 */
export type ProvideClientProfile = (userId: string, email: string) => Promise<Profile>;

/** Routes a client may call: their handlers are built with `clientHttpHandler` (functions/lib/http-client.ts). */
const CLIENT_ACCESS: readonly Access[] = ['client', 'signed-in'];
export const clientsMayCall = (route: Pick<RouteDef, 'access'>) => CLIENT_ACCESS.includes(route.access);

/**
 * Who is calling, checked against the route's access policy. Throws 401/403. `provide` creates a
 * missing client profile (required on the routes a client may call; an admin's route refuses a
 * client before any profile is read).
 */
export async function authorize(
  event: HttpEvent,
  route: RouteDef,
  provide?: ProvideClientProfile,
): Promise<Actor | undefined> {
  if (route.access === 'public') return undefined;
  const claims = event.requestContext.authorizer?.jwt?.claims;
  // The token rule (shared/auth-policy.ts): the cloud's JWT authorizer would also pass an access token.
  if (!claims || tokenRuleProblem(claims)) throw new AppError('UNAUTHENTICATED', 'No user logged in');
  const userId = typeof claims?.sub === 'string' ? claims.sub : undefined;
  if (!userId) throw new AppError('UNAUTHENTICATED', 'No user logged in');
  const groups = parseGroups(claims?.['cognito:groups']);
  const role: Role | undefined = groups.includes('admin') ? 'admin' : groups.includes('client') ? 'client' : undefined;
  if (!role) throw new AppError('FORBIDDEN', 'Access denied');
  if (route.access === 'admin' && role !== 'admin') throw new AppError('FORBIDDEN', 'Must be authenticated as admin');
  if (route.access === 'client' && role !== 'client') throw new AppError('FORBIDDEN', 'Access denied');
  let profile = await getProfileByUserId(userId);
  if (!profile && role === 'client') {
    // SPEC 4: a signed-in client without a profile gets one, from the token's e-mail.
    const email = typeof claims?.email === 'string' && claims.email.includes('@') ? claims.email : undefined;
    if (email && provide) profile = await provide(userId, email);
  }
  if (!profile) throw new AppError('FORBIDDEN', 'Profile not found');
  if (!profile.isActive) throw new AppError('FORBIDDEN', 'This account has been deactivated');
  if (profile.role !== role) throw new AppError('FORBIDDEN', 'Access denied');
  return { userId, role, profile };
}

/**
 * The HTTP error mapping, once for every route: a coded error (shared/errors.ts) becomes its status
 * with the error's code, message and field details; anything else is logged and answered with a
 * generic 500. Each response is counted by status class.
 */
const httpErrors = (): middy.MiddlewareObj<HttpEvent, APIGatewayProxyResultV2> => {
  const count = (response: unknown) => countResponse('HttpResponses', response);
  return {
    after: (request) => count(request.response),
    onError: (request) => {
      const e = request.error;
      if (isAppError(e)) {
        request.response = json(STATUS[e.code], {
          error: { code: e.code, message: e.message, ...(e.details ? { fields: e.details } : {}) },
        });
      } else {
        logFailure('Unhandled error', e);
        request.response = json(500, {
          error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' },
        });
      }
      count(request.response);
    },
  };
};

/** The scope a list's cursor is bound to: the route, the caller, and the path and query without cursor and page size. */
function cursorScope(list: string, actor: Actor | undefined, params: unknown, query: unknown): CursorScope {
  const filter: Record<string, unknown> = {};
  if (query && typeof query === 'object') {
    for (const [k, v] of Object.entries(query)) if (k !== 'cursor' && k !== 'limit') filter[k] = v;
  }
  return { list, caller: actor?.userId ?? 'anonymous', filter: { params, query: filter } };
}

/** Opens the `cursor` query parameter (400 `Invalid cursor` unless issued for this scope) and removes it from the query. */
function takeCursor(query: unknown, scope: CursorScope): Position | undefined {
  if (!query || typeof query !== 'object' || !Object.hasOwn(query, 'cursor')) return undefined;
  const raw = (query as { cursor?: unknown }).cursor;
  delete (query as { cursor?: unknown }).cursor;
  return typeof raw === 'string' && raw !== '' ? openCursor(raw, scope) : undefined;
}

/** A response body's `cursor` (a list's next position) sealed for the scope of the request. */
function sealPage(result: HttpResult, scope: CursorScope): HttpResult {
  const body = result.body;
  if (!body || typeof body !== 'object' || Array.isArray(body) || !Object.hasOwn(body, 'cursor')) return result;
  const position = (body as { cursor?: Position | null }).cursor;
  return { ...result, body: { ...body, cursor: position == null ? null : sealCursor(position, scope) } };
}

/**
 * Path ids in their one spelling, normalised once here for every route. Every id the product makes is
 * lowercase (UUIDs, slugs) and the table's keys are lowercased, so a lookup finds a record whatever
 * case the caller wrote; lowercasing `id` and `…Id` parameters before the handler runs means the id it
 * writes into a record or names a schedule with is the stored one, never the caller's spelling.
 */
function canonicalPathIds(params: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      value !== undefined && (name === 'id' || name.endsWith('Id')) ? value.toLowerCase() : value,
    ]),
  );
}

export interface HttpSpec<B, Q, P> {
  body?: z.core.$ZodType<B>;
  query?: z.core.$ZodType<Q>;
  params?: z.core.$ZodType<P>;
}

/**
 * Builds the handler of a public or admin-only route: see `buildHttpHandler`. A route a client may
 * call uses `clientHttpHandler` (functions/lib/http-client.ts) instead, which can create a missing
 * client profile; this one refuses to serve such a route (500), so a wrong builder cannot go unnoticed.
 */
export function httpHandler<B = undefined, Q = undefined, P = Record<string, string>>(
  spec: HttpSpec<B, Q, P>,
  run: (ctx: HttpContext<B, Q, P>) => Promise<HttpResult>,
) {
  return markBuilt(buildHttpHandler(spec, run), 'http', undefined, spec);
}

/**
 * Builds an API Gateway v2 handler: parse (zod) -> authorize (route table policy + active profile)
 * -> per-IP limit -> run; coded errors become HTTP answers in `httpErrors`. The route comes from the
 * shared route table by the event's routeKey, so the policy is declared once.
 */
export function buildHttpHandler<B, Q, P>(
  spec: HttpSpec<B, Q, P>,
  run: (ctx: HttpContext<B, Q, P>) => Promise<HttpResult>,
  provide?: ProvideClientProfile,
) {
  return lambdaChain<HttpEvent, APIGatewayProxyResultV2>()
    .use(httpErrors())
    .handler(async (event) => {
      assertFromEdge(event);
      const route = findRoute(event.routeKey);
      if (!route) throw new AppError('NOT_FOUND', 'Not found');
      if (!provide && clientsMayCall(route)) {
        throw new Error(`${event.routeKey} is open to clients: its handler must be built with clientHttpHandler`);
      }
      const sourceIp = clientIp(event);
      const actor = await authorize(event, route, provide);
      if (route.ipLimit) {
        await hitRateLimit(`ip#${sourceIp}#${event.routeKey}`, route.ipLimit.max, route.ipLimit.windowSeconds);
      }
      const params = parseWith(
        spec.params ?? (z.record(z.string(), z.string()) as unknown as z.core.$ZodType<P>),
        canonicalPathIds(event.pathParameters ?? {}),
        'path',
      );
      const query = parseWith(spec.query, event.queryStringParameters ?? {}, 'query');
      const scope = cursorScope(event.routeKey, actor, params, query);
      const cursor = takeCursor(query, scope);
      const body = spec.body ? parseWith(spec.body, readBody(event), 'body') : (undefined as B);
      const result = sealPage(await run({ event, route, body, query, params, actor, sourceIp, cursor }), scope);
      if (result.text !== undefined) {
        return {
          statusCode: result.status ?? 200,
          headers: {
            'content-type': result.contentType ?? 'text/plain; charset=utf-8',
            'cache-control': 'no-store',
            ...result.headers,
          },
          body: result.text,
        };
      }
      return json(result.status ?? 200, result.body, result.headers);
    });
}
