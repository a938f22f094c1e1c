import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import * as z from '../zod.js';
import type { SiteStore } from './site-store.js';

/** Where the site is and which distribution serves it (the web stack's SSM parameter). */
interface SiteTarget {
  bucket: string;
  distributionId: string;
}

/** The SSM parameter (name in `SITE_TARGET_PARAMETER`) the web stack writes: the site bucket and its distribution. */
const targetSchema = z.object({ bucket: z.string().check(z.minLength(3)), distributionId: z.string() });

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
    return { store, distributionId: target.distributionId };
  })();
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
