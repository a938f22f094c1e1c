import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type CfnElement, NestedStack, type Stack, Stack as StackClass } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_SECRET_ENV } from '../../functions/lib/viewer.js';
import { DEFAULT_THROTTLE, originSecretName } from '../../infra/cloud/api-stack.js';
import type { CloudStacks } from '../../infra/cloud/app.js';
import { handlerId, sourceMapsEnabled } from '../../infra/cloud/app-function.js';
import { SEED_HANDLER } from '../../infra/cloud/content-seed.js';
import { CDN_DISTRIBUTION_HEADER, ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../infra/cloud/site-router.js';
import {
  ALLOW_MISSING_WEB_BUILD,
  checkEdgeCaching,
  DEFAULT_WAF_RATE_LIMIT,
  EDGE_CACHED_PATHS,
  missingWebBuildMessage,
  WAF_RATE_LIMIT,
} from '../../infra/cloud/web-stack.js';
import {
  cognitoExplicitAuthFlows,
  cognitoPasswordPolicy,
  PASSWORD_MIN_LENGTH,
  SIGN_IN_AUTH_FLOW,
} from '../../shared/auth-policy.js';
import { runtimeConfigSchema } from '../../shared/contracts/runtime-config.js';
import { GSIS, TABLE_KEYS, TTL_ATTRIBUTE } from '../../shared/db/table.js';
import {
  allHandlers,
  EVENT_SOURCE,
  events,
  type RouteDef,
  realtime,
  routeKey,
  routes,
  schedules,
} from '../../shared/routes.js';
import { fakeWebDist, synthCloudApp } from './cloud-app.js';

// CloudFront managed policy ids (stable, documented by AWS).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

let stacks: CloudStacks;
let assemblyDir: string;
const templates = new Map<Stack, Template>();
const t = (s: Stack) => {
  let tpl = templates.get(s);
  if (!tpl) {
    tpl = Template.fromStack(s);
    templates.set(s, tpl);
  }
  return tpl;
};
const resources = (s: Stack, type: string) => Object.entries(t(s).findResources(type)) as [string, Resource][];

/** How `handler`'s function ARN is written inside stack `s` (GetAtt locally, ImportValue across stacks). */
const fnArnIn = (s: Stack, handler: string) => StackClass.of(s).resolve(stacks.registry.get(handler).fn.functionArn);

beforeAll(() => {
  const synth = synthCloudApp({ webDist: fakeWebDist() });
  stacks = synth.stacks;
  assemblyDir = synth.assembly.directory;
});

describe('data stack', () => {
  it('builds the single table from shared/db/table.ts', () => {
    const [[, table]] = resources(stacks.data, 'AWS::DynamoDB::Table');
    const p = table.Properties;
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE_KEYS.pk, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sk, KeyType: 'RANGE' },
    ]);
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TTL_ATTRIBUTE, Enabled: true });
    const expectedAttrs = [TABLE_KEYS.pk, TABLE_KEYS.sk, ...GSIS.flatMap((g) => [g.pk, g.sk])];
    expect(p.AttributeDefinitions).toHaveLength(expectedAttrs.length);
    for (const name of expectedAttrs)
      expect(p.AttributeDefinitions).toContainEqual({ AttributeName: name, AttributeType: 'S' });
    expect(p.GlobalSecondaryIndexes).toHaveLength(GSIS.length);
    for (const g of GSIS) {
      expect(p.GlobalSecondaryIndexes).toContainEqual({
        IndexName: g.name,
        KeySchema: [
          { AttributeName: g.pk, KeyType: 'HASH' },
          { AttributeName: g.sk, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      });
    }
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
  });

  it('keeps the media bucket private, encrypted, SSL-only, retained, with CORS for uploads', () => {
    const id = StackClass.of(stacks.data).getLogicalId(stacks.data.mediaBucket.node.defaultChild as never);
    const bucket = t(stacks.data).toJSON().Resources[id] as Resource;
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.BucketEncryption).toBeDefined();
    expect(bucket.Properties.CorsConfiguration.CorsRules[0].AllowedMethods).toEqual(
      expect.arrayContaining(['PUT', 'POST', 'GET']),
    );
    expect(bucket.DeletionPolicy).toBe('Retain');
    t(stacks.data).hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
          }),
        ]),
      },
    });
  });
});

