import * as z from '../zod.js';

/**
 * `/config.json`, fetched by the SPA at start. CDK writes it with the site deployment
 * (infra/cloud/web-stack.ts); the local runtime serves its own (infra/local).
 */
export const runtimeConfigSchema = z.object({
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Only locally: cognito-local's URL (Amplify's `userPoolEndpoint`); the web also reads it as "no TOTP" (ADR 0017). */
  userPoolEndpoint: z.optional(z.url()),
  /** USER_PASSWORD_AUTH locally (cognito-local has no SRP); USER_SRP_AUTH in the cloud. */
  authFlowType: z.enum(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']),
  /** Base of the HTTP API: same origin, `/api`. */
  apiUrl: z.string(),
  /** WebSocket API URL (the ID token goes in `?token=`). */
  wsUrl: z.string(),
  /** Public media base URL (public-media areas: website/hero/..., etc.). */
  mediaUrl: z.string(),
  businessEmail: z.email(),
  siteUrl: z.string(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
