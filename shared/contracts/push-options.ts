/**
 * Response shapes and limits of the push subscriptions (per device web push, ADR 0055), with no
 * runtime dependency (the web imports them without zod). Request schemas live in push.ts.
 *
 * HTTP routes (shared/routes.ts):
 *   GET    /api/me/push-subscriptions        signed-in  PushSubscriptionList (the caller's devices)
 *   PUT    /api/me/push-subscriptions        signed-in  PushSubscriptionView (idempotent on the endpoint)
 *   DELETE /api/me/push-subscriptions/{id}   signed-in  204 (one of the caller's devices; absent: 204)
 */

export interface PushSubscriptionView {
  /** base64url SHA-256 of the endpoint (the web computes it too, to unsubscribe on sign-out). */
  id: string;
  /** The device's label (its browser and system, from the user agent). */
  label: string;
  /** The push service's host (the endpoint itself stays private: it is a delivery capability). */
  service: string;
  createdAt: string;
}

export interface PushSubscriptionList {
  items: PushSubscriptionView[];
  /** The VAPID public key a browser subscribes with (ADR 0061); absent where push is not set up. */
  publicKey?: string;
}

/** What the service worker receives: shown as a notification that opens `url` on click. */
export interface PushPayload {
  title: string;
  body: string;
  /** A same-origin path of the portal (`/messages`, `/sessions`...). */
  url: string;
}

/** Devices one person may have subscribed at once. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
export const PUSH_ENDPOINT_MAX = 1024;
export const PUSH_LABEL_MAX = 80;
/** How long a sent marker (one event, one device) is kept before TTL removes it. */
export const PUSH_SENT_TTL_DAYS = 7;

/**
 * Push services a subscription's endpoint may point at (host suffixes, https only): the server POSTs
 * to the endpoint, so any other host is refused (no request to an address a caller chose).
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
] as const;

export const PUSH_TEXTS = {
  endpointInvalid: 'Enter a push endpoint of a known push service',
  keysInvalid: 'The subscription keys are not valid',
  tooMany: `At most ${PUSH_SUBSCRIPTIONS_MAX} devices can receive push notifications; turn one off first.`,
  notFound: 'Push subscription not found',
} as const;
