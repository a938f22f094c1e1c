import { sendWebPush } from '../adapters/web-push.js';
import { PUSH_SENT_TTL_DAYS, type PushPayload } from '../contracts/push-options.js';
import { isConditionFailure, store } from '../db/service.js';
import {
  forgetPushSubscription,
  listAdminPushSubscriptions,
  listPushSubscriptions,
  type PushSubscriptionItem,
} from './push-subscriptions.js';

/**
 * Push notices to people's devices (ADR 0055). Each device gets a notice at most once per event: a
 * marker keyed by the event and the subscription is created (conditionally) before the send, so an
 * event handled twice, or by two handler runs at once, pushes once. A push service answering 404 or
 * 410 means the browser dropped the subscription: it is removed. A failure to send is logged by the
 * caller's count and not retried (a late notice is worse than none).
 */

export interface PushResult {
  sent: number;
  gone: number;
  failed: number;
  skipped: number;
}

async function claim(eventKey: string, subscriptionId: string): Promise<boolean> {
  try {
    await store()
      .entities.pushSent.create({
        eventKey,
        subscriptionId,
        expiresAt: Math.floor(Date.now() / 1000) + PUSH_SENT_TTL_DAYS * 86_400,
      })
      .go();
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

async function pushTo(subs: readonly PushSubscriptionItem[], eventKey: string, payload: PushPayload) {
  const result: PushResult = { sent: 0, gone: 0, failed: 0, skipped: 0 };
  await Promise.all(
    subs.map(async (s) => {
      if (!(await claim(eventKey, s.id))) {
        result.skipped++;
        return;
      }
      const outcome = await sendWebPush(s, payload);
      if (outcome === 'gone') {
        await forgetPushSubscription(s.id, s.endpoint);
        result.gone++;
      } else if (outcome === 'sent') result.sent++;
      else if (outcome === 'failed') result.failed++;
      else result.skipped++;
    }),
  );
  return result;
}

/** A notice to one person's devices (a client's, or the trainer's own). */
export async function pushToPerson(profileId: string, eventKey: string, payload: PushPayload): Promise<PushResult> {
  return pushTo(await listPushSubscriptions(profileId), eventKey, payload);
}

/** A notice to the trainer's (every admin's) devices. */
export async function pushToTrainer(eventKey: string, payload: PushPayload): Promise<PushResult> {
  return pushTo(await listAdminPushSubscriptions(), eventKey, payload);
}