describe('auth stack', () => {
  it('has an invitation-only, e-mail sign-in user pool', () => {
    const [[, pool]] = resources(stacks.auth, 'AWS::Cognito::UserPool');
    expect(pool.Properties.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
    expect(pool.Properties.UsernameAttributes).toEqual(['email']);
    expect(pool.DeletionPolicy).toBe('Retain');
  });

  it('has the password policy of the one declaration (shared/auth-policy.ts): 8 characters, no composition rules', () => {
    const [[, pool]] = resources(stacks.auth, 'AWS::Cognito::UserPool');
    expect(pool.Properties.Policies.PasswordPolicy).toEqual(cognitoPasswordPolicy());
    expect(pool.Properties.Policies.PasswordPolicy.MinimumLength).toBe(PASSWORD_MIN_LENGTH);
    expect(PASSWORD_MIN_LENGTH).toBeGreaterThanOrEqual(8);
  });

  it('recovers accounts by verified e-mail only, so a password reset code goes to the sign-in address', () => {
    const [[, pool]] = resources(stacks.auth, 'AWS::Cognito::UserPool');
    expect(pool.Properties.AccountRecoverySetting).toEqual({
      RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }],
    });
    expect(pool.Properties.AutoVerifiedAttributes).toEqual(['email']);
  });

  it('does not tell whether an account exists (a reset for an unknown address answers like any other)', () => {
    t(stacks.auth).hasResourceProperties('AWS::Cognito::UserPoolClient', { PreventUserExistenceErrors: 'ENABLED' });
  });

  it('has the groups admin and client', () => {
    const names = resources(stacks.auth, 'AWS::Cognito::UserPoolGroup').map(([, g]) => g.Properties.GroupName);
    expect(names.sort()).toEqual(['admin', 'client']);
  });

  it('has a public web client allowing exactly the one sign-in flow of shared/auth-policy.ts and refresh', () => {
    const [[, client]] = resources(stacks.auth, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties.GenerateSecret).toBe(false);
    expect([...client.Properties.ExplicitAuthFlows].sort()).toEqual(cognitoExplicitAuthFlows().sort());
    expect(cognitoExplicitAuthFlows()).toContain(`ALLOW_${SIGN_IN_AUTH_FLOW}`);
  });

  it('offers optional TOTP MFA (authenticator apps), never SMS', () => {
    const [[, pool]] = resources(stacks.auth, 'AWS::Cognito::UserPool');
    expect(pool.Properties.MfaConfiguration).toBe('OPTIONAL');
    expect(pool.Properties.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
  });
});

