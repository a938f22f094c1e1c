import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_BUSINESS_EMAIL, readCloudConfig } from '../../infra/cloud/config.js';

const read = (ctx: Record<string, unknown>) => (k: string) => ctx[k];

describe('cloud config (CDK context)', () => {
  it('has offline-synth defaults', () => {
    const c = readCloudConfig(read({}), {});
    expect(c).toMatchObject({
      region: 'us-east-1',
      businessEmail: PLACEHOLDER_BUSINESS_EMAIL,
      fromEmail: PLACEHOLDER_BUSINESS_EMAIL,
      logLevel: 'INFO',
      stackPrefix: 'Pawsitive',
    });
    expect(c.account).toBeUndefined();
  });

  it('takes the region from AWS_REGION, then CDK_DEFAULT_REGION', () => {
    expect(readCloudConfig(read({}), { AWS_REGION: 'eu-west-1', CDK_DEFAULT_REGION: 'us-west-2' }).region).toBe(
      'eu-west-1',
    );
    expect(readCloudConfig(read({}), { CDK_DEFAULT_REGION: 'us-west-2' }).region).toBe('us-west-2');
  });

  it('lists every problem at once', () => {
    expect(() =>
      readCloudConfig(
        read({ businessEmail: 'nope', domain: 'not a domain', certificateArn: 'arn:x', logLevel: 'loud' }),
        {},
      ),
    ).toThrow(/businessEmail[\s\S]*domain[\s\S]*certificateArn[\s\S]*logLevel/);
  });
});
