import { type CfnElement, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { pushKeySeedName } from '../../infra/cloud/data-stack.js';
import { resources, stacks, synthesizeCloudApp } from './stack-templates.js';

synthesizeCloudApp();

/** Every deployed function's handler and environment variables. */
function environments(): [string, Record<string, unknown>][] {
  return stacks.registry.plans.map((p) => {
    const fn = stacks.registry.get(p.handler).fn;
    const stack = Stack.of(fn);
    const found = resources(stack, 'AWS::Lambda::Function').find(
      ([id]) => id === stack.getLogicalId(fn.node.defaultChild as CfnElement),
    );
    if (!found) throw new Error(`No function resource for ${p.handler}`);
    return [p.handler, found[1].Properties.Environment?.Variables ?? {}];
  });
}

describe("web push's key seed (ADR 0061)", () => {
  const name = pushKeySeedName({ stackPrefix: 'Pawsitive' } as Parameters<typeof pushKeySeedName>[0]);

  it('is a secret CloudFormation generates in the data stack, long enough to derive a key from', () => {
    const seeds = resources(stacks.data, 'AWS::SecretsManager::Secret').filter(([, s]) => s.Properties.Name === name);
    expect(seeds).toHaveLength(1);
    expect(seeds[0][1].Properties.GenerateSecretString.PasswordLength).toBeGreaterThanOrEqual(32);
    expect(seeds[0][1].Properties.SecretString).toBeUndefined();
  });

  it('reaches exactly the functions that send push notices or hand out the public key, with the subject', () => {
    const reference = `{{resolve:secretsmanager:${name}:SecretString:::}}`;
    const withSeed = environments()
      .filter(([, env]) => 'VAPID_SEED' in env)
      .map(([handler, env]) => {
        expect(env.VAPID_SEED, handler).toBe(reference);
        expect(env.VAPID_SUBJECT, handler).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
        return handler;
      });
    expect(withSeed.sort()).toEqual(
      [
        'events/notify-bookings-changed',
        'events/notify-contact-submission',
        'events/notify-conversation-changed',
        'events/notify-message-delivered',
        'events/notify-payment-paid',
        'http/push/list-my-push-subscriptions',
      ].sort(),
    );
  });
});
