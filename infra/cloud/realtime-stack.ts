import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
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
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: WS_STAGE_NAME,
      autoDeploy: true,
      throttle: { rateLimit: 20, burstLimit: 50 },
    });

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
    acknowledge(
      this.stage,
      'AwsSolutions-APIG1',
      'WebSocket access logs need the account-wide API Gateway CloudWatch role (AWS::ApiGateway::Account), which this app does not take over; the connect/disconnect functions log every connection.',
    );

    new CfnOutput(this, 'WebSocketUrl', { value: this.stage.url });
  }
}
