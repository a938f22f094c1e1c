import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * Secrets Manager, read once per warm function: the client is created on first use and each secret's
 * value is kept for the life of the process (a rotated secret is picked up by new instances).
 */
let client: SecretsManagerClient | undefined;
const values = new Map<string, Promise<string>>();

/** The secret's string value; a failed read is not kept, so the next call tries again. */
export function readSecret(secretId: string): Promise<string> {
  let value = values.get(secretId);
  if (!value) {
    client ??= new SecretsManagerClient({ region: process.env.AWS_REGION });
    value = client.send(new GetSecretValueCommand({ SecretId: secretId })).then((r) => {
      if (typeof r.SecretString !== 'string') throw new Error(`Secret ${secretId} has no string value`);
      return r.SecretString;
    });
    values.set(secretId, value);
    value.catch(() => values.delete(secretId));
  }
  return value;
}

/** Forgets the client and the values read (tests). */
export function resetSecrets(): void {
  client = undefined;
  values.clear();
}
