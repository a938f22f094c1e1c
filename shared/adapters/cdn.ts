import { randomUUID } from 'node:crypto';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';

/**
 * Invalidates paths cached by the site's CDN after a change made through the product (ADR 0018): the
 * public content GETs are cached by CloudFront for a short time, and a change should show at once.
 *
 * In the cloud the distribution is created after the API (web stack), so its id cannot be an environment
 * variable of the functions. The `/api/*` viewer function puts it on every API request
 * (`x-cdn-distribution-id`, from the function's own event, overwriting any client value; trusted because
 * the handler has checked the origin secret); the HTTP handler passes it on in `PublicPathsChanged`, and
 * the web stack grants exactly the functions that declare `cdn` (events/invalidate-cdn)
 * `cloudfront:CreateInvalidation` on that one distribution. Locally the runtime installs a transport that
 * only records the paths (the local site server does not cache).
 */
export type InvalidationTransport = (paths: readonly string[]) => Promise<void>;

/**
 * What `PublicPathsChanged` carries (shared/routes.ts): the paths a change made stale and the distribution
 * the request that made it came through (its `x-cdn-distribution-id`; absent locally).
 */
export interface PublicPathsChangedDetail {
  paths: string[];
  distributionId?: string;
}

let transport: InvalidationTransport | undefined;

export function setInvalidationTransport(t: InvalidationTransport | undefined) {
  transport = t;
}

let client: CloudFrontClient | undefined;

/** Tests only: forget the client. */
export function resetCdnClient() {
  client = undefined;
}

/** CloudFront distribution ids: upper-case letters and digits. */
const DISTRIBUTION_ID = /^[A-Z0-9]{1,64}$/;

/**
 * Creates one invalidation of exactly `paths` (e.g. `/api/public/business`) on `distributionId`. Throws
 * when there is no valid id or CloudFront refuses; callers that already saved their change log it instead
 * (the cache's short TTL bounds staleness).
 */
export async function invalidateCdn(paths: readonly string[], distributionId: string | undefined): Promise<void> {
  if (paths.length === 0) return;
  if (transport) return transport(paths);
  if (!distributionId || !DISTRIBUTION_ID.test(distributionId)) {
    throw new Error('No CloudFront distribution id on the request: nothing invalidated');
  }
  // CloudFront is a global service; its API answers in us-east-1.
  client ??= new CloudFrontClient({ region: 'us-east-1' });
  await client.send(
    new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: {
        CallerReference: `${Date.now()}-${randomUUID()}`,
        Paths: { Quantity: paths.length, Items: [...paths] },
      },
    }),
  );
}
