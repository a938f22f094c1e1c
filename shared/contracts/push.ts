import * as z from '../zod.js';
import { PUSH_ENDPOINT_MAX, PUSH_LABEL_MAX, PUSH_TEXTS as T } from './push-options.js';

export * from './push-options.js';

const base64url = (min: number, max: number) =>
  z.string().check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}={0,2}$`), T.keysInvalid));

/**
 * PUT /api/me/push-subscriptions: the browser's PushSubscription (`toJSON()`: endpoint and keys) and an
 * optional device label. Which push service hosts are accepted is the server's rule (the local stand-in's
 * origin is allowed only by the local runtime), so the schema checks the shape only.
 */
export const subscribePushRequest = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/, error: T.endpointInvalid }).check(z.maxLength(PUSH_ENDPOINT_MAX)),
  // Allowed by the Push API's toJSON(); a subscription never expires here before the service says 404/410.
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.strictObject({
    // An uncompressed P-256 public key (65 bytes: 87 characters) and a 16-byte secret (22 characters).
    p256dh: base64url(86, 88),
    auth: base64url(21, 24),
  }),
  label: z.optional(z.string().check(z.trim(), z.maxLength(PUSH_LABEL_MAX))),
});
export type SubscribePushRequest = z.infer<typeof subscribePushRequest>;

export const pushSubscriptionPathParams = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, T.notFound)),
});
