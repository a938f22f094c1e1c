import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { type RouteDef, routeKey, routes } from '../../shared/routes.js';
import { HandlerTimeoutError, type Invoke, LOCAL_ACCOUNT } from './handlers.js';
import { apiGatewayTime, awsLikeId, traceId } from './ids.js';

/**
 * The local stand-in for the HTTP API with its JWT authorizer: HTTP request -> API Gateway v2
 * event (payload format 2.0) -> the same handler module -> HTTP response. Routes come from the
 * shared route table, exactly as the CDK API stack reads it.
 */

export const LOCAL_API_ID = 'localapi';
/** Largest request body accepted (the adapter answers 413 above it). */
export const MAX_REQUEST_BYTES = 1024 * 1024;

export interface RouteMatch {
  route: RouteDef;
  pathParameters?: Record<string, string>;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Finds the route for METHOD + path like API Gateway: literal segments beat `{param}`, which beats a
 * greedy `{proxy+}`; a route's method must match exactly.
 */
export function matchRoute(
  method: string,
  rawPath: string,
  table: readonly RouteDef[] = routes as readonly RouteDef[],
): RouteMatch | undefined {
  const segments = rawPath.split('/').slice(1);
  let best: { match: RouteMatch; score: number[] } | undefined;
  for (const route of table) {
    if (route.method !== method) continue;
    const tpl = route.path.split('/').slice(1);
    const greedyAt = tpl.findIndex((t) => /^\{.+\+\}$/.test(t));
    if (greedyAt === -1 ? tpl.length !== segments.length : segments.length <= greedyAt) continue;
    const params: Record<string, string> = {};
    const score: number[] = [];
    let ok = true;
    for (let i = 0; i < tpl.length && ok; i++) {
      const t = tpl[i];
      const seg = segments[i];
      if (i === greedyAt) {
        const rest = segments.slice(i).join('/');
        params[t.slice(1, -2)] = decode(rest);
        score.push(0);
        ok = rest !== '';
      } else if (/^\{.+\}$/.test(t)) {
        params[t.slice(1, -1)] = decode(seg);
        score.push(1);
        ok = seg !== '';
      } else {
        score.push(2);
        ok = t === seg;
      }
    }
    if (!ok) continue;
    if (!best || compareScores(score, best.score) > 0) {
      best = { match: { route, pathParameters: Object.keys(params).length ? params : undefined }, score };
    }
  }
  return best?.match;
}

/** Left to right: a literal segment beats a parameter, which beats a greedy parameter. */
function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Claims as the HTTP API JWT authorizer passes them: every value a string; arrays such as
 * `cognito:groups` become `"[admin client]"`, objects JSON.
 */
export function flattenClaims(claims: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(claims)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) out[k] = `[${v.map(String).join(' ')}]`;
    else if (typeof v === 'object') out[k] = JSON.stringify(v);
    else out[k] = String(v);
  }
  return out;
}

const TEXT_TYPE =
  /^(text\/|application\/(json|xml|javascript|ecmascript|x-www-form-urlencoded|graphql)\b|[^;]*\+(json|xml)\b)/i;

/** API Gateway passes text bodies as-is and anything else base64-encoded. */
export function isTextContentType(contentType: string | undefined): boolean {
  return !!contentType && TEXT_TYPE.test(contentType.trim());
}

export interface AdapterRequest {
  method: string;
  /** Path and query exactly as received (`/api/x?a=1`). */
  url: string;
  /** Header name -> all values (Node's `headersDistinct`). */
  headers: Record<string, string[] | undefined>;
  sourceIp: string;
  protocol: string;
  body: Buffer;
  port: number;
}

