import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import '../support/provided-context.js';

/**
 * The local `/media/*` path serves what CloudFront and the bucket policy serve: public objects under
 * `media/` only (docs/decisions/0036-media-paths-and-object-keys.md).
 */
describe('local /media path', () => {
  it('serves no object outside media/: dot segments and encoded separators find nothing (raw request paths)', async () => {
    const env = inject('env');
    const s3 = new S3Client({
      region: env.AWS_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const secret = `private certificate ${randomUUID()}`;
    const privateKey = `clients/${randomUUID()}/certificates/${randomUUID()}.png`;
    const uploadKey = `uploads/website/hero/background_image-${Date.now()}.png`;
    try {
      for (const Key of [privateKey, uploadKey]) {
        await s3.send(new PutObjectCommand({ Bucket: env.MEDIA_BUCKET, Key, Body: secret, ContentType: 'image/png' }));
      }
    } finally {
      s3.destroy();
    }
    // fetch would resolve the dots before sending: node:http sends the path exactly as written.
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${inject('urls').site}/`, { path }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const key of [privateKey, uploadKey]) {
      for (const path of [
        `/media/../${key}`,
        `/media/%2e%2e/${key}`,
        `/media/..%2f${key}`,
        `/media/%2e%2e%2f${key}`,
        `/media/%2E%2E%2F${key}`,
        `/media/.%2e/${key}`,
        `/media/website/../../${key}`,
        `/media/website/..%2f..%2f${key}`,
        `/media/./../${key}`,
        `/media/%5c..%5c${key}`,
        `/media/${key.replaceAll('/', '%2f')}`,
      ]) {
        const res = await raw(path);
        // A path whose dots climb out of /media/ is a site path (the web app, unbuilt in these tests: 503).
        expect([400, 403, 404, 503], `${path} -> ${res.status}`).toContain(res.status);
        expect(res.body, path).not.toContain(secret);
      }
    }
    expect((await raw('/media/%zz')).status).toBe(400);
  });
});
