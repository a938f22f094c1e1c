import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
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
import type { Construct } from 'constructs';
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

/** `POST /api/public/contact` -> `PostApiPublicContact` (construct ids of routes). */
export const routeId = (r: Pick<RouteDef, 'method' | 'path'>) =>
  `${r.method[0]}${r.method.slice(1).toLowerCase()}${r.path
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

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { registry, resources } = props;
    createOwnedFunctions(this, 'api', registry, resources, { nested: true });

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
    for (const r of routes as readonly RouteDef[]) {
      const route = new HttpRoute(this, routeId(r), {
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
