import { createECDH, createHash } from 'node:crypto';
import type { PushPayload } from '../contracts/push-options.js';

/**
 * Sends one web push message (RFC 8030, payload encrypted aes128gcm, VAPID-signed) made by the `web-push`
 * library. The VAPID key pair is derived from VAPID_SEED, a random secret (ADR 0061: CloudFormation
 * generates it in Secrets Manager, the local runtime once into `.local/`), and signed for VAPID_SUBJECT;
 * where they are absent push is not set up and nothing is sent.
 */

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: `gone` for 404 / 410 (the subscription is no more). */
export type PushOutcome = 'sent' | 'gone' | 'failed' | 'disabled';

/** Seconds a push service keeps an undelivered message (a notice older than a day is stale). */
const TTL_SECONDS = 24 * 60 * 60;

export interface VapidKeys {
  /** The uncompressed P-256 point, base64url (what browsers subscribe with as `applicationServerKey`). */
  publicKey: string;
  /** The private scalar, base64url. */
  privateKey: string;
}

/**
 * The key pair of a seed: the private scalar is SHA-256 of the seed (with a counter, in case a digest is
 * not a valid P-256 scalar, about one in 2^32), the public point computed from it by node:crypto. The same
 * seed always gives the same pair, so subscriptions outlive restarts and deploys.
 */
export function vapidKeysFromSeed(seed: string): VapidKeys {
  for (let i = 0; ; i++) {
    const d = createHash('sha256').update(`${seed}:${i}`).digest();
    const ecdh = createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(d);
    } catch {
      continue;
    }
    return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: d.toString('base64url') };
  }
}

let derived: { seed: string; keys: VapidKeys } | undefined;

function vapidKeys(): VapidKeys | undefined {
  const seed = process.env.VAPID_SEED;
  if (!seed) return undefined;
  if (derived?.seed !== seed) derived = { seed, keys: vapidKeysFromSeed(seed) };
  return derived.keys;
}

/** The public key browsers subscribe with; undefined where push is not set up. */
export const vapidPublicKey = (): string | undefined => vapidKeys()?.publicKey;

function vapid() {
  const keys = vapidKeys();
  const subject = process.env.VAPID_SUBJECT;
  return keys && subject ? { ...keys, subject } : undefined;
}

export async function sendWebPush(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
  const vapidDetails = vapid();
  if (!vapidDetails) return 'disabled';
  // The library encrypts and signs; the request itself goes through fetch, which also reaches the local
  // stand-in over http (the library's own sender speaks https only).
  // Loaded on the first send only: a handler whose recipient has no device never evaluates it (startup, ADR 0046).
  const { default: webpush } = await import('web-push');
  try {
    // Throws on keys it cannot encrypt for: that device fails, the others of the notice still get it.
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      { vapidDetails, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm' },
    );
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body),
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}