describe('functions', () => {
  // A stack and the nested stacks its functions may live in (HTTP handlers come in groups of 30).
  const withNested = (s: Stack): Stack[] => [
    s,
    ...s.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack && c.nestedStackParent === s),
  ];
  const all = () =>
    (['realtime', 'jobs', 'api'] as const).flatMap((k) =>
      withNested(stacks[k]).flatMap((s) =>
        resources(s, 'AWS::Lambda::Function')
          .filter(([, f]) => String(f.Properties.Description ?? '').startsWith('functions/'))
          .map(([id, f]) => ({ stack: k, id, f })),
      ),
    );

  it('keeps every stack, nested ones included, under the 500-resource limit with room to grow', () => {
    for (const k of ['ops', 'data', 'auth', 'email', 'realtime', 'jobs', 'api', 'web'] as const) {
      for (const s of withNested(stacks[k])) {
        const count = Object.keys(t(s).toJSON().Resources).length;
        expect(count, s.node.path).toBeLessThan(400);
      }
    }
  });

  it('makes exactly one function per unique handler module', () => {
    const described = all().map(({ f }) => f.Properties.Description);
    // Both sides sorted as file names (`get-session.ts` sorts after `get-session-stats.ts`).
    expect(described.sort()).toEqual([...allHandlers(), SEED_HANDLER].map((h) => `functions/${h}.ts`).sort());
  });

  it('runs every function on Node 22 / arm64 with its own log group and the table bound', () => {
    for (const { f } of all()) {
      const p = f.Properties;
      expect(p.Runtime).toBe('nodejs22.x');
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.LoggingConfig.LogGroup).toBeDefined();
      expect(p.Environment.Variables.TABLE_NAME).toBeDefined();
      expect(p.Environment.Variables.AWS_REGION).toBeUndefined();
      expect(p.Environment.Variables.COGNITO_USER_POOL_ID).toBeDefined();
      // Source maps are loaded only when asked (`-c sourceMaps=true`): parsing one is part of every cold start.
      expect(p.Environment.Variables.NODE_OPTIONS).toBeUndefined();
    }
  });

  it('loads the source maps only with the sourceMaps context set to true (ADR 0016)', () => {
    expect(sourceMapsEnabled(new App())).toBe(false);
    expect(sourceMapsEnabled(new App({ context: { sourceMaps: 'false' } }))).toBe(false);
    expect(sourceMapsEnabled(new App({ context: { sourceMaps: 'true' } }))).toBe(true);
    expect(sourceMapsEnabled(new App({ context: { sourceMaps: true } }))).toBe(true);
  });

  it('gives the bus to handlers that publish and the WebSocket callback URL to those that push', () => {
    const byHandler = new Map(
      all().map((x) => [String(x.f.Properties.Description), x.f.Properties.Environment.Variables]),
    );
    for (const p of stacks.registry.plans) {
      const env = byHandler.get(`functions/${p.handler}.ts`);
      expect(env?.BUSINESS_EMAIL, p.handler).toBeDefined();
      expect(env?.EVENT_BUS_NAME !== undefined, p.handler).toBe(Boolean(p.needs.publish));
      expect(env?.WS_MANAGEMENT_ENDPOINT !== undefined, p.handler).toBe(Boolean(p.needs.push));
    }
  });
});

describe('api stack', () => {
  const routeResources = () => resources(stacks.api, 'AWS::ApiGatewayV2::Route');

  it('has exactly the routes of shared/routes.ts', () => {
    const keys = routeResources().map(([, r]) => r.Properties.RouteKey);
    expect(keys.sort()).toEqual(routes.map(routeKey).sort());
  });

  it.each(routes.map((r) => [routeKey(r), r] as const))(
    '%s is wired to its handler with the right authorizer',
    (key, r) => {
      const found = routeResources().find(([, x]) => x.Properties.RouteKey === key);
      expect(found, `route ${key}`).toBeDefined();
      const route = found![1].Properties;
      if ((r as RouteDef).access === 'public') {
        expect(route.AuthorizationType).toBe('NONE');
        expect(route.AuthorizerId).toBeUndefined();
      } else {
        expect(route.AuthorizationType).toBe('JWT');
        expect(route.AuthorizerId).toBeDefined();
      }
      const integrationId = route.Target['Fn::Join'][1][1].Ref;
      const integration = t(stacks.api).toJSON().Resources[integrationId] as Resource;
      expect(integration.Properties.IntegrationUri).toEqual(fnArnIn(stacks.api, r.handler));
      expect(integration.Properties.PayloadFormatVersion).toBe('2.0');
    },
  );

  it('authorizes with the Cognito ID token (issuer = user pool, audience = web client)', () => {
    const [[, authorizer]] = resources(stacks.api, 'AWS::ApiGatewayV2::Authorizer');
    const p = authorizer.Properties;
    expect(p.AuthorizerType).toBe('JWT');
    expect(p.IdentitySource).toEqual(['$request.header.Authorization']);
    expect(JSON.stringify(p.JwtConfiguration.Issuer)).toContain('https://cognito-idp.us-east-1.amazonaws.com/');
    expect(p.JwtConfiguration.Audience).toEqual([
      StackClass.of(stacks.api).resolve(stacks.auth.userPoolClient.userPoolClientId),
    ]);
  });

  it('throttles the stage and each route that declares a throttle, and logs access', () => {
    const [[, stage]] = resources(stacks.api, 'AWS::ApiGatewayV2::Stage');
    const p = stage.Properties;
    expect(p.AutoDeploy).toBe(true);
    expect(p.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: DEFAULT_THROTTLE.rateLimit,
      ThrottlingBurstLimit: DEFAULT_THROTTLE.burstLimit,
    });
    for (const r of routes as readonly RouteDef[]) {
      if (!r.throttle) continue;
      expect(p.RouteSettings[routeKey(r)]).toEqual({
        ThrottlingRateLimit: r.throttle.rate,
        ThrottlingBurstLimit: r.throttle.burst,
      });
    }
    expect(p.AccessLogSettings.DestinationArn).toBeDefined();
    expect(p.AccessLogSettings.Format).toContain('$context.requestId');
  });

  it('generates the origin secret in Secrets Manager and gives it to every HTTP handler, resolved at deploy', () => {
    const [[, secret]] = resources(stacks.api, 'AWS::SecretsManager::Secret');
    expect(secret.Properties.Name).toBe(originSecretName('Pawsitive'));
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true });
    const reference = `{{resolve:secretsmanager:${originSecretName('Pawsitive')}:SecretString:::}}`;
    for (const handler of new Set(routes.map((r) => r.handler))) {
      const fn = stacks.registry.get(handler).fn;
      const nested = StackClass.of(fn);
      const [, props] = resources(nested, 'AWS::Lambda::Function').find(
        ([id]) => id === nested.getLogicalId(fn.node.defaultChild as CfnElement),
      )!;
      expect(props.Properties.Environment.Variables[ORIGIN_SECRET_ENV], handler).toBe(reference);
    }
    // The secret's value itself is never in a template.
    expect(JSON.stringify(t(stacks.api).toJSON())).not.toMatch(/SecretString":"[A-Za-z0-9]{48}"/);
  });
});

