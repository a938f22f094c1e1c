import * as z from '../zod.js';

/**
 * Reads and validates environment variables once, failing with a readable list of every problem.
 * Each adapter declares the variables it needs; a Lambda only needs what its adapters use.
 */
export function readEnv<T extends z.core.$ZodShape>(
  shape: T,
  source: NodeJS.ProcessEnv = process.env,
): z.infer<z.ZodMiniObject<T>> {
  const parsed = z.object(shape).safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Optional endpoint override used locally (emulators); absent in the cloud. */
export const optionalUrl = z.optional(z.url());

export const baseEnv = {
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'us-east-1'),
  TABLE_NAME: z.string().check(z.minLength(1)),
  DYNAMODB_ENDPOINT: optionalUrl,
};
