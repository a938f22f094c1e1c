import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { originSecretName } from '../../infra/cloud/api-stack.js';
import { handlerId } from '../../infra/cloud/app-function.js';
import { MEDIA_CONTENT_SECURITY_POLICY } from '../../infra/cloud/csp.js';
import { CDN_DISTRIBUTION_HEADER, ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../infra/cloud/site-router.js';
import {
  ALLOW_MISSING_WEB_BUILD,
  checkEdgeCaching,
  DEFAULT_WAF_RATE_LIMIT,
  EDGE_CACHED_PATHS,
  missingWebBuildMessage,
  WAF_RATE_LIMIT,
} from '../../infra/cloud/web-stack.js';
import { SIGN_IN_AUTH_FLOW } from '../../shared/auth-policy.js';
import { runtimeConfigSchema } from '../../shared/contracts/runtime-config.js';
import { type RouteDef, routes } from '../../shared/routes.js';
import { cloudFrontFunction } from '../support/cloudfront-function.js';
import { fakeWebDist, synthCloudApp } from './cloud-app.js';

import {
  ALL_VIEWER_EXCEPT_HOST_HEADER,
  assemblyDir,
  CACHING_DISABLED,
  type Resource,
  resources,
  stacks,
  synthesizeCloudApp,
  t,
} from './stack-templates.js';

synthesizeCloudApp();

describe('web stack', () => {
  it('refuses to synthesize a deployable site without a web build, with a message that says what to run', () => {
    const missing = join(fakeWebDist(), 'missing');
    expect(() => synthCloudApp({ webDist: missing })).toThrow(missingWebBuildMessage(missing));
    expect(() => synthCloudApp({ webDist: missing, context: { [ALLOW_MISSING_WEB_BUILD]: true } })).not.toThrow();
  });

  const distribution = () => resources(stacks.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;

  it('reaches both buckets through Origin Access Control, never an OAI', () => {
    const origins = distribution().Origins as {
      S3OriginConfig?: { OriginAccessIdentity: string };
      OriginAccessControlId?: unknown;
    }[];
    const s3 = origins.filter((o) => o.S3OriginConfig);
    expect(s3).toHaveLength(2);
    for (const o of s3) {
      expect(o.OriginAccessControlId).toBeDefined();
      expect(o.S3OriginConfig?.OriginAccessIdentity).toBe('');
    }
    t(stacks.web).resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    t(stacks.web).resourceCountIs('AWS::CloudFront::CloudFrontOriginAccessIdentity', 0);
  });

  it('sends /api/* to the HTTP API uncached with all viewer headers but Host, and /media/* to the media bucket', () => {
    const d = distribution();
    expect(d.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(d.DefaultCacheBehavior.FunctionAssociations[0].EventType).toBe('viewer-request');
    const api = d.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    const apiOrigin = d.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('.execute-api.us-east-1.');
    // The origin secret the handlers check, as a dynamic reference (CloudFront overwrites a viewer's value).
    expect(apiOrigin.OriginCustomHeaders).toEqual([
      {
        HeaderName: ORIGIN_VERIFY_HEADER,
        HeaderValue: `{{resolve:secretsmanager:${originSecretName('Pawsitive')}:SecretString:::}}`,
      },
    ]);
    const media = d.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/media/*');
    expect(media).toBeDefined();
    expect(d.Logging.Bucket).toBeDefined();
    // No distribution-wide error pages: they would also rewrite the API's 403/404 responses.
    expect(d.CustomErrorResponses).toBeUndefined();
  });

  it('sends a strict CSP, HSTS, nosniff, referrer policy and frame options on every behavior', () => {
    const policies = resources(stacks.web, 'AWS::CloudFront::ResponseHeadersPolicy');
    expect(policies).toHaveLength(2);
    const [policyId, policy] = policies.find(([, p]) => !p.Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig)!;
    const [mediaPolicyId, mediaPolicy] = policies.find(([id]) => id !== policyId)!;
    const h = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    // /media/* has its own policy: the same security headers, but a CSP that loads and runs nothing (an
    // uploaded SVG opened on its own), and caching.
    const { ContentSecurityPolicy: mediaCsp, ...mediaRest } =
      mediaPolicy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const { ContentSecurityPolicy: _siteCsp, ...siteRest } = h;
    expect(mediaRest).toEqual(siteRest);
    expect(mediaCsp).toEqual({ ContentSecurityPolicy: MEDIA_CONTENT_SECURITY_POLICY, Override: true });
    expect(MEDIA_CONTENT_SECURITY_POLICY).toMatch(/^default-src 'none'; .*; sandbox$/);
    const csp = JSON.stringify(h.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const part of [
      "default-src 'self'",
      "connect-src 'self' https://cognito-idp.us-east-1.amazonaws.com wss://",
      "img-src 'self' data: blob:",
      "style-src 'self' 'unsafe-inline'",
      "font-src 'self'",
      "frame-ancestors 'none'",
      // Frames: exactly the YouTube and Vimeo players of success stories' videos.
      'frame-src https://www.youtube-nocookie.com https://player.vimeo.com;',
    ]) {
      expect(csp).toContain(part);
    }
    expect(csp.match(/frame-src/g)).toHaveLength(1);
    expect(h.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31536000);
    expect(h.ContentTypeOptions.Override).toBe(true);
    expect(h.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    expect(h.FrameOptions.FrameOption).toBe('DENY');
    const d = distribution();
    for (const b of [d.DefaultCacheBehavior, ...d.CacheBehaviors])
      expect(b.ResponseHeadersPolicyId).toEqual({ Ref: b.PathPattern === '/media/*' ? mediaPolicyId : policyId });
  });

  it('lets browsers and the CDN keep media objects for a year (their keys never change)', () => {
    const media = distribution().CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/media/*');
    const [, policy] = resources(stacks.web, 'AWS::CloudFront::ResponseHeadersPolicy').find(
      ([id]) => JSON.stringify({ Ref: id }) === JSON.stringify(media.ResponseHeadersPolicyId),
    )!;
    expect(policy.Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items).toEqual([
      { Header: 'Cache-Control', Value: 'public, max-age=31536000, immutable', Override: false },
    ]);
  });

  const cfFunction = (id: unknown) => {
    const found = resources(stacks.web, 'AWS::CloudFront::Function').find(
      ([logicalId]) => JSON.stringify(id) === JSON.stringify({ 'Fn::GetAtt': [logicalId, 'FunctionARN'] }),
    );
    expect(found).toBeDefined();
    const [, fn] = found!;
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    // Run under CloudFront Functions' rules, with an empty KeyValueStore (a new deployment's).
    return cloudFrontFunction(fn.Properties.FunctionCode) as unknown as (e: unknown) => Promise<{
      uri: string;
      headers: Record<string, { value: string }>;
    }>;
  };

  it('overwrites the x-viewer-ip header a client sends with the address CloudFront saw (trusted only with the origin secret)', async () => {
    const api = distribution().CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    const handler = cfFunction(api.FunctionAssociations[0].FunctionARN);
    const request = await handler({
      context: { distributionId: 'E2EXAMPLE123' },
      viewer: { ip: '203.0.113.7' },
      request: { uri: '/api/me', headers: { [VIEWER_IP_HEADER]: { value: '1.2.3.4' } } },
    });
    expect(request.headers[VIEWER_IP_HEADER]).toEqual({ value: '203.0.113.7' });
  });

  it('routes prerendered pages, app paths and unknown paths with the CloudFront function (viewer request)', async () => {
    const associations = distribution().DefaultCacheBehavior.FunctionAssociations;
    const handler = cfFunction(associations[0].FunctionARN);
    const route = async (uri: string) =>
      (await handler({ context: { eventType: 'viewer-request' }, request: { uri } })).uri;
    expect(await route('/')).toBe('/index.html');
    expect(await route('/about')).toBe('/about/index.html');
    expect(await route('/about/')).toBe('/about/index.html');
    expect(await route('/services/training')).toBe('/services/training/index.html');
    expect(await route('/tips/crate-training')).toBe('/tips/crate-training/index.html');
    // Portal paths: the SPA shell.
    expect(await route('/portal/dogs/42')).toBe('/shell.html');
    expect(await route('/dashboard/clients/c-1')).toBe('/shell.html');
    expect(await route('/Dashboard/')).toBe('/shell.html');
    expect(await route('/login')).toBe('/shell.html');
    // An article the build does not have and the router's store does not know: the section's not-found page.
    expect(await route('/tips/new-tip')).toBe('/tips/404.html');
    // Neither a public page nor a portal path: the prerendered not-found page.
    expect(await route('/nope')).toBe('/404.html');
    expect(await route('/this-page-does-not-exist')).toBe('/404.html');
    expect(await route('/dashboard/unknown')).toBe('/404.html');
    expect(await route('/tips/a/b')).toBe('/404.html');
    expect(await route('/assets/app-3f9a1c.js')).toBe('/assets/app-3f9a1c.js');
    expect(await route('/config.json')).toBe('/config.json');
  });

  it('answers the not-found pages with status 404 (viewer response), other responses untouched', async () => {
    const associations = distribution().DefaultCacheBehavior.FunctionAssociations;
    expect(associations.map((a: { EventType: string }) => a.EventType)).toEqual(['viewer-request', 'viewer-response']);
    expect(associations[1].FunctionARN).toEqual(associations[0].FunctionARN);
    const handler = cfFunction(associations[1].FunctionARN) as unknown as (
      e: unknown,
    ) => Promise<{ statusCode: number }>;
    const status = async (uri: string, statusCode = 200) =>
      (
        await handler({
          context: { eventType: 'viewer-response' },
          request: { uri },
          response: { statusCode, headers: {} },
        })
      ).statusCode;
    // Whether CloudFront shows the function the original or the rewritten URI.
    expect(await status('/this-page-does-not-exist')).toBe(404);
    expect(await status('/404.html')).toBe(404);
    expect(await status('/tips/new-tip')).toBe(404);
    expect(await status('/tips/404.html')).toBe(404);
    expect(await status('/about')).toBe(200);
    expect(await status('/about/index.html')).toBe(200);
    expect(await status('/tips/crate-training')).toBe(200);
    expect(await status('/dashboard')).toBe(200);
    expect(await status('/shell.html')).toBe(200);
    expect(await status('/nope', 304)).toBe(304);
  });

  it('gives the site function a KeyValueStore (what the render publishes or takes down after the build)', () => {
    const stores = resources(stacks.web, 'AWS::CloudFront::KeyValueStore');
    expect(stores).toHaveLength(1);
    const [[storeId]] = stores;
    const [[, router]] = resources(stacks.web, 'AWS::CloudFront::Function').filter(([id]) =>
      id.startsWith('SiteRouter'),
    );
    expect(router.Properties.FunctionConfig.KeyValueStoreAssociations).toEqual([
      { KeyValueStoreARN: { 'Fn::GetAtt': [storeId, 'Arn'] } },
    ]);
    expect(String(router.Properties.FunctionCode).startsWith("import cf from 'cloudfront';")).toBe(true);
  });

  it('deploys hashed assets immutable and pages revalidated', () => {
    const deployments = resources(stacks.web, 'Custom::CDKBucketDeployment').map(([, d]) => d.Properties);
    const assets = deployments.find((d) => d.DestinationBucketKeyPrefix === 'assets/');
    expect(assets?.SystemMetadata['cache-control']).toContain('immutable');
    const pages = deployments.find((d) => d.Prune === true);
    expect(pages?.SystemMetadata['cache-control']).toContain('max-age=0');
    expect(pages?.Exclude).toEqual(expect.arrayContaining(['assets/*', 'config.json']));
  });

  it('never prunes article pages (the render publishes them after the build): the build copies its own without pruning', () => {
    const deployments = resources(stacks.web, 'Custom::CDKBucketDeployment').map(([, d]) => d.Properties);
    const pruning = deployments.filter((d) => d.Prune !== false);
    expect(pruning).toHaveLength(1);
    expect(pruning[0].Exclude).toEqual(expect.arrayContaining(['tips/*/*']));
    const articles = deployments.find((d) => JSON.stringify(d.Include ?? []).includes('tips/*/*'));
    expect(articles?.Prune).toBe(false);
    expect(articles?.Exclude).toEqual(['*']);
    expect(articles?.SystemMetadata['cache-control']).toContain('max-age=0');
  });

  it('writes /config.json matching the runtime-config contract', () => {
    const deployment = resources(stacks.web, 'Custom::CDKBucketDeployment')
      .map(([, d]) => d.Properties)
      .find((d) => d.SourceMarkers);
    expect(deployment).toBeDefined();
    const assetDir = join(assemblyDir, `asset.${String(deployment!.SourceObjectKeys[0]).replace(/\.zip$/, '')}`);
    let text = readFileSync(join(assetDir, 'config.json'), 'utf8');
    // Deploy-time values are markers; give them plausible values and check the shape.
    text = text.replace(/<<marker:0xbaba:\d+>>/g, 'x1');
    const config = runtimeConfigSchema.parse(JSON.parse(text));
    expect(config).toMatchObject({
      authFlowType: SIGN_IN_AUTH_FLOW,
      apiUrl: '/api',
      mediaUrl: '/media',
      region: 'us-east-1',
      businessEmail: 'trainer@example.com',
    });
    expect(config.wsUrl).toMatch(/^wss:\/\//);
    expect(config.siteUrl).toMatch(/^https:\/\//);
    expect(config.userPoolEndpoint).toBeUndefined();
  });
});

describe('web stack: optional AWS WAF rate-based rule', () => {
  it('has no web ACL by default', () => {
    t(stacks.web).resourceCountIs('AWS::WAFv2::WebACL', 0);
    const d = resources(stacks.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;
    expect(d.WebACLId).toBeUndefined();
  });

  it(`adds a CloudFront web ACL with a per-IP rate-based rule with -c ${WAF_RATE_LIMIT}=true (or a number)`, () => {
    for (const [flag, limit] of [
      [true, DEFAULT_WAF_RATE_LIMIT],
      ['300', 300],
    ] as const) {
      const { stacks: s } = synthCloudApp({ webDist: fakeWebDist(), context: { [WAF_RATE_LIMIT]: flag } });
      const web = Template.fromStack(s.web);
      const [[aclId, acl]] = Object.entries(web.findResources('AWS::WAFv2::WebACL')) as [string, Resource][];
      expect(acl.Properties.Scope).toBe('CLOUDFRONT');
      expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
      expect(acl.Properties.Rules).toHaveLength(1);
      expect(acl.Properties.Rules[0]).toMatchObject({
        Action: { Block: {} },
        Statement: { RateBasedStatement: { Limit: limit, AggregateKeyType: 'IP', EvaluationWindowSec: 300 } },
      });
      const d = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
      expect(d.WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    }
  });

  it('refuses a bad limit with a clear message', () => {
    expect(() => synthCloudApp({ webDist: fakeWebDist(), context: { [WAF_RATE_LIMIT]: 'lots' } })).toThrow(
      /wafRateLimit: "lots" must be true or a whole number/,
    );
  });
});

describe('web stack: public content served from the edge', () => {
  const distribution = () => resources(stacks.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;

  it('caches the public content GETs by a policy that honours the origin Cache-Control and keys on the path only', () => {
    const d = distribution();
    const patterns = d.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern);
    // More specific patterns first: CloudFront takes the first match.
    expect(patterns.slice(0, EDGE_CACHED_PATHS.length + 1)).toEqual([...EDGE_CACHED_PATHS, '/api/*']);
    const api = d.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    for (const path of EDGE_CACHED_PATHS) {
      const b = d.CacheBehaviors.find((x: { PathPattern: string }) => x.PathPattern === path);
      expect(b.TargetOriginId, path).toBe(api.TargetOriginId);
      expect(b.AllowedMethods.sort()).toEqual(['GET', 'HEAD']);
      expect(b.OriginRequestPolicyId).toBeUndefined();
      expect(b.FunctionAssociations).toBeUndefined();
      const [[policyId, policy]] = resources(stacks.web, 'AWS::CloudFront::CachePolicy');
      expect(b.CachePolicyId).toEqual({ Ref: policyId });
      const c = policy.Properties.CachePolicyConfig;
      expect(c).toMatchObject({ MinTTL: 0, DefaultTTL: 60, MaxTTL: 600 });
      const key = c.ParametersInCacheKeyAndForwardedToOrigin;
      expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'none' });
      expect(key.CookiesConfig).toEqual({ CookieBehavior: 'none' });
      expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'none' });
    }
  });

  it('only caches public GETs without a per-IP limit, and only invalidates cached paths', () => {
    expect(() => checkEdgeCaching()).not.toThrow();
    const table = routes.map((r) => ({ ...r })) as RouteDef[];
    const business = table.find((r) => r.path === '/api/public/business')!;
    expect(() =>
      checkEdgeCaching(table.map((r) => (r === business ? { ...r, ipLimit: { max: 1, windowSeconds: 60 } } : r))),
    ).toThrow(/not a public GET without ipLimit/);
    expect(() =>
      checkEdgeCaching([
        ...table,
        { method: 'PUT', path: '/api/x', handler: 'h', access: 'admin', invalidates: ['/api/me'] },
      ]),
    ).toThrow(/does not cache/);
  });

  it('lets exactly the functions that declare `cdn` invalidate this one distribution (not the HTTP handlers)', () => {
    const [[distributionId]] = resources(stacks.web, 'AWS::CloudFront::Distribution');
    const invalidating = stacks.registry.plans.filter((p) => p.needs.cdn).map((p) => p.handler);
    expect(invalidating.sort()).toEqual(['events/invalidate-cdn', 'events/render-public-pages']);
    // The routes that declare `invalidates` raise the event that runs it (shared/routes.ts).
    expect((routes as readonly RouteDef[]).filter((r) => r.invalidates?.length).map((r) => r.handler)).toEqual([
      'http/settings/update-business-settings',
    ]);
    const policies = resources(stacks.web, 'AWS::IAM::Policy').filter(([id]) => id.startsWith('CdnInvalidation'));
    expect(policies).toHaveLength(1);
    const [, policy] = policies[0];
    const statements = policy.Properties.PolicyDocument.Statement;
    expect(statements).toHaveLength(1);
    expect(statements[0].Action).toBe('cloudfront:CreateInvalidation');
    expect(JSON.stringify(statements[0].Resource)).toContain(':distribution/');
    expect(JSON.stringify(statements[0].Resource)).toContain(distributionId);
    expect(JSON.stringify(statements)).not.toContain('*');
    // Attached to the invalidating functions' roles (imported from the jobs stack), and only to them.
    const roleNames = JSON.stringify(policy.Properties.Roles);
    expect(policy.Properties.Roles).toHaveLength(invalidating.length);
    for (const h of invalidating) expect(roleNames, h).toContain(handlerId(h));
  });

  it('lets only the render on publish write the page keys of the site bucket, and delete only tip and story pages', () => {
    const renderers = stacks.registry.plans.filter((p) => p.needs.site).map((p) => p.handler);
    expect(renderers).toEqual(['events/render-public-pages']);
    const policies = resources(stacks.web, 'AWS::IAM::Policy').filter(([id]) => id.startsWith('SiteRenderPolicy'));
    expect(policies).toHaveLength(1);
    const [, policy] = policies[0];
    const [write, remove, routes, router] = policy.Properties.PolicyDocument.Statement;
    expect(write.Action).toEqual(['s3:GetObject', 's3:PutObject']);
    const keys = JSON.stringify(write.Resource);
    for (const k of ['/index.html', '/programs/*', '/tips/*', '/sitemap.xml', '/_render/*']) expect(keys).toContain(k);
    expect(keys).not.toContain('/assets/');
    expect(keys).not.toContain('config.json');
    expect(keys).not.toContain('shell.html');
    expect(remove.Action).toBe('s3:DeleteObject');
    expect(JSON.stringify(remove.Resource)).not.toContain('programs');
    expect(JSON.stringify(policy.Properties.Roles)).toContain(handlerId('events/render-public-pages'));
    // It reads the build's routes and writes the router's KeyValueStore, that one only; it changes no function.
    expect(routes.Action).toBe('s3:GetObject');
    expect(JSON.stringify(routes.Resource)).toContain('/site-routes.json');
    const [[storeId]] = resources(stacks.web, 'AWS::CloudFront::KeyValueStore');
    expect([...router.Action].sort()).toEqual([
      'cloudfront-keyvaluestore:DescribeKeyValueStore',
      'cloudfront-keyvaluestore:UpdateKeys',
    ]);
    expect(router.Resource).toEqual({ 'Fn::GetAtt': [storeId, 'Arn'] });
    expect(JSON.stringify(policy.Properties.PolicyDocument)).not.toMatch(/cloudfront:(Update|Publish)Function/);
    // The bucket, distribution and router store the function renders into, for it to read at start.
    const [[, param]] = resources(stacks.web, 'AWS::SSM::Parameter');
    expect(param.Properties.Name).toMatch(/\/site-target$/);
    expect(JSON.stringify(param.Properties.Value)).toContain('routeStoreArn');
    expect(JSON.stringify(param.Properties.Value)).toContain(JSON.stringify({ 'Fn::GetAtt': [storeId, 'Arn'] }));
    expect(JSON.stringify(param.Properties.Value)).not.toContain('routerFunction');
  });

  it('renders every page again after a deploy has replaced them (the render function, invoked once per build)', () => {
    const [[id, custom]] = resources(stacks.web, 'Custom::AWS').filter(([k]) =>
      k.startsWith('SiteRenderRenderAfterDeploy'),
    );
    const create = JSON.stringify(custom.Properties.Create);
    expect(create).toMatch(/section\W+all\W/);
    expect(create).toContain('WebsiteContentChanged');
    expect(create).toContain(handlerId('events/render-public-pages'));
    expect(JSON.stringify(custom.Properties.Update)).toBe(create);
    // After the pages deployments (which put back the build's versions of the pages).
    expect(JSON.stringify((custom as { DependsOn?: unknown }).DependsOn)).toMatch(/DeployPages/);
    expect(JSON.stringify((custom as { DependsOn?: unknown }).DependsOn)).toMatch(/DeployArticlePages/);
    // Its policy: invoking that function, nothing else.
    const [[, p]] = resources(stacks.web, 'AWS::IAM::Policy').filter(([k]) =>
      k.startsWith(`${id.replace(/[0-9A-F]{8}$/, '')}CustomResourcePolicy`),
    );
    const [statement] = p.Properties.PolicyDocument.Statement;
    expect(statement.Action).toBe('lambda:InvokeFunction');
    expect(JSON.stringify(statement.Resource)).toContain(handlerId('events/render-public-pages'));
    expect(p.Properties.PolicyDocument.Statement).toHaveLength(1);
  });

  it('passes the distribution id to the API with the visitor IP (viewer function of /api/*)', () => {
    const d = resources(stacks.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;
    const api = d.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    const [, fn] = resources(stacks.web, 'AWS::CloudFront::Function').find(
      ([id]) =>
        JSON.stringify(api.FunctionAssociations[0].FunctionARN) ===
        JSON.stringify({ 'Fn::GetAtt': [id, 'FunctionARN'] }),
    )!;
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (e: unknown) => {
      headers: Record<string, { value: string }>;
    };
    const request = handler({
      context: { distributionId: 'E2EXAMPLE123', eventType: 'viewer-request' },
      viewer: { ip: '203.0.113.7' },
      request: { uri: '/api/settings/business', headers: { [CDN_DISTRIBUTION_HEADER]: { value: 'EFORGED' } } },
    });
    expect(request.headers[CDN_DISTRIBUTION_HEADER]).toEqual({ value: 'E2EXAMPLE123' });
  });
});
