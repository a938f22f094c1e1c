import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { ORIGIN_SECRET_ENV, ORIGIN_VERIFY_HEADER } from '../../functions/lib/viewer.js';
import type { RouteDef } from '../../shared/routes.js';

/**
 * An API Gateway v2 event for `route`, shaped like the HTTP API's JWT authorizer delivers it, as it arrives
 * through the edge: with the origin secret of the environment (the local runtime's) in `x-origin-verify`.
 */
export function httpEvent(
  route: Pick<RouteDef, 'method' | 'path'>,
  opts: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    claims?: Record<string, string>;
    headers?: Record<string, string>;
    sourceIp?: string;
  } = {},
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const rawPath = route.path.replace(/\{(\w+)\}/g, (_, k: string) => opts.params?.[k] ?? k);
  const routeKey = `${route.method} ${route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: new URLSearchParams(opts.query ?? {}).toString(),
    headers: {
      'content-type': 'application/json',
      ...(process.env[ORIGIN_SECRET_ENV] ? { [ORIGIN_VERIFY_HEADER]: process.env[ORIGIN_SECRET_ENV] } : {}),
      ...(opts.headers ?? {}),
    },
    queryStringParameters: opts.query,
    pathParameters: opts.params,
    body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: route.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: opts.sourceIp ?? '192.0.2.1',
        userAgent: 'test',
      },
      requestId: crypto.randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: { claims: opts.claims ? { token_use: 'id', ...opts.claims } : {}, scopes: [] },
      },
    },
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}
