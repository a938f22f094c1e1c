import {
  CloudFrontClient,
  DescribeFunctionCommand,
  GetFunctionCommand,
  PublishFunctionCommand,
  UpdateFunctionCommand,
} from '@aws-sdk/client-cloudfront';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROUTER_CODE_LIMIT, republishSiteRouter } from '../../shared/adapters/site-bucket.js';
import { siteRouterCode } from '../../shared/adapters/site-router-code.js';

/**
 * The cloud edge of the render on publish's router update (shared/adapters/site-bucket.ts): the site's
 * CloudFront Function is republished with the pages there are, against a mocked SDK client.
 */
const cloudFront = mockClient(CloudFrontClient);
const ROUTES = { public: ['/', '/tips', '/tips/:id'], portal: ['/login'] };
const read = async (key: string) => (key === 'site-routes.json' ? JSON.stringify(ROUTES) : undefined);
const BUILD = ['/', '/tips', '/tips/crate-training'];

/** The router's own code, evaluated as CloudFront runs it: where a URI is served from. */
function routeWith(code: string) {
  const handler = new Function(`${code}\nreturn handler;`)() as (e: unknown) => { uri: string };
  return (uri: string) => handler({ context: { eventType: 'viewer-request' }, request: { uri } }).uri;
}

beforeEach(() => {
  cloudFront.reset();
  cloudFront
    .on(GetFunctionCommand)
    .resolves({ FunctionCode: new TextEncoder().encode(siteRouterCode(BUILD, ROUTES)) as never, ETag: 'LIVE1' });
  cloudFront.on(DescribeFunctionCommand).resolves({
    ETag: 'DEV7',
    FunctionSummary: {
      Name: 'site-router',
      FunctionConfig: { Comment: 'Pretty URLs', Runtime: 'cloudfront-js-2.0' },
      FunctionMetadata: { FunctionARN: 'arn:aws:cloudfront::1:function/site-router', LastModifiedTime: new Date() },
    },
  });
  cloudFront.on(UpdateFunctionCommand).resolves({ ETag: 'DEV8' });
  cloudFront.on(PublishFunctionCommand).resolves({});
});

describe('republishSiteRouter', () => {
  it('serves a page added later from its own HTML: updates the function on the version read, then publishes that update', async () => {
    await republishSiteRouter('site-router', [...BUILD, '/tips/new-tip'], read);
    const [update] = cloudFront.commandCalls(UpdateFunctionCommand);
    const input = update.args[0].input;
    expect(input.Name).toBe('site-router');
    expect(input.IfMatch).toBe('DEV7');
    expect(input.FunctionConfig).toEqual({ Comment: 'Pretty URLs', Runtime: 'cloudfront-js-2.0' });
    const route = routeWith(new TextDecoder().decode(input.FunctionCode));
    expect(route('/tips/new-tip')).toBe('/tips/new-tip/index.html');
    expect(route('/tips/crate-training')).toBe('/tips/crate-training/index.html');
    expect(route('/tips/not-published')).toBe('/shell.html');
    expect(route('/nowhere')).toBe('/404.html');
    const [publish] = cloudFront.commandCalls(PublishFunctionCommand);
    expect(publish.args[0].input).toEqual({ Name: 'site-router', IfMatch: 'DEV8' });
  });

  it('does nothing more than read the live code when it already serves these pages', async () => {
    await republishSiteRouter('site-router', [...BUILD].reverse(), read);
    expect(cloudFront.commandCalls(GetFunctionCommand)[0].args[0].input).toEqual({
      Name: 'site-router',
      Stage: 'LIVE',
    });
    expect(cloudFront.commandCalls(UpdateFunctionCommand)).toHaveLength(0);
    expect(cloudFront.commandCalls(PublishFunctionCommand)).toHaveLength(0);
  });

  it('refuses a page list whose router would exceed the CloudFront Functions size limit, changing nothing', async () => {
    const many = Array.from({ length: 400 }, (_, i) => `/tips/${String(i).padStart(36, '0')}`);
    await expect(republishSiteRouter('site-router', [...BUILD, ...many], read)).rejects.toThrow(
      `over CloudFront Functions' ${ROUTER_CODE_LIMIT}`,
    );
    expect(cloudFront.commandCalls(UpdateFunctionCommand)).toHaveLength(0);
  });

  it('fails when the function changed since it was read (the render is retried)', async () => {
    cloudFront
      .on(UpdateFunctionCommand)
      .rejects(Object.assign(new Error('PreconditionFailed'), { name: 'PreconditionFailed' }));
    await expect(republishSiteRouter('site-router', [...BUILD, '/tips/x'], read)).rejects.toThrow('PreconditionFailed');
    expect(cloudFront.commandCalls(PublishFunctionCommand)).toHaveLength(0);
  });
});
