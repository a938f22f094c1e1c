import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { realtime } from '../../shared/routes.js';
import { type BackendResources, createOwnedFunctions } from './capabilities.js';
import type { FunctionRegistry } from './handlers.js';
import { acknowledge } from './nag.js';

export interface RealtimeStackProps extends StackProps {
  registry: FunctionRegistry;
  resources: BackendResources;
}

/** Stage name of the WebSocket API (part of the wss:// URL and of the callback URL). */
export const WS_STAGE_NAME = 'live';

/**
 * WebSocket API for realtime notifications. Browsers cannot send headers on a WebSocket, so $connect has
 * no API Gateway authorizer: the connect handler verifies the Cognito ID token passed as `?token=`.
 * Clients only receive; handlers push with the management API (the stage's callback URL).
 */
export class RealtimeStack extends Stack {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    createOwnedFunctions(this, 'realtime', props.registry, props.resources);
    const fn = (h: string) => props.registry.get(h).fn;

    this.api = new WebSocketApi(this, 'Api', {
      description: 'Realtime notifications (clients only receive)',
      connectRouteOptions: { integration: new WebSocketLambdaIntegration('Connect', fn(realtime.$connect)) },
      disconnectRouteOptions: { integration: new WebSocketLambdaIntegration('Disconnect', fn(realtime.$disconnect)) },
    });
    // WebSocket stages log through the account's API Gateway CloudWatch role (unlike HTTP APIs).
    const cloudWatchRole = new Role(this, 'ApiGatewayCloudWatchRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
    });
    acknowledge(
      cloudWatchRole,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      'AmazonAPIGatewayPushToCloudWatchLogs is the policy API Gateway documents for its account logging role; it only writes CloudWatch logs.',
    );
    const account = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: cloudWatchRole.roleArn });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: WS_STAGE_NAME,
      autoDeploy: true,
      throttle: { rateLimit: 20, burstLimit: 50 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            eventType: '$context.eventType',
            routeKey: '$context.routeKey',
            connectionId: '$context.connectionId',
            status: '$context.status',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    this.stage.node.addDependency(account);

    for (const routeKey of ['$connect', '$disconnect']) {
      const route = this.api.node.tryFindChild(`${routeKey}-Route`);
      if (!route) throw new Error(`WebSocket route ${routeKey} not found`);
      acknowledge(
        route,
        'AwsSolutions-APIG4',
        routeKey === '$connect'
          ? 'Browsers cannot send an Authorization header on a WebSocket: the $connect handler verifies the Cognito ID token from ?token= and refuses inactive users.'
          : '$disconnect is called by API Gateway itself for an already authorized connection; it carries no client credentials.',
      );
    }
    new CfnOutput(this, 'WebSocketUrl', { value: this.stage.url });
  }
}
