import { apiRequest } from './api';

/*
 * This browser's push subscription (ADR 0055, 0058): what the Notifications settings switch on and off,
 * and what sign-out removes. The server names a subscription by the base64url SHA-256 of its endpoint,
 * so the browser computes the same id without asking.
 */

/** Whether this browser can receive push notifications (a service worker, the Push API and notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The server's id of an endpoint: base64url SHA-256 (shared/domain/push-subscriptions.ts). */
export async function pushSubscriptionId(endpoint: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This browser's current subscription, if its worker is registered and subscribed. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** How long sign-out waits for this device's subscription to be removed before it goes on. */
export const SIGN_OUT_PUSH_TIMEOUT_MS = 2000;

/**
 * Sign-out: this device stops receiving the person's notices (DELETE on the server, then the browser's
 * subscription ends), within `timeoutMs`; never throws, so sign-out goes on whatever happens here.
 */
export async function forgetThisDevice(timeoutMs = SIGN_OUT_PUSH_TIMEOUT_MS): Promise<void> {
  const signal = AbortSignal.timeout(timeoutMs);
  const work = (async () => {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    const id = await pushSubscriptionId(subscription.endpoint);
    await apiRequest(`/me/push-subscriptions/${id}`, { method: 'DELETE', signal }).catch(() => undefined);
    await subscription.unsubscribe();
  })();
  const timedOut = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  await Promise.race([work.catch(() => undefined), timedOut]);
}
