import {
  CloudFrontClient,
  DescribeFunctionCommand,
  GetFunctionCommand,
  PublishFunctionCommand,
  UpdateFunctionCommand,
} from '@aws-sdk/client-cloudfront';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import * as z from '../zod.js';
import { SITE_ROUTES_FILE, type SiteRoutes, siteRouterCode } from './site-router-code.js';
import type { SiteStore } from './site-store.js';

/** Where the site is, which distribution serves it and the name of its router function (the web stack's SSM parameter). */
interface SiteTarget {
  bucket: string;
  distributionId: string;
  routerFunction?: string;
}

/** The SSM parameter (name in `SITE_TARGET_PARAMETER`) the web stack writes: the site bucket and its distribution. */
const targetSchema = z.object({
  bucket: z.string().check(z.minLength(3)),
  distributionId: z.string(),
  routerFunction: z.optional(z.string().check(z.minLength(1))),
});

/** CloudFront Functions' code size limit. */
export const ROUTER_CODE_LIMIT = 10_240;

/**
 * Makes the site's CloudFront Function serve `pages` from their own HTML, with the build's routes
 * (`site-routes.json` in the bucket). Nothing is done when the live code is already that: a render that
 * changes no page costs one read, and a republish that failed is made by the next render. The update
 * and the publish are conditional on the version just read, so a concurrent change fails (and the
 * render is retried) instead of being overwritten.
 */
export async function republishSiteRouter(
  name: string,
  pages: readonly string[],
  read: SiteStore['read'],
): Promise<void> {
  const text = await read(SITE_ROUTES_FILE);
  const parsed = (text ? JSON.parse(text) : {}) as Partial<SiteRoutes>;
  const code = siteRouterCode([...pages].sort(), { public: parsed.public ?? [], portal: parsed.portal ?? [] });
  const bytes = new TextEncoder().encode(code);
  if (bytes.length > ROUTER_CODE_LIMIT) {
    throw new Error(
      `The site router for ${pages.length} pages would be ${bytes.length} bytes, over CloudFront Functions' ${ROUTER_CODE_LIMIT}: the new pages are written but not routed`,
    );
  }
  // CloudFront is a global service; its API answers in us-east-1.
  const cloudFront = new CloudFrontClient({ region: 'us-east-1' });
  const live = await cloudFront.send(new GetFunctionCommand({ Name: name, Stage: 'LIVE' }));
  if (live.FunctionCode && new TextDecoder().decode(live.FunctionCode) === code) return;
  const current = await cloudFront.send(new DescribeFunctionCommand({ Name: name, Stage: 'DEVELOPMENT' }));
  const config = current.FunctionSummary?.FunctionConfig;
  const updated = await cloudFront.send(
    new UpdateFunctionCommand({
      Name: name,
      IfMatch: current.ETag,
      FunctionConfig: {
        Comment: config?.Comment ?? '',
        Runtime: config?.Runtime ?? 'cloudfront-js-2.0',
        ...(config?.KeyValueStoreAssociations ? { KeyValueStoreAssociations: config.KeyValueStoreAssociations } : {}),
      },
      FunctionCode: bytes,
    }),
  );
  await cloudFront.send(new PublishFunctionCommand({ Name: name, IfMatch: updated.ETag }));
}

/** Pages are revalidated on every use, like the deployed ones (infra/cloud/web-stack.ts). */
const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

let cached: Promise<{ store: SiteStore; distributionId: string }> | undefined;

/**
 * The site bucket and distribution the cloud's render function renders into: named by the web stack's SSM
 * parameter (`SITE_TARGET_PARAMETER`), read once per instance.
 */
export function bucketSiteStore(): Promise<{ store: SiteStore; distributionId: string }> {
  cached ??= (async () => {
    const name = process.env.SITE_TARGET_PARAMETER;
    if (!name) throw new Error('SITE_TARGET_PARAMETER is not set: no site to render into');
    const region = process.env.AWS_REGION;
    const answer = await new SSMClient({ region }).send(new GetParameterCommand({ Name: name }));
    const target: SiteTarget = targetSchema.parse(JSON.parse(answer.Parameter?.Value ?? 'null'));
    const s3 = new S3Client({ region });
    const Bucket = target.bucket;
    const store: SiteStore = {
      async read(key) {
        try {
          const r = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
          return await r.Body?.transformToString('utf8');
        } catch (e) {
          if ((e as { name?: string }).name === 'NoSuchKey') return undefined;
          throw e;
        }
      },
      async write(key, body, contentType) {
        await s3.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            CacheControl: PAGE_CACHE_CONTROL,
          }),
        );
      },
      async remove(key) {
        await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
      },
    };
    const routerFunction = target.routerFunction;
    if (routerFunction) store.routePages = (pages) => republishSiteRouter(routerFunction, pages, store.read);
    return { store, distributionId: target.distributionId };
  })();
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
