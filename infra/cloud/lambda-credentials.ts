/**
 * Replaces `@aws-sdk/credential-provider-node` in the Lambda bundles (see bundling.ts and ADR 0016).
 * Lambda gives every function its role's credentials in AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and
 * AWS_SESSION_TOKEN, so the SDK's default chain (profiles, SSO, web identity, process, container and
 * instance metadata, with the STS/SSO clients they load) is never reached there. This provider reads
 * those variables on each call, as the chain's first link (fromEnv) does, and fails clearly without
 * them. Locally and in the tests the SDK's own chain runs (nothing is bundled there).
 */
interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

export const defaultProvider = () => async (): Promise<Credentials> => {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  }
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  const expiry = process.env.AWS_CREDENTIAL_EXPIRATION;
  return {
    accessKeyId,
    secretAccessKey,
    ...(sessionToken ? { sessionToken } : {}),
    ...(expiry ? { expiration: new Date(expiry) } : {}),
  };
};
