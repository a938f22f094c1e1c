import { randomUUID } from 'node:crypto';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';

/**
 * Invalidates paths cached by the site's CDN after a change made through the product (ADR 0018): the
 * public content GETs are cached by CloudFront for a short time, and a change should show at once.
 *
 * In the cloud the distribution is created after the API (web stack), so a handler cannot get its id in
 * an environment variable: the web stack writes the id to an SSM parameter whose name the handler gets
 * (`CDN_DISTRIBUTION_PARAMETER`) and grants exactly those functions `ssm:GetParameter` on it and
 * `cloudfront:CreateInvalidation` on that one distribution. The id is read once per container.
 * Locally the runtime installs a transport that only records the paths (the local site server does not
 * cache); without a transport and without the parameter name this is a no-op.
 */
export type InvalidationTransport = (paths: readonly string[]) => Promise<void>;

export const CDN_PARAMETER_ENV = 'CDN_DISTRIBUTION_PARAMETER';

let transport: InvalidationTransport | undefined;

export function setInvalidationTransport(t: InvalidationTransport | undefined) {
  transport = t;
}

let clients: { ssm: SSMClient; cloudFront: CloudFrontClient } | undefined;
let distributionId: Promise<string> | undefined;

/** Tests only: forget the clients and the cached distribution id. */
export function resetCdnClients() {
  clients = undefined;
  distributionId = undefined;
}

function cloud() {
  const region = process.env.AWS_REGION || 'us-east-1';
  // CloudFront is a global service; its API answers in us-east-1.
  clients ??= { ssm: new SSMClient({ region }), cloudFront: new CloudFrontClient({ region: 'us-east-1' }) };
  return clients;
}

async function readDistributionId(parameter: string): Promise<string> {
  const res = await cloud().ssm.send(new GetParameterCommand({ Name: parameter }));
  const id = res.Parameter?.Value;
  if (!id) throw new Error(`SSM parameter ${parameter} holds no distribution id`);
  return id;
}

/**
 * Creates one invalidation of exactly `paths` (e.g. `/api/public/business`). Throws when CloudFront
 * refuses; callers that already saved their change log it instead (the cache's short TTL bounds staleness).
 */
export async function invalidateCdn(paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  if (transport) return transport(paths);
  const parameter = process.env[CDN_PARAMETER_ENV];
  if (!parameter) return;
  distributionId ??= readDistributionId(parameter).catch((e) => {
    distributionId = undefined;
    throw e;
  });
  const id = await distributionId;
  await cloud().cloudFront.send(
    new CreateInvalidationCommand({
      DistributionId: id,
      InvalidationBatch: {
        CallerReference: `${Date.now()}-${randomUUID()}`,
        Paths: { Quantity: paths.length, Items: [...paths] },
      },
    }),
  );
}
