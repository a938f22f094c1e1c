import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { optionalUrl, readEnv } from '../config/env.js';
import { MEDIA_CACHE_CONTROL } from '../media-cache.js';
import { assertPlainObjectKey } from '../media-keys.js';
import * as z from '../zod.js';

/**
 * The media bucket: presigned browser uploads (POST) under the caller's prefix, presigned downloads,
 * reading an object's head and first bytes (to check what was really stored), deletion. Locally
 * S3_ENDPOINT points at s3rver (path-style, its fixed credentials come from the environment).
 */
let client: S3Client | undefined;

function env() {
  return readEnv({
    AWS_REGION: z._default(z.string(), 'us-east-1'),
    MEDIA_BUCKET: z.string().check(z.minLength(1)),
    S3_ENDPOINT: optionalUrl,
  });
}

function s3() {
  if (!client) {
    const e = env();
    client = new S3Client({
      region: e.AWS_REGION,
      ...(e.S3_ENDPOINT
        ? {
            endpoint: e.S3_ENDPOINT,
            forcePathStyle: true,
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
    });
  }
  return client;
}

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
  key: string;
  maxBytes: number;
}

/**
 * A browser upload of one object at `key` of at most `maxBytes`, valid for 10 minutes. The object is
 * stored with `MEDIA_CACHE_CONTROL` (a field the policy requires as it is).
 */
export async function presignUpload(key: string, contentType: string, maxBytes: number): Promise<PresignedUpload> {
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: env().MEDIA_BUCKET,
    Key: assertPlainObjectKey(key),
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
      ['eq', '$Cache-Control', MEDIA_CACHE_CONTROL],
    ],
    Fields: { 'Content-Type': contentType, 'Cache-Control': MEDIA_CACHE_CONTROL },
    Expires: 600,
  });
  return { url, fields, key, maxBytes };
}

/**
 * A download link valid for an hour (or `expiresIn` seconds); `attachment` stops a browser from rendering
 * the object as a page.
 */
export async function presignDownload(
  key: string,
  opts: { contentType?: string; attachment?: boolean; expiresIn?: number } = {},
): Promise<string> {
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: env().MEDIA_BUCKET,
      Key: assertPlainObjectKey(key),
      ResponseContentType: opts.contentType,
      ResponseContentDisposition: opts.attachment ? 'attachment' : undefined,
    }),
    { expiresIn: opts.expiresIn ?? 3600 },
  );
}

const missing = (e: unknown) =>
  e instanceof NoSuchKey ||
  e instanceof NotFound ||
  ['NoSuchKey', 'NotFound'].includes((e as { name?: string }).name ?? '') ||
  (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** Size of the stored object and its first `bytes` bytes, or undefined when there is no such object. */
export async function readObjectStart(key: string, bytes = 512): Promise<{ size: number; head: Buffer } | undefined> {
  try {
    const bucket = env().MEDIA_BUCKET;
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: assertPlainObjectKey(key) }));
    const size = head.ContentLength ?? 0;
    if (size === 0) return { size, head: Buffer.alloc(0) };
    const res = await s3().send(
      new GetObjectCommand({ Bucket: bucket, Key: assertPlainObjectKey(key), Range: `bytes=0-${bytes - 1}` }),
    );
    const body = res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
    return { size, head: body.subarray(0, bytes) };
  } catch (e) {
    if (missing(e)) return undefined;
    throw e;
  }
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: assertPlainObjectKey(key) }));
}

/** The whole stored object (at most `maxBytes`; larger is refused), or undefined when there is none. */
export async function readObject(key: string, maxBytes: number): Promise<Buffer | undefined> {
  try {
    const res = await s3().send(new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: assertPlainObjectKey(key) }));
    if ((res.ContentLength ?? 0) > maxBytes) throw new Error(`Object ${key} is larger than ${maxBytes} bytes`);
    return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
  } catch (e) {
    if (missing(e)) return undefined;
    throw e;
  }
}

/** Stores `body` at `key` with its type and the media's long-lived caching (a key is never written twice). */
export async function putObject(key: string, body: Buffer | string, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: env().MEDIA_BUCKET,
      Key: assertPlainObjectKey(key),
      Body: body,
      ContentType: contentType,
      CacheControl: MEDIA_CACHE_CONTROL,
    }),
  );
}
