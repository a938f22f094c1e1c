import {
  CloudFrontKeyValueStoreClient,
  DescribeKeyValueStoreCommand,
  UpdateKeysCommand,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
// The KeyValueStore API signs with SigV4a, which the SDK loads from this package once it is imported.
import '@aws-sdk/signature-v4a';
import * as z from '../zod.js';
import type { PageState, SiteRouteStore } from './site-router-code.js';
import type { SiteStore } from './site-store.js';

/** Where the site is, which distribution serves it and the KeyValueStore its router reads (the web stack's SSM parameter). */
interface SiteTarget {
  bucket: string;
  distributionId: string;
  routeStoreArn?: string;
}

/** The SSM parameter (name in `SITE_TARGET_PARAMETER`) the web stack writes: the site bucket and its distribution. */
const targetSchema = z.object({
  bucket: z.string().check(z.minLength(3)),
  distributionId: z.string(),
  routeStoreArn: z.optional(z.string().check(z.minLength(1))),
});

/** How many keys one UpdateKeys call changes at most. */
export const ROUTE_UPDATE_BATCH = 50;

/**
 * The site router's CloudFront KeyValueStore (shared/adapters/site-router-code.ts): the render records
 * there the article pages it published or took down. Each batch is written on the store's version just
 * read, so a concurrent change fails (and the render is retried) instead of being overwritten.
 */
export function keyValueRouteStore(
  arn: string,
  // The API is global (its endpoint comes from the ARN); the SDK still wants a region.
  client = new CloudFrontKeyValueStoreClient({ region: 'us-east-1' }),
): SiteRouteStore {
  return {
    async update(pages) {
      const entries = [...pages];
      for (let i = 0; i < entries.length; i += ROUTE_UPDATE_BATCH) {
        const batch = entries.slice(i, i + ROUTE_UPDATE_BATCH);
        const { ETag } = await client.send(new DescribeKeyValueStoreCommand({ KvsARN: arn }));
        await client.send(
          new UpdateKeysCommand({
            KvsARN: arn,
            IfMatch: ETag,
            Puts: batch.map(([Key, Value]: [string, PageState]) => ({ Key, Value })),
          }),
        );
      }
    },
  };
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
    if (target.routeStoreArn) store.routes = keyValueRouteStore(target.routeStoreArn);
    return { store, distributionId: target.distributionId };
  })();
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
