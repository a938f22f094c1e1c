import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentKeys, stripeClient } from '../../../shared/adapters/payments.js';
import { resetSecrets } from '../../../shared/adapters/secrets.js';
import { useEnv } from './env.js';

const secrets = mockClient(SecretsManagerClient);
beforeEach(() => {
  secrets.reset();
  resetSecrets();
});
afterAll(() => secrets.restore());

const stored = JSON.stringify({ secretKey: 'sk_test_cloud', webhookSecret: 'whsec_cloud' });

/** The cloud edge of the payment keys: one Secrets Manager secret, read once per warm function. */
describe('payment keys from Secrets Manager', () => {
  useEnv({
    AWS_REGION: 'us-east-1',
    STRIPE_SECRET_ID: 'pawsitive/payments',
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
    STRIPE_API_URL: undefined,
  });

  it('reads the named secret once and keeps its value', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretString: stored });
    expect(await paymentKeys()).toEqual({ secretKey: 'sk_test_cloud', webhookSecret: 'whsec_cloud' });
    expect(await paymentKeys()).toEqual({ secretKey: 'sk_test_cloud', webhookSecret: 'whsec_cloud' });
    expect(secrets.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input)).toEqual([
      { SecretId: 'pawsitive/payments' },
    ]);
  });

  it('tries again after a failed read instead of keeping the failure', async () => {
    secrets
      .on(GetSecretValueCommand)
      .rejectsOnce(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }))
      .resolves({ SecretString: stored });
    await expect(paymentKeys()).rejects.toThrow('throttled');
    expect((await paymentKeys())?.secretKey).toBe('sk_test_cloud');
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('has no keys when the secret holds no usable pair or does not exist (payments then report setup failed)', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ secretKey: '' }) });
    expect(await paymentKeys()).toBeUndefined();
    resetSecrets();
    secrets.on(GetSecretValueCommand).resolves({ SecretString: 'not json' });
    expect(await paymentKeys()).toBeUndefined();
    resetSecrets();
    secrets.on(GetSecretValueCommand).rejects(
      Object.assign(new Error('Secrets Manager can not find the specified secret.'), {
        name: 'ResourceNotFoundException',
      }),
    );
    expect(await paymentKeys()).toBeUndefined();
  });
});

describe('payment keys without a secret', () => {
  useEnv({ STRIPE_SECRET_ID: undefined, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined });

  it('are absent, and Secrets Manager is not called', async () => {
    expect(await paymentKeys()).toBeUndefined();
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});

describe('payment keys from the environment (local runtime)', () => {
  useEnv({
    STRIPE_SECRET_ID: 'ignored',
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: 'whsec_local',
    STRIPE_API_URL: 'http://127.0.0.1:12111',
  });

  it('come from the environment, without Secrets Manager; one SDK client per key', async () => {
    expect(await paymentKeys()).toEqual({ secretKey: 'sk_test_local', webhookSecret: 'whsec_local' });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
    expect(stripeClient('sk_test_local')).toBe(stripeClient('sk_test_local'));
    expect(stripeClient('sk_test_other')).not.toBe(stripeClient('sk_test_local'));
  });
});
