import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { invalidateCdn, resetCdnClient, setInvalidationTransport } from '../../shared/adapters/cdn.js';

/** The cloud edge of the CDN invalidation adapter (shared/adapters/cdn.ts), against a mocked SDK client. */
const cloudFront = mockClient(CloudFrontClient);

beforeEach(() => {
  cloudFront.reset();
  resetCdnClient();
  setInvalidationTransport(undefined);
  cloudFront.on(CreateInvalidationCommand).resolves({ Invalidation: { Id: 'I1', Status: 'InProgress' } as never });
});

describe('invalidateCdn', () => {
  it('invalidates exactly the given paths on the distribution the request came through', async () => {
    await invalidateCdn(['/api/public/business'], 'E2EXAMPLE123');
    const [call] = cloudFront.commandCalls(CreateInvalidationCommand);
    const input = call.args[0].input;
    expect(input.DistributionId).toBe('E2EXAMPLE123');
    expect(input.InvalidationBatch?.Paths).toEqual({ Quantity: 1, Items: ['/api/public/business'] });
    expect(input.InvalidationBatch?.CallerReference).toMatch(/^\d+-[0-9a-f-]{36}$/);
  });

  it('makes one invalidation per call, with a new caller reference each time', async () => {
    await invalidateCdn(['/api/public/business'], 'E2EXAMPLE123');
    await invalidateCdn(['/api/public/content/programs', '/api/public/content/tips'], 'E2EXAMPLE123');
    const calls = cloudFront.commandCalls(CreateInvalidationCommand).map((c) => c.args[0].input.InvalidationBatch);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.Paths).toEqual({
      Quantity: 2,
      Items: ['/api/public/content/programs', '/api/public/content/tips'],
    });
    expect(calls[0]?.CallerReference).not.toBe(calls[1]?.CallerReference);
  });

  it('throws when CloudFront refuses (the caller logs it)', async () => {
    cloudFront.on(CreateInvalidationCommand).rejects(new Error('AccessDenied'));
    await expect(invalidateCdn(['/api/public/business'], 'E2EXAMPLE123')).rejects.toThrow('AccessDenied');
  });

  it('refuses a missing or malformed distribution id without calling CloudFront', async () => {
    await expect(invalidateCdn(['/x'], undefined)).rejects.toThrow(/No CloudFront distribution id/);
    await expect(invalidateCdn(['/x'], 'E2/../..')).rejects.toThrow(/No CloudFront distribution id/);
    expect(cloudFront.calls()).toHaveLength(0);
  });

  it('does nothing for no paths, and uses an installed transport (the local runtime) instead of AWS', async () => {
    await invalidateCdn([], 'E2EXAMPLE123');
    const seen: (readonly string[])[] = [];
    setInvalidationTransport(async (paths) => {
      seen.push(paths);
    });
    await invalidateCdn(['/api/public/business'], 'LOCAL');
    expect(seen).toEqual([['/api/public/business']]);
    expect(cloudFront.calls()).toHaveLength(0);
  });
});
