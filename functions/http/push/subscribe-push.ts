import { subscribePushRequest } from '../../../shared/contracts/push.js';
import { subscribePush } from '../../../shared/domain/push-subscriptions.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** PUT /api/me/push-subscriptions (signed-in): this device receives the caller's push notifications. */
export const handler = clientHttpHandler({ body: subscribePushRequest }, async ({ actor, body, event }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { body: await subscribePush(actor.profile, body, event.headers?.['user-agent']) };
});
