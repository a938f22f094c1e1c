import { createPublicKey, verify } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { sendWebPush, vapidKeysFromSeed, vapidPublicKey } from '../../../shared/adapters/web-push.js';

/** web push's VAPID keys derived from a seed (ADR 0061), checked with the `web-push` library and node:crypto. */

const saved = { seed: process.env.VAPID_SEED, subject: process.env.VAPID_SUBJECT };
afterEach(() => {
  for (const [k, v] of [
    ['VAPID_SEED', saved.seed],
    ['VAPID_SUBJECT', saved.subject],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('VAPID keys from a seed', () => {
  it('are the same for the same seed and differ between seeds, in the sizes browsers expect', () => {
    const a = vapidKeysFromSeed('seed-one');
    expect(vapidKeysFromSeed('seed-one')).toEqual(a);
    expect(vapidKeysFromSeed('seed-two').privateKey).not.toBe(a.privateKey);
    const pub = Buffer.from(a.publicKey, 'base64url');
    expect(pub).toHaveLength(65);
    expect(pub[0]).toBe(4); // an uncompressed point
    expect(Buffer.from(a.privateKey, 'base64url')).toHaveLength(32);
  });

  it("sign web-push's VAPID token so that the public key verifies it", () => {
    const keys = vapidKeysFromSeed('a deploy secret');
    const headers = webpush.getVapidHeaders(
      'https://fcm.googleapis.com',
      'mailto:trainer@example.com',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(headers.Authorization) ?? [];
    expect(k).toBe(keys.publicKey);
    const [header, payload, signature] = jwt.split('.');
    const pub = Buffer.from(keys.publicKey, 'base64url');
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: pub.subarray(1, 33).toString('base64url'),
        y: pub.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = Buffer.from(`${header}.${payload}`);
    expect(verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(
      true,
    );
    const other = vapidKeysFromSeed('another secret');
    const otherPub = Buffer.from(other.publicKey, 'base64url');
    const otherKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: otherPub.subarray(1, 33).toString('base64url'),
        y: otherPub.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    expect(
      verify('sha256', signed, { key: otherKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')),
    ).toBe(false);
  });

  it('without a seed push is not set up: no public key, nothing sent', async () => {
    delete process.env.VAPID_SEED;
    process.env.VAPID_SUBJECT = 'mailto:trainer@example.com';
    expect(vapidPublicKey()).toBeUndefined();
    const target = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', p256dh: 'x', auth: 'y' };
    expect(await sendWebPush(target, { title: 't', body: 'b', url: '/messages' })).toBe('disabled');
    process.env.VAPID_SEED = 'a seed';
    expect(vapidPublicKey()).toBe(vapidKeysFromSeed('a seed').publicKey);
  });

  it('a device whose keys cannot be encrypted for fails alone, before any request is made', async () => {
    process.env.VAPID_SEED = 'a seed';
    process.env.VAPID_SUBJECT = 'mailto:trainer@example.com';
    const fetched = vi.spyOn(globalThis, 'fetch');
    // 64 bytes instead of the 65 of an uncompressed P-256 key.
    const target = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      p256dh: Buffer.alloc(64, 4).toString('base64url'),
      auth: Buffer.alloc(16, 1).toString('base64url'),
    };
    expect(await sendWebPush(target, { title: 't', body: 'b', url: '/messages' })).toBe('failed');
    expect(fetched).not.toHaveBeenCalled();
    fetched.mockRestore();
  });
});
