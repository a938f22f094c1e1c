import { App, type CfnElement, NestedStack, type Stack, Stack as StackClass } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ORIGIN_SECRET_ENV } from '../../functions/lib/viewer.js';
import { DEFAULT_THROTTLE, originSecretName, routeGroupId, routeGroupOf } from '../../infra/cloud/api-stack.js';
import { sourceMapsEnabled } from '../../infra/cloud/app-function.js';
import { SEED_HANDLER } from '../../infra/cloud/content-seed.js';
import {
  cognitoExplicitAuthFlows,
  cognitoPasswordPolicy,
  PASSWORD_MIN_LENGTH,
  SIGN_IN_AUTH_FLOW,
} from '../../shared/auth-policy.js';
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

import { fnArnIn, type Resource, resources, stacks, synthesizeCloudApp, t } from './stack-templates.js';

synthesizeCloudApp();

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

  it('makes exactly one function per unique handler module', () => {
    const described = all().map(({ f }) => f.Properties.Description);
    // Both sides sorted as file names (`get-session.ts` sorts after `get-session-stats.ts`).
    expect(described.sort()).toEqual([...allHandlers(), SEED_HANDLER].map((h) => `functions/${h}.ts`).sort());
  });

  it('runs every function on Node 22 / arm64 (x86_64 for sharp, ADR 0042) with its own log group and the table bound', () => {
    for (const { f } of all()) {
      const p = f.Properties;
      expect(p.Runtime).toBe('nodejs22.x');
      const native = p.Description === 'functions/http/content/process-image.ts';
      expect(p.Architectures, p.Description).toEqual([native ? 'x86_64' : 'arm64']);
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
  const groups = () => [...stacks.api.routeGroups.values()];
  const routeResources = () =>
    groups().flatMap((g) => resources(g, 'AWS::ApiGatewayV2::Route').map(([id, r]) => [id, r, g] as const));

  it('keeps routes, integrations and permissions out of the parent stack, in one group stack per feature folder', () => {
    for (const type of ['AWS::ApiGatewayV2::Route', 'AWS::ApiGatewayV2::Integration', 'AWS::Lambda::Permission'])
      expect(resources(stacks.api, type), type).toEqual([]);
    for (const r of routes as readonly RouteDef[]) {
      const [, , g] = routeResources().find(([, x]) => x.Properties.RouteKey === routeKey(r))!;
      expect(g, routeKey(r)).toBe(stacks.api.routeGroups.get(routeGroupOf(r)));
      expect(g.node.id).toBe(routeGroupId(routeGroupOf(r)));
    }
  });

  it('has exactly the routes of shared/routes.ts', () => {
    const keys = routeResources().map(([, r]) => r.Properties.RouteKey);
    expect(keys.sort()).toEqual(routes.map(routeKey).sort());
  });

  it.each(routes.map((r) => [routeKey(r), r] as const))(
    '%s is wired to its handler with the right authorizer',
    (key, r) => {
      const found = routeResources().find(([, x]) => x.Properties.RouteKey === key);
      expect(found, `route ${key}`).toBeDefined();
      const [, { Properties: route }, group] = found!;
      if ((r as RouteDef).access === 'public') {
        expect(route.AuthorizationType).toBe('NONE');
        expect(route.AuthorizerId).toBeUndefined();
      } else {
        expect(route.AuthorizationType).toBe('JWT');
        expect(route.AuthorizerId).toBeDefined();
      }
      const integrationId = route.Target['Fn::Join'][1][1].Ref;
      const integration = t(group).toJSON().Resources[integrationId] as Resource;
      expect(integration.Properties.IntegrationUri).toEqual(fnArnIn(group, r.handler));
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
