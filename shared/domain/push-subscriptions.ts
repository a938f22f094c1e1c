import { createHash } from 'node:crypto';
import {
  PUSH_SERVICE_HOSTS,
  PUSH_SUBSCRIPTIONS_MAX,
  PUSH_TEXTS,
  type PushSubscriptionView,
  type SubscribePushRequest,
} from '../contracts/push.js';
import { batchWriteAll } from '../db/batch.js';
import { isConditionFailure, store } from '../db/service.js';
import { AppError } from '../errors.js';
import type { Profile } from './profiles.js';

/**
 * Per-device web push subscriptions (ADR 0055). A subscription is keyed by the SHA-256 of its
 * endpoint, so subscribing the same browser again changes nothing but its keys and label; its
 * owner is the person who subscribed it last. The server POSTs to the endpoint, so only https
 * endpoints of the known push services are stored (and, locally, the push-service stand-in's origin,
 * named by LOCAL_PUSH_SERVICE_URL, which the cloud never sets).
 */

export interface PushSubscriptionItem {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  profileId: string;
  userId: string;
  role: Profile['role'];
  label: string;
  createdAt: string;
}

/** The id of an endpoint: base64url SHA-256 (43 characters). */
export const pushSubscriptionId = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

export function isAllowedPushEndpoint(endpoint: string, localOrigin = process.env.LOCAL_PUSH_SERVICE_URL): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (localOrigin && url.origin === new URL(localOrigin).origin) return true;
  if (url.protocol !== 'https:' || url.port) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

const labelOf = (label: string | undefined, userAgent: string | undefined) =>
  (label?.trim() || deviceLabel(userAgent)).slice(0, 80);

/** A short label of a user agent ("Chrome on Android"), for the list of devices. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|CriOS\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'a device';
  return `${browser} on ${os}`;
}

export const toPushSubscriptionView = (s: PushSubscriptionItem): PushSubscriptionView => ({
  id: s.id,
  label: s.label,
  service: new URL(s.endpoint).host,
  createdAt: s.createdAt,
});

export async function listPushSubscriptions(profileId: string): Promise<PushSubscriptionItem[]> {
  const { data } = await store().entities.pushSubscription.query.byProfile({ profileId }).go({ pages: 'all' });
  return data as PushSubscriptionItem[];
}

/** Every admin's devices (the trainer's notices). */
export async function listAdminPushSubscriptions(): Promise<PushSubscriptionItem[]> {
  const { data } = await store().entities.pushSubscription.query.byRole({ role: 'admin' }).go({ pages: 'all' });
  return data as PushSubscriptionItem[];
}

/**
 * Stores this device's subscription for the caller (idempotent on the endpoint: the same browser
 * subscribing again keeps its id and creation time; one signed in as someone else moves to them).
 */
export async function subscribePush(
  profile: Profile,
  input: SubscribePushRequest,
  userAgent?: string,
): Promise<PushSubscriptionView> {
  if (!isAllowedPushEndpoint(input.endpoint)) {
    throw new AppError('VALIDATION', PUSH_TEXTS.endpointInvalid, { endpoint: [PUSH_TEXTS.endpointInvalid] });
  }
  const id = pushSubscriptionId(input.endpoint);
  const s = store();
  const { data: existing } = await s.entities.pushSubscription.get({ id }).go({ consistent: true });
  if (!existing || existing.profileId !== profile.id) {
    const mine = await listPushSubscriptions(profile.id);
    if (mine.length >= PUSH_SUBSCRIPTIONS_MAX) throw new AppError('CONFLICT', PUSH_TEXTS.tooMany);
  }
  const item: PushSubscriptionItem = {
    id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    profileId: profile.id,
    userId: profile.userId,
    role: profile.role,
    label: labelOf(input.label, userAgent),
    createdAt: existing?.profileId === profile.id ? existing.createdAt : new Date().toISOString(),
  };
  await s.entities.pushSubscription.put(item).go();
  return toPushSubscriptionView(item);
}

/** Removes one of the caller's devices; another person's or an unknown id changes nothing. */
export async function unsubscribePush(profile: Pick<Profile, 'id'>, id: string): Promise<void> {
  await store()
    .entities.pushSubscription.delete({ id })
    .where(({ profileId }, { eq }) => eq(profileId, profile.id))
    .go()
    .catch((e: unknown) => {
      if (!isConditionFailure(e)) throw e;
    });
}

/** Removes a subscription the push service no longer knows (404 / 410), whoever owns it. */
export async function forgetPushSubscription(id: string, endpoint: string): Promise<void> {
  await store()
    .entities.pushSubscription.delete({ id })
    .where(({ endpoint: e }, { eq }) => eq(e, endpoint))
    .go()
    .catch((e: unknown) => {
      if (!isConditionFailure(e)) throw e;
    });
}

/** Removes all of a person's devices (deactivation, full deletion). */
export async function removeAllPushSubscriptions(profileId: string): Promise<void> {
  const mine = await listPushSubscriptions(profileId);
  if (!mine.length) return;
  await batchWriteAll(
    'push subscriptions',
    mine.map((m) => ({ id: m.id })),
    (keys) => store().entities.pushSubscription.delete(keys).go(),
  );
}
