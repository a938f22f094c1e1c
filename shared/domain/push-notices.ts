import { sendWebPush } from '../adapters/web-push.js';
import { PUSH_SENT_TTL_DAYS, type PushPayload } from '../contracts/push-options.js';
import { SESSION_REMINDER_SUBJECT } from '../contracts/sessions.js';
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

/**
 * A notice's payload, or how to make it: a function is called only when someone has a device to send it
 * to (most people have none, and the handler then reads nothing more).
 */
export type PushNotice = PushPayload | (() => Promise<PushPayload | undefined>);

async function pushTo(subs: readonly PushSubscriptionItem[], eventKey: string, notice: PushNotice) {
  const result: PushResult = { sent: 0, gone: 0, failed: 0, skipped: 0 };
  if (subs.length === 0) return result;
  const payload = typeof notice === 'function' ? await notice() : notice;
  if (!payload) return result;
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
export async function pushToPerson(profileId: string, eventKey: string, notice: PushNotice): Promise<PushResult> {
  return pushTo(await listPushSubscriptions(profileId), eventKey, notice);
}

/** A notice to the trainer's (every admin's) devices. */
export async function pushToTrainer(eventKey: string, notice: PushNotice): Promise<PushResult> {
  return pushTo(await listAdminPushSubscriptions(), eventKey, notice);
}

/**
 * The notice of a message in a client's inbox, by what it is about: a session scheduled, changed or
 * cancelled, a booking decided or tomorrow's session open the client's sessions; anything else (the
 * trainer's messages, a vaccination reminder) opens the inbox.
 */
export function messagePushNotice(m: { messageType: string; subject: string }): PushPayload {
  const aboutSessions =
    m.messageType === 'appointment' || (m.messageType === 'reminder' && m.subject.startsWith(SESSION_REMINDER_SUBJECT));
  if (aboutSessions) return { title: m.subject, body: 'Open your sessions to see the details.', url: '/sessions' };
  return { title: 'New message from your trainer', body: m.subject, url: '/messages' };
}
