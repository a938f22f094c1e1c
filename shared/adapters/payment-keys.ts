import { readEnv } from '../config/env.js';
import * as z from '../zod.js';
import { readSecret } from './secrets.js';

/**
 * The payment provider's keys. In the cloud the secret key and the webhook signing secret are one Secrets
 * Manager secret (JSON `{"secretKey": "sk_...", "webhookSecret": "whsec_..."}`, named by STRIPE_SECRET_ID);
 * locally they come from the runtime's environment. Apart from shared/adapters/payments.ts so a handler
 * that only asks whether payments are configured does not bundle the provider's SDK.
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
