import { CfnOutput, NestedStack, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { CURSOR_KEY_ENV } from '../../functions/lib/cursor.js';
import { ORIGIN_SECRET_ENV } from '../../functions/lib/viewer.js';
import { type RouteDef, routeKey, routes } from '../../shared/routes.js';
import { addHttpApiAlarms } from './alarms.js';
import type { AppFunction } from './app-function.js';
import { type BackendResources, createOwnedFunctions } from './capabilities.js';
import type { FunctionRegistry } from './handlers.js';
import { acknowledge } from './nag.js';

export interface ApiStackProps extends StackProps {
  registry: FunctionRegistry;
  resources: BackendResources;
}

/** Stage-wide limits; routes with a `throttle` in shared/routes.ts override them. */
export const DEFAULT_THROTTLE = { rateLimit: 50, burstLimit: 100 };

/** Name of the origin secret (CloudFront's `x-origin-verify` header) in Secrets Manager. */
export const originSecretName = (stackPrefix: string) => `${stackPrefix}/origin-verify`;

/**
 * The secret's value as a CloudFormation dynamic reference by name: resolved by CloudFormation at deploy,
 * never written into the template, and the same literal in the API's nested stacks and in the web stack.
 */
export const originSecretValue = (stackPrefix: string) =>
  SecretValue.secretsManager(originSecretName(stackPrefix)).unsafeUnwrap();

/** Name of the key list cursors are signed with (functions/lib/cursor.ts) in Secrets Manager. */
export const cursorKeyName = (stackPrefix: string) => `${stackPrefix}/cursor-key`;

/** `POST /api/public/contact` -> `PostApiPublicContact` (construct ids of routes). */
export const routeId = (r: Pick<RouteDef, 'method' | 'path'>) =>
  `${r.method[0]}${r.method.slice(1).toLowerCase()}${r.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join('')}`;

/** `-c apiRoutes=none` synthesizes the API without routes (phase one of the upgrade in ADR 0041). */
export const API_ROUTES_CONTEXT = 'apiRoutes';

/**
 * A route's group: the feature folder of its handler (`http/clients/get-client` -> `clients`). A route keeps
 * its group as long as its handler stays in its folder, so adding routes never moves existing ones between
 * stacks (CloudFormation would create the moved route before deleting the old one, and a route key may
 * exist only once per API).
 */
export const routeGroupOf = (r: Pick<RouteDef, 'handler'>) => {
  const [kind, folder] = r.handler.split('/');
  if (kind !== 'http' || !folder) throw new Error(`HTTP handler "${r.handler}" must live in functions/http/<feature>/`);
  return folder;
};

/** `clients` -> `RoutesClients`, `contact-submissions` -> `RoutesContactSubmissions` (nested stack ids). */
export const routeGroupId = (group: string) =>
  `Routes${group
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join('')}`;

/**
 * The HTTP API: one route per entry of `routes`, the Cognito JWT authorizer (ID token, audience = the
 * web client) on every route that is not `public`, Lambda proxy integrations (payload v2), stage and
 * per-route throttling, JSON access logs. The role check itself (admin/client/signed-in) happens in the
 * handler, from the same route table.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** The secret CloudFront sends as `x-origin-verify` and the HTTP handlers check (ADR 0018). */
  readonly originSecret: Secret;
  /** The key the HTTP handlers sign and check list cursors with (functions/lib/cursor.ts). */
  readonly cursorKey: Secret;
  /** The nested stacks holding the routes, their integrations and permissions, by group (`routeGroupOf`). */
  readonly routeGroups: Map<string, NestedStack>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { registry, resources } = props;
    createOwnedFunctions(this, 'api', registry, resources, { nested: true });

    // Only requests through CloudFront reach the handlers: the default execute-api endpoint stays open (an
    // HTTP API without a custom domain has no other), so the handlers refuse requests without this secret.
    this.originSecret = new Secret(this, 'OriginVerify', {
      secretName: originSecretName(resources.config.stackPrefix),
      description: 'Sent by CloudFront to the HTTP API as x-origin-verify; checked by every HTTP handler',
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
    acknowledge(
      this.originSecret,
      'AwsSolutions-SMG4',
      'The origin secret only proves a request came through CloudFront (not a credential to data); rotating it means redeploying the API and web stacks together (ADR 0018).',
    );
    this.cursorKey = new Secret(this, 'CursorKey', {
      secretName: cursorKeyName(resources.config.stackPrefix),
      description: 'Signs the list cursors the HTTP API hands out, so a forged or foreign cursor is refused',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    acknowledge(
      this.cursorKey,
      'AwsSolutions-SMG4',
      'Rotating the cursor key only invalidates the list cursors in flight (the next page answers 400 and the list reloads from its start).',
    );
    const cursorKeyValue = SecretValue.secretsManager(cursorKeyName(resources.config.stackPrefix)).unsafeUnwrap();
    for (const handler of new Set((routes as readonly RouteDef[]).map((r) => r.handler))) {
      if (registry.plans.find((p) => p.handler === handler)?.owner !== 'api') {
        // Its stack would deploy before the secret exists.
        throw new Error(`HTTP handler "${handler}" must live in the API stack to read the origin secret`);
      }
      const fn = registry.get(handler);
      fn.addEnvironment(ORIGIN_SECRET_ENV, originSecretValue(resources.config.stackPrefix));
      fn.node.addDependency(this.originSecret);
      fn.addEnvironment(CURSOR_KEY_ENV, cursorKeyValue);
      fn.node.addDependency(this.cursorKey);
    }

    this.api = new HttpApi(this, 'Api', {
      description: 'Portal and public site API (served under /api by CloudFront)',
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'Stage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: DEFAULT_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    const { userPool, userPoolClient } = resources;
    const authorizer = new HttpJwtAuthorizer(
      'CognitoIdToken',
      `https://cognito-idp.${this.region}.amazonaws.com/${userPool.userPoolId}`,
      { jwtAudience: [userPoolClient.userPoolClientId], identitySource: ['$request.header.Authorization'] },
    );

    const integrations = new Map<AppFunction, HttpLambdaIntegration>();
    const integrationFor = (fn: AppFunction) => {
      let i = integrations.get(fn);
      if (!i) {
        i = new HttpLambdaIntegration(`${fn.node.id}Integration`, fn.fn);
        integrations.set(fn, i);
      }
      return i;
    };

    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    // Phase one of the upgrade to route groups (ADR 0041): the API without routes, so that the next deploy
    // can create them in their group stacks (a route key may exist only once per API).
    const table = this.node.tryGetContext(API_ROUTES_CONTEXT) === 'none' ? [] : (routes as readonly RouteDef[]);
    // Each route, its integration and its Lambda permission live in its group's nested stack (ADR 0041).
    this.routeGroups = new Map();
    for (const r of table) {
      const name = routeGroupOf(r);
      let group = this.routeGroups.get(name);
      if (!group) {
        group = new NestedStack(this, routeGroupId(name), { description: `HTTP API routes of ${name}` });
        this.routeGroups.set(name, group);
      }
      const route = new HttpRoute(group, routeId(r), {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(r.path, HttpMethod[r.method]),
        integration: integrationFor(registry.get(r.handler)),
        authorizer: r.access === 'public' ? undefined : authorizer,
      });
      if (r.access === 'public') {
        acknowledge(
          route,
          'AwsSolutions-APIG4',
          `${routeKey(r)} is declared public in shared/routes.ts (public website); it is throttled and validated by its handler.`,
        );
      }
      if (r.throttle) {
        routeSettings[routeKey(r)] = { ThrottlingRateLimit: r.throttle.rate, ThrottlingBurstLimit: r.throttle.burst };
        // Route settings may only name routes that already exist.
        cfnStage.node.addDependency(route);
      }
    }
    if (Object.keys(routeSettings).length) cfnStage.routeSettings = routeSettings;

    // Alarms (infra/cloud/alarms.ts): server errors of the API.
    addHttpApiAlarms(this, this.api, resources.alarmTopic);

    new CfnOutput(this, 'ApiEndpoint', { value: this.api.apiEndpoint });
  }
}
