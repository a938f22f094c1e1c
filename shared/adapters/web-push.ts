import type { PushPayload } from '../contracts/push-options.js';

/**
 * Sends one web push message (RFC 8030, payload encrypted aes128gcm, VAPID-signed) made by the `web-push`
 * library. The VAPID key pair comes from the environment (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY,
 * VAPID_SUBJECT: locally made once into `.local/`, ADR 0055); where it is absent push is not set up and
 * nothing is sent.
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

function vapid() {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = process.env;
  return publicKey && privateKey && subject ? { publicKey, privateKey, subject } : undefined;
}

export async function sendWebPush(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
  const vapidDetails = vapid();
  if (!vapidDetails) return 'disabled';
  // The library encrypts and signs; the request itself goes through fetch, which also reaches the local
  // stand-in over http (the library's own sender speaks https only).
  // Loaded on the first send only: a handler whose recipient has no device never evaluates it (startup, ADR 0046).
  const { default: webpush } = await import('web-push');
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    { vapidDetails, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm' },
  );
  try {
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
