import Stripe from 'stripe';
import { api } from './api.js';

/**
 * The payment provider's side of a checkout in integration tests: Checkout events as the provider sends
 * them to the webhook, signed with the local webhook secret by the SDK's own helper.
 */

function sdk(): Stripe {
  const local = new URL(process.env.STRIPE_API_URL as string);
  return new Stripe(process.env.STRIPE_SECRET_KEY as string, {
    host: local.hostname,
    port: Number(local.port),
    protocol: 'http',
  });
}

function signedEvent(type: string, session: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_test_${Date.now()}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { object: 'checkout.session', ...session } },
  });
  const secret = process.env.STRIPE_WEBHOOK_SECRET as string;
  return { payload, signature: sdk().webhooks.generateTestHeaderString({ payload, secret }) };
}

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
  const res = await api('POST', '/api/public/payments/webhook', {
    rawBody: e.payload,
    headers: { 'stripe-signature': e.signature },
  });
  return res.status;
}
