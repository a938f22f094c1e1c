import Stripe from 'stripe';
import { optionalUrl, readEnv } from '../config/env.js';

/**
 * The payment provider: Stripe through its official SDK. In the cloud the secret key and the webhook
 * signing secret are one Secrets Manager secret (JSON `{"secretKey": "sk_...", "webhookSecret":
 * "whsec_..."}`, named by STRIPE_SECRET_ID); locally they come from the runtime's environment, and
 * STRIPE_API_URL points the SDK at the local Checkout stand-in (infra/local/stripe-checkout.ts) through
 * its documented host/port/protocol options. Nothing else in the product knows which one it talks to.
 */

export { paymentKeys } from './payment-keys.js';

function env() {
  return readEnv({ STRIPE_API_URL: optionalUrl });
}

let cached: { key: string; stripe: Stripe } | undefined;

/** The SDK client for `secretKey` (created once per key). */
export function stripeClient(secretKey: string): Stripe {
  if (cached?.key === secretKey) return cached.stripe;
  const api = env().STRIPE_API_URL;
  const target = api ? new URL(api) : undefined;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(target
      ? {
          host: target.hostname,
          port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  cached = { key: secretKey, stripe };
  return stripe;
}

export type CheckoutSession = Stripe.Checkout.Session;
export type StripeEvent = Stripe.Event;