describe('realtime stack', () => {
  it('routes $connect and $disconnect to their handlers on an auto-deployed, throttled stage', () => {
    const tpl = t(stacks.realtime);
    tpl.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    const all = tpl.toJSON().Resources as Record<string, Resource>;
    for (const [key, handler] of Object.entries(realtime)) {
      const route = Object.values(all).find(
        (r) => r.Type === 'AWS::ApiGatewayV2::Route' && r.Properties.RouteKey === key,
      );
      expect(route, key).toBeDefined();
      const integrationId = route!.Properties.Target['Fn::Join'][1][1].Ref;
      expect(JSON.stringify(all[integrationId].Properties.IntegrationUri)).toContain(
        JSON.stringify(fnArnIn(stacks.realtime, handler)),
      );
    }
    tpl.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: Match.anyValue() }),
    });
  });
});

describe('realtime stack (access logs)', () => {
  it('logs every WebSocket connect and disconnect to its own log group', () => {
    const [[, stage]] = resources(stacks.realtime, 'AWS::ApiGatewayV2::Stage');
    expect(stage.Properties.AccessLogSettings.DestinationArn).toBeDefined();
    expect(JSON.parse(stage.Properties.AccessLogSettings.Format)).toMatchObject({
      connectionId: '$context.connectionId',
      eventType: '$context.eventType',
      status: '$context.status',
    });
    t(stacks.realtime).resourceCountIs('AWS::ApiGateway::Account', 1);
  });
});

