import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { AppError } from '../../shared/errors.js';

/**
 * The HTTP API is reached only through the site's edge (CloudFront in the cloud, the local site server
 * on a laptop), which adds these headers to every `/api/*` request (ADR 0018):
 * - `x-origin-verify`: a secret the edge knows and the handlers check, so a call to the API's own
 *   execute-api endpoint (which skips CloudFront) is refused before anything is counted or done;
 * - `x-viewer-ip`: the visitor's address, overwriting whatever the client sent. Only trusted because
 *   the first header proves the request came through the edge;
 * - `x-cdn-distribution-id`: the distribution's id, for invalidations (shared/adapters/cdn.ts).
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
export const VIEWER_IP_HEADER = 'x-viewer-ip';
/** The CloudFront distribution the request came through (set by the same viewer function). */
export const CDN_DISTRIBUTION_HEADER = 'x-cdn-distribution-id';
/** Environment variable holding the origin secret (resolved from Secrets Manager at deploy, see api-stack.ts). */
export const ORIGIN_SECRET_ENV = 'ORIGIN_VERIFY_SECRET';

/**
 * Cache-Control of the public content GETs: CloudFront (and the browser) may keep them a minute and serve
 * them stale for five more while refetching; changes made through the product invalidate them at once.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

type Event = Pick<APIGatewayProxyEventV2, 'headers'> & {
  requestContext: { http?: { sourceIp?: string } };
};

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

let cached: { secret: string; digest: Buffer } | undefined;

/** The secret's digest, computed once per container (again only if the environment changes). */
function secretDigest(): Buffer | undefined {
  const secret = process.env[ORIGIN_SECRET_ENV];
  if (!secret) return undefined;
  if (cached?.secret !== secret) cached = { secret, digest: digest(secret) };
  return cached.digest;
}

/** Whether the request carries the edge's secret (compared in constant time over SHA-256 digests). */
export function isFromEdge(event: Pick<APIGatewayProxyEventV2, 'headers'>): boolean {
  const expected = secretDigest();
  const got = event.headers?.[ORIGIN_VERIFY_HEADER];
  if (!expected || typeof got !== 'string' || got === '') return false;
  return timingSafeEqual(digest(got), expected);
}

/**
 * Refuses (403) a request that did not come through the edge. Fails closed: without a configured
 * secret every request is refused.
 */
export function assertFromEdge(event: Pick<APIGatewayProxyEventV2, 'headers'>): void {
  if (!isFromEdge(event)) throw new AppError('FORBIDDEN', 'Forbidden');
}

/**
 * The caller's IP: `x-viewer-ip` as the edge set it (API Gateway's sourceIp is the CloudFront edge's
 * address). Call only after `assertFromEdge`; without the header, the socket's source IP.
 */
export function clientIp(event: Event): string {
  return event.headers?.[VIEWER_IP_HEADER] || event.requestContext.http?.sourceIp || 'unknown';
}

/** The CloudFront distribution the request came through (call only after `assertFromEdge`). */
export function cdnDistributionId(event: Pick<APIGatewayProxyEventV2, 'headers'>): string | undefined {
  return event.headers?.[CDN_DISTRIBUTION_HEADER] || undefined;
}
