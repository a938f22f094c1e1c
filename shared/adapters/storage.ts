import { getSigningKey } from '@smithy/signature-v4';
import { optionalUrl, readEnv } from '../config/env.js';
import * as z from '../zod.js';
import {
  type AwsError,
  type AwsResponse,
  type AwsService,
  awsCall,
  dnsSuffix,
  environmentCredentials,
  escapeUri,
  presignUrl,
  Sha256,
} from './aws-call.js';

/**
 * The media bucket: presigned browser uploads (POST) under the caller's prefix, presigned downloads,
 * reading an object's head and first bytes (to check what was really stored), deletion. Locally
 * S3_ENDPOINT points at s3rver (path-style, its fixed credentials come from the environment). The
 * requests and signatures are S3's (virtual-hosted style in the cloud), made by aws-call.ts with the
 * SDK's signer instead of the S3 client (about 120 KB per function, ADR 0016); the tests compare them
 * with the S3 client's and presigners' output.
 */
function env() {
  return readEnv({
    AWS_REGION: z._default(z.string(), 'us-east-1'),
    MEDIA_BUCKET: z.string().check(z.minLength(1)),
    S3_ENDPOINT: optionalUrl,
  });
}

/** The bucket as a signed service, and the path of `key` in it. */
function bucket(key: string): { service: AwsService; path: string } {
  const e = env();
  const encoded = key.split('/').map(escapeUri).join('/');
  return e.S3_ENDPOINT
    ? {
        service: { signingName: 's3', region: e.AWS_REGION, endpoint: e.S3_ENDPOINT },
        path: `/${e.MEDIA_BUCKET}/${encoded}`,
      }
    : {
        service: {
          signingName: 's3',
          region: e.AWS_REGION,
          endpoint: `https://${e.MEDIA_BUCKET}.s3.${e.AWS_REGION}.${dnsSuffix(e.AWS_REGION)}`,
        },
        path: `/${encoded}`,
      };
}

/** S3's error code: the XML answer's <Code>, else (HEAD has no body) NotFound or the status. */
function s3ErrorCode(res: AwsResponse): { code: string; message: string } {
  const xml = res.text();
  const code = /<Code>([^<]*)<\/Code>/.exec(xml)?.[1] ?? (res.status === 404 ? 'NotFound' : `Http${res.status}`);
  return { code, message: /<Message>([^<]*)<\/Message>/.exec(xml)?.[1] ?? '' };
}

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
  key: string;
  maxBytes: number;
}

const iso8601 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A browser upload of one object at `key` of at most `maxBytes`, valid for 10 minutes: S3's POST
 * policy with its fields, signed as @aws-sdk/s3-presigned-post signs it (the same fields in the same
 * order).
 */
export async function presignUpload(
  key: string,
  contentType: string,
  maxBytes: number,
  now = new Date(),
): Promise<PresignedUpload> {
  const e = env();
  const { service, path } = bucket('');
  const credentials = service.credentials ?? environmentCredentials();
  const date = iso8601(now).replace(/[-:]/g, '');
  const shortDate = date.slice(0, 8);
  const fields: Record<string, string> = {
    'Content-Type': contentType,
    bucket: e.MEDIA_BUCKET,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${credentials.accessKeyId}/${shortDate}/${e.AWS_REGION}/s3/aws4_request`,
    'X-Amz-Date': date,
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
  };
  const conditions = [
    ['content-length-range', 1, maxBytes],
    ['eq', '$Content-Type', contentType],
    ...Object.entries(fields).map(([k, v]) => ({ [k]: v })),
    { key },
  ];
  const policy = Buffer.from(
    JSON.stringify({ expiration: iso8601(new Date(now.getTime() + 600 * 1000)), conditions }),
    'utf8',
  ).toString('base64');
  const signingKey = await getSigningKey(Sha256, credentials, shortDate, e.AWS_REGION, 's3');
  const mac = new Sha256(signingKey);
  mac.update(policy);
  const signature = Buffer.from(await mac.digest()).toString('hex');
  return {
    // The form's action as the presigner writes it: the bucket's root (path-style without a slash).
    url: e.S3_ENDPOINT ? `${service.endpoint}${path.replace(/\/$/, '')}` : `${service.endpoint}/`,
    fields: { ...fields, key, Policy: policy, 'X-Amz-Signature': signature },
    key,
    maxBytes,
  };
}

/** A download link valid for an hour; `attachment` stops a browser from rendering the object as a page. */
export async function presignDownload(
  key: string,
  opts: { contentType?: string; attachment?: boolean; signingDate?: Date } = {},
): Promise<string> {
  const { service, path } = bucket(key);
  return presignUrl(
    service,
    {
      method: 'GET',
      path,
      query: {
        ...(opts.attachment ? { 'response-content-disposition': 'attachment' } : {}),
        ...(opts.contentType ? { 'response-content-type': opts.contentType } : {}),
        // What the S3 client adds to a GetObject (kept so the URL is the one the client made before):
        // the operation's name, and in the cloud the request for checksum headers.
        'x-id': 'GetObject',
        ...(env().S3_ENDPOINT ? {} : { 'x-amz-checksum-mode': 'ENABLED' }),
      },
    },
    { expiresIn: 3600, signingDate: opts.signingDate },
  );
}

const missing = (e: unknown) =>
  ['NoSuchKey', 'NotFound'].includes((e as AwsError).name) || (e as AwsError).status === 404;

/** Size of the stored object and its first `bytes` bytes, or undefined when there is no such object. */
export async function readObjectStart(key: string, bytes = 512): Promise<{ size: number; head: Buffer } | undefined> {
  const { service, path } = bucket(key);
  try {
    const head = await awsCall(service, { method: 'HEAD', path }, s3ErrorCode);
    const size = Number(head.headers.get('content-length') ?? 0);
    if (size === 0) return { size, head: Buffer.alloc(0) };
    const res = await awsCall(
      service,
      { method: 'GET', path, headers: { range: `bytes=0-${bytes - 1}` } },
      s3ErrorCode,
    );
    return { size, head: Buffer.from(res.body).subarray(0, bytes) };
  } catch (e) {
    if (missing(e)) return undefined;
    throw e;
  }
}

/** Deletes the object (S3 answers 204 whether or not it existed). */
export async function deleteObject(key: string): Promise<void> {
  const { service, path } = bucket(key);
  await awsCall(service, { method: 'DELETE', path }, s3ErrorCode);
}