describe('jobs stack', () => {
  const rules = () => resources(stacks.jobs, 'AWS::Events::Rule');

  it.each(Object.entries(events))('%s has a rule on the app bus targeting all its handlers', (name, handlers) => {
    const found = rules().filter(
      ([, r]) =>
        r.Properties.EventPattern?.['detail-type']?.join() === name &&
        r.Properties.EventPattern?.source?.join() === EVENT_SOURCE,
    );
    expect(found).toHaveLength(1);
    const rule = found[0][1].Properties;
    expect(rule.EventPattern).toEqual({ 'detail-type': [name], source: [EVENT_SOURCE] });
    expect(rule.EventBusName).toEqual(StackClass.of(stacks.jobs).resolve(stacks.jobs.bus.eventBusName));
    expect(rule.Targets.map((x: { Arn: unknown }) => x.Arn)).toEqual(handlers.map((h) => fnArnIn(stacks.jobs, h)));
    for (const target of rule.Targets) {
      expect(target.RetryPolicy).toBeDefined();
      expect(target.DeadLetterConfig.Arn).toBeDefined();
    }
  });

  it.each(schedules.map((s) => [s.name, s] as const))('schedule %s has a rule with its expression', (_, s) => {
    const found = rules().filter(([, r]) => r.Properties.ScheduleExpression === s.expression);
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(
      found.some(
        ([, r]) => JSON.stringify(r.Properties.Targets[0].Arn) === JSON.stringify(fnArnIn(stacks.jobs, s.handler)),
      ),
    ).toBe(true);
  });

  it('has a scheduler group and a role EventBridge Scheduler can assume', () => {
    t(stacks.jobs).resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    t(stacks.jobs).hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' }, Action: 'sts:AssumeRole' }),
        ]),
      },
    });
  });

  it('lets compose create one-off schedules in the group, and the scheduler role put events on the bus', () => {
    const compose = stacks.registry.get('http/messages/compose-message').fn;
    const stack = StackClass.of(compose);
    const roleRef = stack.resolve((compose.role as unknown as { roleName: string }).roleName);
    const statements = resources(stack, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(JSON.stringify(roleRef)))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const actions = statements.flatMap((st) => [st.Action].flat());
    expect(actions).toEqual(
      expect.arrayContaining([
        'scheduler:CreateSchedule',
        'scheduler:UpdateSchedule',
        'scheduler:DeleteSchedule',
        'iam:PassRole',
      ]),
    );
    const logicalId = stack.getLogicalId(compose.node.defaultChild as CfnElement);
    const variables = t(stack).toJSON().Resources[logicalId].Properties.Environment.Variables;
    expect(Object.keys(variables)).toEqual(
      expect.arrayContaining(['SCHEDULE_GROUP_NAME', 'SCHEDULER_ROLE_ARN', 'EVENT_BUS_ARN']),
    );

    const schedulerRole = stacks.jobs.schedulerRole;
    const schedulerRoleRef = stacks.jobs.resolve(schedulerRole.roleName);
    const schedulerActions = resources(stacks.jobs, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(JSON.stringify(schedulerRoleRef)))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[] }[])
      .flatMap((st) => [st.Action].flat());
    expect(schedulerActions).toContain('events:PutEvents');
  });
});

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
    const [[policyId, policy]] = resources(stacks.web, 'AWS::CloudFront::ResponseHeadersPolicy');
    const h = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = JSON.stringify(h.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const part of [
      "default-src 'self'",
      "connect-src 'self' https://cognito-idp.us-east-1.amazonaws.com wss://",
      "img-src 'self' data: blob:",
      "style-src 'self' 'unsafe-inline'",
      "font-src 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(part);
    }
    expect(h.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31536000);
    expect(h.ContentTypeOptions.Override).toBe(true);
    expect(h.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    expect(h.FrameOptions.FrameOption).toBe('DENY');
    const d = distribution();
    for (const b of [d.DefaultCacheBehavior, ...d.CacheBehaviors])
      expect(b.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  const cfFunction = (id: unknown) => {
    const found = resources(stacks.web, 'AWS::CloudFront::Function').find(
      ([logicalId]) => JSON.stringify(id) === JSON.stringify({ 'Fn::GetAtt': [logicalId, 'FunctionARN'] }),
    );
    expect(found).toBeDefined();
    const [, fn] = found!;
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    return new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (e: unknown) => {
      uri: string;
      headers: Record<string, { value: string }>;
    };
  };

  it('overwrites the x-viewer-ip header a client sends with the address CloudFront saw (trusted only with the origin secret)', () => {
    const api = distribution().CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    const handler = cfFunction(api.FunctionAssociations[0].FunctionARN);
    const request = handler({
      context: { distributionId: 'E2EXAMPLE123' },
      viewer: { ip: '203.0.113.7' },
      request: { uri: '/api/me', headers: { [VIEWER_IP_HEADER]: { value: '1.2.3.4' } } },
    });
    expect(request.headers[VIEWER_IP_HEADER]).toEqual({ value: '203.0.113.7' });
  });

  it('routes prerendered pages, app paths and unknown paths with the CloudFront function (viewer request)', () => {
    const associations = distribution().DefaultCacheBehavior.FunctionAssociations;
    const handler = cfFunction(associations[0].FunctionARN);
    const route = (uri: string) => handler({ context: { eventType: 'viewer-request' }, request: { uri } }).uri;
    expect(route('/')).toBe('/index.html');
    expect(route('/about')).toBe('/about/index.html');
    expect(route('/about/')).toBe('/about/index.html');
    expect(route('/services/training')).toBe('/services/training/index.html');
    // Portal paths and public pages without their own HTML (a tip published later): the SPA shell.
    expect(route('/portal/dogs/42')).toBe('/shell.html');
    expect(route('/dashboard/clients/c-1')).toBe('/shell.html');
    expect(route('/Dashboard/')).toBe('/shell.html');
    expect(route('/login')).toBe('/shell.html');
    expect(route('/tips/new-tip')).toBe('/shell.html');
    // Neither a public page nor a portal path: the prerendered not-found page.
    expect(route('/nope')).toBe('/404.html');
    expect(route('/this-page-does-not-exist')).toBe('/404.html');
    expect(route('/dashboard/unknown')).toBe('/404.html');
    expect(route('/tips/a/b')).toBe('/404.html');
    expect(route('/assets/app-3f9a1c.js')).toBe('/assets/app-3f9a1c.js');
    expect(route('/config.json')).toBe('/config.json');
  });

  it('answers the not-found page with status 404 (viewer response), other responses untouched', () => {
    const associations = distribution().DefaultCacheBehavior.FunctionAssociations;
    expect(associations.map((a: { EventType: string }) => a.EventType)).toEqual(['viewer-request', 'viewer-response']);
    expect(associations[1].FunctionARN).toEqual(associations[0].FunctionARN);
    const handler = cfFunction(associations[1].FunctionARN) as unknown as (e: unknown) => { statusCode: number };
    const status = (uri: string, statusCode = 200) =>
      handler({ context: { eventType: 'viewer-response' }, request: { uri }, response: { statusCode, headers: {} } })
        .statusCode;
    // Whether CloudFront shows the function the original or the rewritten URI.
    expect(status('/this-page-does-not-exist')).toBe(404);
    expect(status('/404.html')).toBe(404);
    expect(status('/about')).toBe(200);
    expect(status('/about/index.html')).toBe(200);
    expect(status('/dashboard')).toBe(200);
    expect(status('/shell.html')).toBe(200);
    expect(status('/nope', 304)).toBe(304);
  });

  it('keeps the site function under the CloudFront Functions size limit (10 KB) with the real route lists', async () => {
    const { siteRouterCode } = await import('../../infra/cloud/site-router.js');
    const { PORTAL_PATTERNS } = await import('../../web/src/app/portal-paths.js');
    const { publicPages } = await import('../../web/src/app/public-pages.js');
    const code = siteRouterCode(
      publicPages().map((p) => p.path),
      {
        public: [
          '/',
          '/about',
          '/programs',
          '/tips',
          '/tips/:id',
          '/success-stories',
          '/success-stories/:id',
          '/contact',
        ],
        portal: PORTAL_PATTERNS,
      },
    );
    expect(Buffer.byteLength(code)).toBeLessThan(10 * 1024);
  });

  it('deploys hashed assets immutable and pages revalidated', () => {
    const deployments = resources(stacks.web, 'Custom::CDKBucketDeployment').map(([, d]) => d.Properties);
    const assets = deployments.find((d) => d.DestinationBucketKeyPrefix === 'assets/');
    expect(assets?.SystemMetadata['cache-control']).toContain('immutable');
    const pages = deployments.find((d) => d.Prune === true);
    expect(pages?.SystemMetadata['cache-control']).toContain('max-age=0');
    expect(pages?.Exclude).toEqual(expect.arrayContaining(['assets/*', 'config.json']));
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
    expect(patterns.slice(0, 3)).toEqual([...EDGE_CACHED_PATHS, '/api/*']);
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
    expect(invalidating).toEqual(['events/invalidate-cdn']);
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
