import { vapidPublicKey } from '../../../shared/adapters/web-push.js';
import type { PushSubscriptionList } from '../../../shared/contracts/push-options.js';
import { listPushSubscriptions, toPushSubscriptionView } from '../../../shared/domain/push-subscriptions.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * GET /api/me/push-subscriptions (signed-in): the caller's devices that receive push notifications, and
 * the key a browser subscribes with (absent where push is not set up).
 */
export const handler = clientHttpHandler({}, async ({ actor }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  const items = await listPushSubscriptions(actor.profile.id);
  const body: PushSubscriptionList = {
    items: items.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(toPushSubscriptionView),
  };
  const publicKey = vapidPublicKey();
  if (publicKey) body.publicKey = publicKey;
  return { body };
});
