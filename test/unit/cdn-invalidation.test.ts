import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CDN_PARAMETER_ENV,
  invalidateCdn,
  resetCdnClients,
  setInvalidationTransport,
} from '../../shared/adapters/cdn.js';

/** The cloud edge of the CDN invalidation adapter (shared/adapters/cdn.ts), against mocked SDK clients. */
const ssm = mockClient(SSMClient);
const cloudFront = mockClient(CloudFrontClient);

beforeEach(() => {
  ssm.reset();
  cloudFront.reset();
  resetCdnClients();
  setInvalidationTransport(undefined);
  process.env[CDN_PARAMETER_ENV] = '/Pawsitive/cdn/distribution-id';
  ssm.on(GetParameterCommand).resolves({ Parameter: { Value: 'E2EXAMPLE123' } });
  cloudFront.on(CreateInvalidationCommand).resolves({ Invalidation: { Id: 'I1', Status: 'InProgress' } as never });
});
afterEach(() => {
  delete process.env[CDN_PARAMETER_ENV];
});

describe('invalidateCdn', () => {
  it('invalidates exactly the given paths on the distribution named by the SSM parameter', async () => {
    await invalidateCdn(['/api/public/business']);
    expect(ssm.commandCalls(GetParameterCommand)[0].args[0].input).toEqual({ Name: '/Pawsitive/cdn/distribution-id' });
    const [call] = cloudFront.commandCalls(CreateInvalidationCommand);
    const input = call.args[0].input;
    expect(input.DistributionId).toBe('E2EXAMPLE123');
    expect(input.InvalidationBatch?.Paths).toEqual({ Quantity: 1, Items: ['/api/public/business'] });
    expect(input.InvalidationBatch?.CallerReference).toMatch(/^\d+-[0-9a-f-]{36}$/);
  });

  it('reads the distribution id once per container, with a new caller reference per invalidation', async () => {
    await invalidateCdn(['/api/public/business']);
    await invalidateCdn(['/api/public/content/programs', '/api/public/content/tips']);
    expect(ssm.commandCalls(GetParameterCommand)).toHaveLength(1);
    const calls = cloudFront.commandCalls(CreateInvalidationCommand).map((c) => c.args[0].input.InvalidationBatch);
    expect(calls[1]?.Paths).toEqual({
      Quantity: 2,
      Items: ['/api/public/content/programs', '/api/public/content/tips'],
    });
    expect(calls[0]?.CallerReference).not.toBe(calls[1]?.CallerReference);
  });

  it('throws when CloudFront refuses (the caller logs it)', async () => {
    cloudFront.on(CreateInvalidationCommand).rejects(new Error('AccessDenied'));
    await expect(invalidateCdn(['/api/public/business'])).rejects.toThrow('AccessDenied');
  });

  it('reads the parameter again after a failed read', async () => {
    ssm.reset();
    ssm
      .on(GetParameterCommand)
      .rejectsOnce(new Error('ParameterNotFound'))
      .resolves({ Parameter: { Value: 'E2' } });
    await expect(invalidateCdn(['/x'])).rejects.toThrow('ParameterNotFound');
    await invalidateCdn(['/x']);
    expect(ssm.commandCalls(GetParameterCommand)).toHaveLength(2);
    expect(cloudFront.commandCalls(CreateInvalidationCommand).at(-1)?.args[0].input.DistributionId).toBe('E2');
  });

  it('does nothing for no paths, and uses an installed transport (the local runtime) instead of AWS', async () => {
    await invalidateCdn([]);
    const seen: (readonly string[])[] = [];
    setInvalidationTransport(async (paths) => {
      seen.push(paths);
    });
    await invalidateCdn(['/api/public/business']);
    expect(seen).toEqual([['/api/public/business']]);
    expect(ssm.calls()).toHaveLength(0);
    expect(cloudFront.calls()).toHaveLength(0);
  });

  it('is a no-op without the parameter name (a function not granted an invalidation)', async () => {
    delete process.env[CDN_PARAMETER_ENV];
    await invalidateCdn(['/api/public/business']);
    expect(cloudFront.calls()).toHaveLength(0);
  });
});
