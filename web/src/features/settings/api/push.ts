import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushSubscriptionList, PushSubscriptionView } from '#shared/contracts/push-options';
import { apiRequest } from '../../../lib/api';
import { currentPushSubscription, pushSubscriptionId } from '../../../lib/push-device';
import { registerServiceWorker } from '../../../lib/service-worker';

/** The Notifications tab's calls (ADR 0058): the person's devices, and this device's subscription on or off. */

export const pushDevicesKey = ['settings', 'push-subscriptions'] as const;

/** The caller's devices and the key to subscribe with (absent: push not set up), with this device's id if subscribed. */
export interface PushDevicesState extends PushSubscriptionList {
  thisDeviceId?: string;
}

async function getPushDevices(signal?: AbortSignal): Promise<PushDevicesState> {
  const [list, subscription] = await Promise.all([
    apiRequest<PushSubscriptionList>('/me/push-subscriptions', { signal }),
    currentPushSubscription(),
  ]);
  return subscription ? { ...list, thisDeviceId: await pushSubscriptionId(subscription.endpoint) } : list;
}

export function usePushDevices(enabled: boolean) {
  return useQuery({ queryKey: pushDevicesKey, queryFn: ({ signal }) => getPushDevices(signal), enabled });
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` takes. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const b64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * On: asks the permission (from the click), registers the worker, subscribes with the server's key and
 * stores the subscription. Resolves to the permission when it is not granted (nothing subscribed).
 */
async function turnOn(publicKey: string): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  // Without a worker (the dev server has none, or its install failed) there is nothing to subscribe.
  if (!(await registerServiceWorker())) throw new Error('The service worker could not be registered');
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  await apiRequest<PushSubscriptionView>('/me/push-subscriptions', { method: 'PUT', body: subscription.toJSON() });
  return permission;
}

/** Off: the server forgets this device, then the browser's subscription ends. */
async function turnOff(): Promise<NotificationPermission> {
  const subscription = await currentPushSubscription();
  if (subscription) {
    await apiRequest(`/me/push-subscriptions/${await pushSubscriptionId(subscription.endpoint)}`, {
      method: 'DELETE',
    });
    await subscription.unsubscribe();
  }
  return Notification.permission;
}

export function useSwitchPush() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ on, publicKey }: { on: boolean; publicKey: string }) => (on ? turnOn(publicKey) : turnOff()),
    onSettled: () => qc.invalidateQueries({ queryKey: pushDevicesKey }),
  });
}
