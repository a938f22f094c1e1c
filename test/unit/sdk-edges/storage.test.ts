import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteObject, presignDownload, presignUpload, readObjectStart } from '../../../shared/adapters/storage.js';
import { MAX_IMAGE_BYTES } from '../../../shared/domain/image-check.js';
import {
  checkUploadedImage,
  createPhotoUpload,
  IMAGE_TOO_LARGE,
  INVALID_IMAGE,
} from '../../../shared/domain/photos.js';
import { useEnv } from './env.js';

const BUCKET = 'pawsitive-media-123456789012';
const s3 = mockClient(S3Client);
beforeEach(() => s3.reset());
afterAll(() => s3.restore());

/** The policy document of a presigned POST: its expiration and conditions. */
function policyOf(fields: Record<string, string>): { expiration: string; conditions: unknown[] } {
  return JSON.parse(Buffer.from(fields.Policy, 'base64').toString('utf8'));
}

const body = (bytes: Uint8Array) =>
  ({ transformToByteArray: async () => bytes }) as unknown as GetObjectCommandOutput['Body'];

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** The cloud edge of the media bucket: presigned POST and GET, and reading what was really stored. */
describe('the media bucket in S3', () => {
  useEnv({
    AWS_REGION: 'us-east-1',
    MEDIA_BUCKET: BUCKET,
    S3_ENDPOINT: undefined,
    // Signing needs credentials; no request leaves the process.
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    AWS_SESSION_TOKEN: undefined,
    AWS_PROFILE: undefined,
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

  describe('reading what was stored (the magic-bytes check)', () => {
    it('reads the size from HeadObject and only the first bytes with a ranged GetObject', async () => {
      s3.on(HeadObjectCommand)
        .resolves({ ContentLength: 52_000 })
        .on(GetObjectCommand)
        .resolves({ Body: body(PNG) });
      const stored = await readObjectStart('clients/sub-1/dogs/photo.png', 16);
      expect(stored?.size).toBe(52_000);
      expect([...(stored?.head ?? [])]).toEqual([...PNG]);
      expect(s3.commandCalls(HeadObjectCommand)[0].args[0].input).toEqual({
        Bucket: BUCKET,
        Key: 'clients/sub-1/dogs/photo.png',
      });
      expect(s3.commandCalls(GetObjectCommand)[0].args[0].input).toEqual({
        Bucket: BUCKET,
        Key: 'clients/sub-1/dogs/photo.png',
        Range: 'bytes=0-15',
      });
    });

    it('a missing object is "nothing stored"; an empty one is not read; other failures are passed on', async () => {
      s3.on(HeadObjectCommand).rejects(new NotFound({ message: 'Not Found', $metadata: { httpStatusCode: 404 } }));
      await expect(readObjectStart('clients/sub-1/dogs/none.png')).resolves.toBeUndefined();

      s3.reset();
      s3.on(HeadObjectCommand).resolves({ ContentLength: 0 });
      await expect(readObjectStart('clients/sub-1/dogs/empty.png')).resolves.toEqual({
        size: 0,
        head: Buffer.alloc(0),
      });
      expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);

      s3.reset();
      s3.on(HeadObjectCommand).rejects(
        Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } }),
      );
      await expect(readObjectStart('clients/sub-1/dogs/x.png')).rejects.toThrow('Access Denied');
    });

    it('an uploaded PNG is recognised by its bytes and kept', async () => {
      s3.on(HeadObjectCommand)
        .resolves({ ContentLength: 52_000 })
        .on(GetObjectCommand)
        .resolves({ Body: body(PNG) });
      await expect(checkUploadedImage('clients/sub-1/dogs/a.png')).resolves.toBe('image/png');
      expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
    });

    it('an upload that is not an image is deleted from the bucket and refused with the SPEC text', async () => {
      s3.on(HeadObjectCommand)
        .resolves({ ContentLength: 20 })
        .on(GetObjectCommand)
        .resolves({ Body: body(new TextEncoder().encode('<html>not a dog</html>')) })
        .on(DeleteObjectCommand)
        .resolves({});
      await expect(checkUploadedImage('clients/sub-1/dogs/b.png')).rejects.toMatchObject({
        code: 'VALIDATION',
        message: INVALID_IMAGE,
      });
      expect(s3.commandCalls(DeleteObjectCommand)[0].args[0].input).toEqual({
        Bucket: BUCKET,
        Key: 'clients/sub-1/dogs/b.png',
      });
    });

    it('an object over the limit is deleted and refused even when its bytes are an image', async () => {
      s3.on(HeadObjectCommand)
        .resolves({ ContentLength: MAX_IMAGE_BYTES + 1 })
        .on(GetObjectCommand)
        .resolves({ Body: body(PNG) })
        .on(DeleteObjectCommand)
        .resolves({});
      await expect(checkUploadedImage('clients/sub-1/dogs/c.png')).rejects.toMatchObject({
        code: 'VALIDATION',
        message: IMAGE_TOO_LARGE,
      });
      expect(s3.commandCalls(DeleteObjectCommand)[0].args[0].input.Key).toBe('clients/sub-1/dogs/c.png');
    });
  });

  it('deleting an object names the bucket and the key', async () => {
    s3.on(DeleteObjectCommand).resolves({});
    await deleteObject('clients/sub-1/dogs/old.png');
    expect(s3.commandCalls(DeleteObjectCommand)[0].args[0].input).toEqual({
      Bucket: BUCKET,
      Key: 'clients/sub-1/dogs/old.png',
    });
  });
});
