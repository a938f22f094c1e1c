import { describe, expect, it } from 'vitest';
import { handler, SEED_RESOURCE_ID } from '../../functions/custom/seed-content.js';
import { builtinSeedRecords } from '../../shared/content/seed.js';
import { listPublishedContent } from '../../shared/domain/website-content.js';

/**
 * The cloud's seeding custom resource (functions/custom/seed-content.ts) against DynamoDB Local: the
 * local runtime has already seeded this table on start, so running the resource's create and update
 * must find everything in place and add nothing (the rule that protects edited content).
 */
const event = (RequestType: 'Create' | 'Update' | 'Delete') =>
  ({ RequestType, ResourceProperties: { ServiceToken: 'x', version: 'test' } }) as never;

describe('cloud seeding custom resource', () => {
  it('seeds every public section once; create and update again add nothing', async () => {
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          builtinSeedRecords().map(async ([section]) => [section, (await listPublishedContent(section)).length]),
        ),
      );
    expect(await handler(event('Create'))).toEqual({ PhysicalResourceId: SEED_RESOURCE_ID });
    const before = await counts();
    for (const [section, records] of builtinSeedRecords())
      expect(before[section], section).toBeGreaterThanOrEqual(records.length > 0 ? 1 : 0);
    expect(await handler(event('Update'))).toEqual({ PhysicalResourceId: SEED_RESOURCE_ID });
    expect(await handler(event('Create'))).toEqual({ PhysicalResourceId: SEED_RESOURCE_ID });
    expect(await counts()).toEqual(before);
    // A stack deletion keeps the content.
    await handler(event('Delete'));
    expect(await counts()).toEqual(before);
  });
});
