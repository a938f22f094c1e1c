import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteObject, presignDownload, presignUpload, readObjectStart } from '../../../shared/adapters/storage.js';
import { MAX_IMAGE_BYTES } from '../../../shared/domain/image-check.js';
import {
  checkUploadedImage,
  createPhotoUpload,
  IMAGE_TOO_LARGE,
  INVALID_IMAGE,
} from '../../../shared/domain/photos.js';
import { awsStandIn, KEYS, s3Error } from './aws-stand-in.js';
import { useEnv } from './env.js';

const BUCKET = 'pawsitive-media-123456789012';

/** The policy document of a presigned POST: its expiration and conditions. */
function policyOf(fields: Record<string, string>): { expiration: string; conditions: unknown[] } {
  return JSON.parse(Buffer.from(fields.Policy, 'base64').toString('utf8'));
}

/** The S3 client the presigners are given in the comparisons: the same region and keys. */
const sdkClient = (region = 'us-east-1') =>
  new S3Client({ region, credentials: { ...KEYS, sessionToken: 'session-token/+=' } });

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** The cloud edge of the media bucket: presigned POST and GET, and reading what was really stored. */
describe('the media bucket in S3', () => {
  useEnv({
    AWS_REGION: 'us-east-1',
    MEDIA_BUCKET: BUCKET,
    S3_ENDPOINT: undefined,
    // Signing needs credentials; no request leaves the process.
    AWS_ACCESS_KEY_ID: KEYS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    AWS_SESSION_TOKEN: 'session-token/+=',
    AWS_PROFILE: undefined,
  });
  afterEach(() => vi.useRealTimers());

  it('a presigned upload has the fields, policy and signature @aws-sdk/s3-presigned-post makes, to the same URL', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:11:12.345Z'), toFake: ['Date'] });
    const ours = await presignUpload('clients/sub-1/dogs/photo.png', 'image/png', MAX_IMAGE_BYTES);
    const theirs = await createPresignedPost(sdkClient(), {
      Bucket: BUCKET,
      Key: 'clients/sub-1/dogs/photo.png',
      Conditions: [
        ['content-length-range', 1, MAX_IMAGE_BYTES],
        ['eq', '$Content-Type', 'image/png'],
      ],
      Fields: { 'Content-Type': 'image/png' },
      Expires: 600,
    });
    expect(ours.fields).toEqual(theirs.fields);
    expect(Object.keys(ours.fields)).toEqual(Object.keys(theirs.fields));
    expect(ours.url).toBe(theirs.url);
  });

  it('a presigned download is the URL the S3 client and its presigner make, byte for byte', async () => {
    const signingDate = new Date('2026-11-25T10:11:12Z');
    for (const [key, opts] of [
      ['clients/sub-1/dogs/photo.svg', { contentType: 'image/svg+xml', attachment: true }],
      ['clients/sub-1/dogs/a b+(c)~!.png', {}],
    ] as const) {
      const ours = await presignDownload(key, { ...opts, signingDate });
      const theirs = await getSignedUrl(
        sdkClient(),
        new GetObjectCommand({
          Bucket: BUCKET,
          Key: key,
          ResponseContentType: 'contentType' in opts ? opts.contentType : undefined,
          ResponseContentDisposition: 'attachment' in opts ? 'attachment' : undefined,
        }),
        { expiresIn: 3600, signingDate },
      );
      expect(ours).toBe(theirs);
    }
  });

  describe('a presigned upload (POST)', () => {
    it('posts to the bucket with a policy pinning the key, the content type and a size of 1 byte to the maximum, for 10 minutes', async () => {
      const before = Date.now();
      const upload = await presignUpload('clients/sub-1/dogs/photo.png', 'image/png', MAX_IMAGE_BYTES);
      expect(new URL(upload.url).hostname).toBe(`${BUCKET}.s3.us-east-1.amazonaws.com`);
      expect(upload).toMatchObject({ key: 'clients/sub-1/dogs/photo.png', maxBytes: MAX_IMAGE_BYTES });
      expect(upload.fields).toMatchObject({
        key: 'clients/sub-1/dogs/photo.png',
        'Content-Type': 'image/png',
        'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      });
      const policy = policyOf(upload.fields);
      expect(policy.conditions).toEqual(
        expect.arrayContaining([
          ['content-length-range', 1, MAX_IMAGE_BYTES],
          ['eq', '$Content-Type', 'image/png'],
          { bucket: BUCKET },
          { key: 'clients/sub-1/dogs/photo.png' },
        ]),
      );
      const expiresIn = new Date(policy.expiration).getTime() - before;
      expect(expiresIn).toBeGreaterThan(590_000);
      expect(expiresIn).toBeLessThanOrEqual(601_000);
    });

    it("a dog photo's key is chosen by the server under the caller's own prefix", async () => {
      const client = await createPhotoUpload(
        { role: 'client', userId: 'sub-client', profile: { id: 'p-1' } },
        { contentType: 'image/webp', size: 1000 },
      );
      expect(client.key).toMatch(/^clients\/sub-client\/dogs\/[0-9a-f-]{36}\.webp$/);
      expect(policyOf(client.fields).conditions).toContainEqual({ key: client.key });
      const admin = await createPhotoUpload(
        { role: 'admin', userId: 'sub-admin', profile: { id: 'p-2' } },
        { contentType: 'image/jpeg', size: 1000 },
      );
      expect(admin.key).toMatch(/^admins\/sub-admin\/dogs\/[0-9a-f-]{36}\.jpg$/);
    });
  });

  it('a presigned download (GET) is signed for an hour, and can force a download with the stored type', async () => {
    const url = new URL(
      await presignDownload('clients/sub-1/dogs/photo.svg', { contentType: 'image/svg+xml', attachment: true }),
    );
    expect(url.hostname).toBe(`${BUCKET}.s3.us-east-1.amazonaws.com`);
    expect(url.pathname).toBe('/clients/sub-1/dogs/photo.svg');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment');
    expect(url.searchParams.get('response-content-type')).toBe('image/svg+xml');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const plain = new URL(await presignDownload('clients/sub-1/dogs/photo.png'));
    expect(plain.searchParams.has('response-content-disposition')).toBe(false);
  });
});

/** The object requests (HEAD, ranged GET, DELETE), against a stand-in of S3 (path-style, as s3rver). */
describe('the media bucket objects', () => {
  useEnv({
    AWS_REGION: 'us-east-1',
    MEDIA_BUCKET: BUCKET,
    AWS_ACCESS_KEY_ID: KEYS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    AWS_SESSION_TOKEN: undefined,
  });
  const s3 = awsStandIn('s3', { env: ['S3_ENDPOINT'] });
  const stored = (size: number, bytes: Uint8Array) => {
    s3.on('HeadObject', { headers: { 'content-length': String(size) } }).on('GetObject', {
      status: 206,
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
  };

  describe('reading what was stored (the magic-bytes check)', () => {
    it('reads the size from HeadObject and only the first bytes with a ranged GetObject, signed', async () => {
      stored(52_000, PNG);
      const found = await readObjectStart('clients/sub-1/dogs/photo.png', 16);
      expect(found?.size).toBe(52_000);
      expect([...(found?.head ?? [])]).toEqual([...PNG]);
      expect(s3.calls('HeadObject')).toEqual([{ Bucket: BUCKET, Key: 'clients/sub-1/dogs/photo.png' }]);
      expect(s3.calls('GetObject')).toEqual([
        { Bucket: BUCKET, Key: 'clients/sub-1/dogs/photo.png', Range: 'bytes=0-15' },
      ]);
      expect(s3.received.every((r) => r.signed)).toBe(true);
    });

    it('sends what the S3 client sends for the same HEAD and ranged GET (method, path, range, signed)', async () => {
      stored(52_000, PNG);
      await readObjectStart('clients/sub-1/dogs/a b+(c).png', 16);
      const ours = s3.received;
      s3.reset();
      stored(52_000, PNG);
      const sdk = new S3Client({ region: 'us-east-1', endpoint: s3.url, forcePathStyle: true, credentials: KEYS });
      const Key = 'clients/sub-1/dogs/a b+(c).png';
      await sdk.send(new HeadObjectCommand({ Bucket: BUCKET, Key }));
      await sdk.send(new GetObjectCommand({ Bucket: BUCKET, Key, Range: 'bytes=0-15' }));
      const shape = (r: (typeof ours)[number]) => ({
        operation: r.operation,
        method: r.method,
        path: r.path,
        input: r.input,
        signed: r.signed,
        payload: r.headers['x-amz-content-sha256'] !== undefined,
      });
      expect(ours.map(shape)).toEqual(s3.received.map(shape));
    });

    it('a missing object is "nothing stored"; an empty one is not read; other failures are passed on', async () => {
      s3.on('HeadObject', { status: 404 });
      await expect(readObjectStart('clients/sub-1/dogs/none.png')).resolves.toBeUndefined();

      s3.reset();
      s3.on('HeadObject', { headers: { 'content-length': '0' } });
      await expect(readObjectStart('clients/sub-1/dogs/empty.png')).resolves.toEqual({
        size: 0,
        head: Buffer.alloc(0),
      });
      expect(s3.calls('GetObject')).toHaveLength(0);

      s3.reset();
      s3.on('HeadObject', { headers: { 'content-length': '10' } }).on(
        'GetObject',
        s3Error('AccessDenied', 'Access Denied', 403),
      );
      await expect(readObjectStart('clients/sub-1/dogs/x.png')).rejects.toMatchObject({
        name: 'AccessDenied',
        message: 'Access Denied',
      });
    });

    it('an uploaded PNG is recognised by its bytes and kept', async () => {
      stored(52_000, PNG);
      await expect(checkUploadedImage('clients/sub-1/dogs/a.png')).resolves.toBe('image/png');
      expect(s3.calls('DeleteObject')).toHaveLength(0);
    });

    it('an upload that is not an image is deleted from the bucket and refused with the SPEC text', async () => {
      stored(20, new TextEncoder().encode('<html>not a dog</html>'));
      await expect(checkUploadedImage('clients/sub-1/dogs/b.png')).rejects.toMatchObject({
        code: 'VALIDATION',
        message: INVALID_IMAGE,
      });
      expect(s3.calls('DeleteObject')).toEqual([{ Bucket: BUCKET, Key: 'clients/sub-1/dogs/b.png' }]);
    });

    it('an object over the limit is deleted and refused even when its bytes are an image', async () => {
      stored(MAX_IMAGE_BYTES + 1, PNG);
      await expect(checkUploadedImage('clients/sub-1/dogs/c.png')).rejects.toMatchObject({
        code: 'VALIDATION',
        message: IMAGE_TOO_LARGE,
      });
      expect(s3.calls('DeleteObject').map((i) => i.Key)).toEqual(['clients/sub-1/dogs/c.png']);
    });
  });

  it('deleting an object names the bucket and the key', async () => {
    s3.on('DeleteObject', { status: 204 });
    await deleteObject('clients/sub-1/dogs/old.png');
    expect(s3.calls('DeleteObject')).toEqual([{ Bucket: BUCKET, Key: 'clients/sub-1/dogs/old.png' }]);
    expect(s3.received[0].signed).toBe(true);
  });
});
