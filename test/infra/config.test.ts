import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_BUSINESS_EMAIL, readCloudConfig } from '../../infra/cloud/config.js';
import { sesIdentityNames } from '../../infra/cloud/email-stack.js';

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

describe('e-mail sender (SES)', () => {
  it('sends from noreply@<domain> when a domain is configured (context or PAWSITIVE_DOMAIN), else from the business', () => {
    expect(readCloudConfig(read({ businessEmail: 'me@gmail.com' }), {}).fromEmail).toBe('me@gmail.com');
    const withDomain = readCloudConfig(read({ businessEmail: 'me@gmail.com', domain: 'Biz.Example' }), {});
    expect(withDomain).toMatchObject({ domain: 'biz.example', fromEmail: 'noreply@biz.example' });
    expect(readCloudConfig(read({}), { PAWSITIVE_DOMAIN: 'biz.example' }).fromEmail).toBe('noreply@biz.example');
    expect(readCloudConfig(read({ domain: 'biz.example', fromEmail: 'hello@biz.example' }), {}).fromEmail).toBe(
      'hello@biz.example',
    );
  });

  it('refuses a domain written as a URL with a readable reason', () => {
    expect(() => readCloudConfig(read({ domain: 'https://biz.example/' }), {})).toThrow(
      /domain: "https:\/\/biz.example\/" is not a domain name \(e.g. example.com/,
    );
  });
});

describe('SES identities', () => {
  const names = (ctx: Record<string, unknown>) => sesIdentityNames(readCloudConfig(read(ctx), {}));
  it('without a domain: the business address (and a separate sender), each verified by e-mail', () => {
    expect(names({ businessEmail: 'me@gmail.com' })).toEqual(['me@gmail.com']);
    expect(names({ businessEmail: 'me@gmail.com', fromEmail: 'shop@outlook.com' })).toEqual([
      'me@gmail.com',
      'shop@outlook.com',
    ]);
  });
  it('with a domain: the domain (DKIM) covers every address at it', () => {
    expect(names({ businessEmail: 'me@gmail.com', domain: 'biz.example' })).toEqual(['me@gmail.com', 'biz.example']);
    expect(names({ businessEmail: 'owner@biz.example', domain: 'biz.example' })).toEqual(['biz.example']);
  });
});
