import { pushSubscriptionPathParams } from '../../../shared/contracts/push.js';
import { unsubscribePush } from '../../../shared/domain/push-subscriptions.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** DELETE /api/me/push-subscriptions/{id} (signed-in): one of the caller's devices stops receiving pushes. */
export const handler = clientHttpHandler({ params: pushSubscriptionPathParams }, async ({ actor, params }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  await unsubscribePush(actor.profile, params.id);
  return { status: 204 };
});