export interface AdapterResponse {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Builds the payload-format-2.0 event API Gateway sends for `match` (with the authorizer's claims). */
export function buildHttpEvent(
  req: AdapterRequest,
  match: RouteMatch,
  claims: Record<string, unknown> | undefined,
  now = new Date(),
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const q = req.url.indexOf('?');
  const rawPath = q === -1 ? req.url : req.url.slice(0, q);
  const rawQueryString = q === -1 ? '' : req.url.slice(q + 1);
  const requestId = awsLikeId();
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, values] of Object.entries(req.headers)) {
    if (!values?.length) continue;
    const key = name.toLowerCase();
    if (key === 'cookie') {
      cookies = values.flatMap((v) => v.split(/;\s*/)).filter(Boolean);
      continue;
    }
    headers[key] = values.join(',');
  }
  const host = headers.host ?? `127.0.0.1:${req.port}`;
  headers['x-forwarded-for'] = headers['x-forwarded-for']
    ? `${headers['x-forwarded-for']}, ${req.sourceIp}`
    : req.sourceIp;
  headers['x-forwarded-port'] = String(req.port);
  headers['x-forwarded-proto'] = 'http';
  headers['x-amzn-trace-id'] ??= traceId(now.getTime());
  let queryStringParameters: Record<string, string> | undefined;
  if (rawQueryString) {
    const grouped = new Map<string, string[]>();
    for (const [k, v] of new URLSearchParams(rawQueryString)) grouped.set(k, [...(grouped.get(k) ?? []), v]);
    queryStringParameters = Object.fromEntries([...grouped].map(([k, vs]) => [k, vs.join(',')]));
  }
  const hasBody = req.body.length > 0;
  const text = isTextContentType(headers['content-type']);
  const key = routeKey(match.route);
  const event: APIGatewayProxyEventV2WithJWTAuthorizer = {
    version: '2.0',
    routeKey: key,
    rawPath,
    rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    requestContext: {
      accountId: LOCAL_ACCOUNT,
      apiId: LOCAL_API_ID,
      domainName: host,
      domainPrefix: host.split('.')[0].split(':')[0],
      http: {
        method: req.method,
        path: rawPath,
        protocol: req.protocol,
        sourceIp: req.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: key,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
      ...(claims ? { authorizer: { jwt: { claims: flattenClaims(claims), scopes: null } } } : {}),
    } as APIGatewayProxyEventV2WithJWTAuthorizer['requestContext'],
    ...(match.pathParameters ? { pathParameters: match.pathParameters } : {}),
    ...(hasBody ? { body: text ? req.body.toString('utf8') : req.body.toString('base64') } : {}),
    isBase64Encoded: hasBody && !text,
  };
  return event;
}

const jsonMessage = (statusCode: number, message: string, extra: Record<string, string> = {}): AdapterResponse => ({
  statusCode,
  headers: { 'content-type': 'application/json', ...extra },
  body: Buffer.from(JSON.stringify({ message })),
});

/** Maps a handler's return value to HTTP as API Gateway does for payload format 2.0. */
export function toAdapterResponse(result: unknown): AdapterResponse {
  if (
    result !== null &&
    typeof result === 'object' &&
    typeof (result as { statusCode?: unknown }).statusCode === 'number'
  ) {
    const r = result as {
      statusCode: number;
      headers?: Record<string, string | number | boolean>;
      cookies?: string[];
      body?: string;
      isBase64Encoded?: boolean;
    };
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
    if (r.cookies?.length) headers['set-cookie'] = r.cookies;
    const body = r.body === undefined ? Buffer.alloc(0) : Buffer.from(r.body, r.isBase64Encoded ? 'base64' : 'utf8');
    if (!headers['content-type'] && body.length) {
      let json = false;
      try {
        JSON.parse(body.toString('utf8'));
        json = true;
      } catch {}
      headers['content-type'] = json ? 'application/json' : 'text/plain; charset=utf-8';
    }
    return { statusCode: r.statusCode, headers, body };
  }
  // No statusCode: API Gateway assumes 200 and a JSON body.
  if (result === undefined) return { statusCode: 200, headers: {}, body: Buffer.alloc(0) };
  const body = typeof result === 'string' ? result : JSON.stringify(result);
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(body) };
}

export interface ApiDeps {
  invoke: Invoke;
  /** Verifies an ID token and returns its claims (throws when invalid). */
  verifyToken: (token: string) => Promise<Record<string, unknown>>;
  table?: readonly RouteDef[];
  onError?: (message: string, error: unknown) => void;
}

/** Handles one `/api/*` request end to end (the body has been read already). */
export async function handleApiRequest(req: AdapterRequest, deps: ApiDeps): Promise<AdapterResponse> {
  const q = req.url.indexOf('?');
  const rawPath = q === -1 ? req.url : req.url.slice(0, q);
  const match = matchRoute(req.method, rawPath, deps.table);
  if (!match) return jsonMessage(404, 'Not Found');
  if (req.body.length > MAX_REQUEST_BYTES) return jsonMessage(413, 'Request Entity Too Large');
  let claims: Record<string, unknown> | undefined;
  if (match.route.access !== 'public') {
    const header = req.headers.authorization?.[0]?.trim() ?? '';
    const token = header.replace(/^Bearer\s+/i, '');
    if (!token) return jsonMessage(401, 'Unauthorized', { 'www-authenticate': 'Bearer' });
    try {
      claims = await deps.verifyToken(token);
    } catch {
      return jsonMessage(401, 'Unauthorized', {
        'www-authenticate': 'Bearer error="invalid_token" error_description="the token is not valid"',
      });
    }
  }
  const event = buildHttpEvent(req, match, claims);
  let response: AdapterResponse;
  try {
    response = toAdapterResponse(await deps.invoke(match.route.handler, event));
  } catch (e) {
    if (e instanceof HandlerTimeoutError) {
      deps.onError?.(`${event.routeKey}: ${e.message}`, e);
      response = jsonMessage(503, 'Service Unavailable');
    } else {
      deps.onError?.(`${event.routeKey}: the handler threw`, e);
      response = jsonMessage(500, 'Internal Server Error');
    }
  }
  response.headers['apigw-requestid'] = event.requestContext.requestId;
  return response;
}
