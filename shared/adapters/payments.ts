import Stripe from 'stripe';
import { optionalUrl, readEnv } from '../config/env.js';
import * as z from '../zod.js';
import { readSecret } from './secrets.js';

/**
 * The payment provider: Stripe through its official SDK. In the cloud the secret key and the webhook
 * signing secret are one Secrets Manager secret (JSON `{"secretKey": "sk_...", "webhookSecret":
 * "whsec_..."}`, named by STRIPE_SECRET_ID); locally they come from the runtime's environment, and
 * STRIPE_API_URL points the SDK at the local Checkout stand-in (infra/local/stripe-checkout.ts) through
 * its documented host/port/protocol options. Nothing else in the product knows which one it talks to.
 */

export interface PaymentKeys {
  secretKey: string;
  webhookSecret: string;
}

const storedKeys = z.object({
  secretKey: z.string().check(z.minLength(1)),
  webhookSecret: z.string().check(z.minLength(1)),
});

function env() {
  return readEnv({
    STRIPE_SECRET_ID: z.optional(z.string()),
    STRIPE_SECRET_KEY: z.optional(z.string()),
    STRIPE_WEBHOOK_SECRET: z.optional(z.string()),
    STRIPE_API_URL: optionalUrl,
  });
}

/** The keys, or undefined when this deployment has none configured (payments are then unavailable). */
export async function paymentKeys(): Promise<PaymentKeys | undefined> {
  const e = env();
  if (e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET) {
    return { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET };
  }
  if (!e.STRIPE_SECRET_ID) return undefined;
  let text: string;
  try {
    text = await readSecret(e.STRIPE_SECRET_ID);
  } catch (error) {
    // Not created yet: this deployment takes no payments.
    if ((error as { name?: string }).name === 'ResourceNotFoundException') return undefined;
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = storedKeys.safeParse(value);
  return parsed.success ? parsed.data : undefined;
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
