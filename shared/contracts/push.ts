import * as z from '../zod.js';
import { PUSH_ENDPOINT_MAX, PUSH_LABEL_MAX, PUSH_TEXTS as T } from './push-options.js';

export * from './push-options.js';

/** Base64url text that decodes to exactly `bytes` bytes (and, for a public key, starts with `first`). */
const base64url = (bytes: number, first?: number) =>
  z.string().check(
    z.regex(/^[A-Za-z0-9_-]+={0,2}$/, T.keysInvalid),
    z.refine((s) => {
      const decoded = Buffer.from(s, 'base64url');
      return decoded.length === bytes && (first === undefined || decoded[0] === first);
    }, T.keysInvalid),
  );

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
    // An uncompressed P-256 public key (65 bytes starting 0x04: 87 characters) and a 16-byte secret
    // (22 characters): what web-push needs to encrypt, checked here so no stored device fails every send.
    p256dh: base64url(65, 0x04),
    auth: base64url(16),
  }),
  label: z.optional(z.string().check(z.trim(), z.maxLength(PUSH_LABEL_MAX))),
});
export type SubscribePushRequest = z.infer<typeof subscribePushRequest>;

export const pushSubscriptionPathParams = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, T.notFound)),
});
