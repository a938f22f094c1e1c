import Stripe from 'stripe';
import { api } from './api.js';

/**
 * The payment provider's side of a checkout in integration tests: Checkout events as the provider sends
 * them to the webhook, signed with the local webhook secret by the SDK's own helper.
 */

/** The SDK pointed at the local provider stand-in. */
export function localStripe(): Stripe {
  const local = new URL(process.env.STRIPE_API_URL as string);
  return new Stripe(process.env.STRIPE_SECRET_KEY as string, {
    host: local.hostname,
    port: Number(local.port),
    protocol: 'http',
  });
}

/** A Checkout event as the provider sends it, signed (with the webhook secret unless another is given). */
export function signedEvent(
  type: string,
  session: Record<string, unknown>,
  secret = process.env.STRIPE_WEBHOOK_SECRET as string,
) {
  const payload = JSON.stringify({
    id: `evt_test_${Date.now()}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { object: 'checkout.session', ...session } },
  });
  return { payload, signature: localStripe().webhooks.generateTestHeaderString({ payload, secret }) };
}

/** Delivers a signed event to the webhook, as the provider does. */
export const deliver = (e: { payload: string; signature: string }) =>
  api('POST', '/api/public/payments/webhook', { rawBody: e.payload, headers: { 'stripe-signature': e.signature } });

/**
 * Delivers the provider's event that the checkout created as `{ paymentId, url }` was paid (or, with
 * `expired`, that it lapsed) and answers the webhook's status.
 */
export async function settleCheckout(created: { paymentId: string; url: string }, outcome: 'paid' | 'expired') {
  const session = {
    id: created.url.split('/').pop(),
    client_reference_id: created.paymentId,
    payment_status: outcome === 'paid' ? 'paid' : 'unpaid',
    status: outcome === 'paid' ? 'complete' : 'expired',
  };
  const e = signedEvent(outcome === 'paid' ? 'checkout.session.completed' : 'checkout.session.expired', session);
  return (await deliver(e)).status;
}
