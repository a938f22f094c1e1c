import { Duration, NestedStack, Stack } from 'aws-cdk-lib';
import type { WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { AppFunction, handlerId } from './app-function.js';
import type { CloudConfig } from './config.js';
import { sesIdentityNames } from './email-stack.js';
import type { FunctionOwner, FunctionRegistry, HandlerPlan } from './handlers.js';
import { acknowledgeWildcardResources } from './nag.js';

/** Everything a function may be bound to; later stacks know more of it. */
export interface BackendResources {
  config: CloudConfig;
  table: ITable;
  mediaBucket: IBucket;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  bus?: IEventBus;
  wsStage?: WebSocketStage;
  scheduler?: { groupName: string; role: IRole };
}

/** Cognito admin actions used to invite and manage users (handlers of `admin` routes). */
const USER_ADMIN_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminResetUserPassword',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:ListUsers',
];

function need<T>(value: T | undefined, what: string, plan: HandlerPlan): T {
  if (value === undefined) {
    throw new Error(`Handler "${plan.handler}" needs ${what}, which its stack (${plan.owner}) cannot see`);
  }
  return value;
}

/** Environment and permissions of one function, from its plan's capabilities. */
export function bindCapabilities(fn: AppFunction, plan: HandlerPlan, res: BackendResources) {
  const stack = Stack.of(fn);
  fn.addEnvironment('COGNITO_USER_POOL_ID', res.userPool.userPoolId);
  fn.addEnvironment('COGNITO_CLIENT_ID', res.userPoolClient.userPoolClientId);
  fn.addEnvironment('BUSINESS_EMAIL', res.config.businessEmail);
  fn.addEnvironment('FROM_EMAIL', res.config.fromEmail);

  for (const cap of plan.capabilities) {
    switch (cap) {
      case 'publish': {
        const bus = need(res.bus, 'the event bus', plan);
        fn.addEnvironment('EVENT_BUS_NAME', bus.eventBusName);
        bus.grantPutEventsTo(fn);
        break;
      }
      case 'push': {
        const stage = need(res.wsStage, 'the WebSocket stage', plan);
        fn.addEnvironment('WS_MANAGEMENT_ENDPOINT', stage.callbackUrl);
        const connections = stack.formatArn({
          service: 'execute-api',
          resource: stage.api.apiId,
          resourceName: `${stage.stageName}/*/@connections/*`,
        });
        fn.role.addToPrincipalPolicy(
          new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connections] }),
        );
        acknowledgeWildcardResources(
          fn,
          [connections],
          'Pushes go to whichever connection ids the table holds, on this one WebSocket stage only (POST/GET/DELETE @connections/{id}).',
        );
        break;
      }
      case 'email': {
        fn.role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail', 'ses:SendRawEmail'],
            resources: sesIdentityNames(res.config).map((name) =>
              stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name }),
            ),
          }),
        );
        break;
      }
      case 'media': {
        fn.addEnvironment('MEDIA_BUCKET', res.mediaBucket.bucketName);
        const objects = res.mediaBucket.arnForObjects('*');
        fn.role.addToPrincipalPolicy(
          new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], resources: [objects] }),
        );
        acknowledgeWildcardResources(
          fn,
          [objects],
          'Object keys are user-generated (uploads under media/, dog and profile photo prefixes); access is limited to the one media bucket and to get/put/delete.',
        );
        break;
      }
      case 'schedule': {
        const scheduler = need(res.scheduler, 'the scheduler group', plan);
        const bus = need(res.bus, 'the event bus', plan);
        fn.addEnvironment('SCHEDULE_GROUP_NAME', scheduler.groupName);
        fn.addEnvironment('SCHEDULER_ROLE_ARN', scheduler.role.roleArn);
        fn.addEnvironment('EVENT_BUS_ARN', bus.eventBusArn);
        const schedulesInGroup = stack.formatArn({
          service: 'scheduler',
          resource: 'schedule',
          resourceName: `${scheduler.groupName}/*`,
        });
        fn.role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: [
              'scheduler:CreateSchedule',
              'scheduler:UpdateSchedule',
              'scheduler:GetSchedule',
              'scheduler:DeleteSchedule',
            ],
            resources: [schedulesInGroup],
          }),
        );
        fn.role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: ['iam:PassRole'],
            resources: [scheduler.role.roleArn],
            conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
          }),
        );
        acknowledgeWildcardResources(
          fn,
          [schedulesInGroup],
          "One-off schedules (scheduled messages) are named per message at run time; access is limited to the app's own schedule group.",
        );
        break;
      }
      case 'users-read': {
        fn.role.addToPrincipalPolicy(
          new PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [res.userPool.userPoolArn] }),
        );
        break;
      }
      case 'users': {
        fn.role.addToPrincipalPolicy(
          new PolicyStatement({ actions: USER_ADMIN_ACTIONS, resources: [res.userPool.userPoolArn] }),
        );
        break;
      }
    }
  }
}

/** Creates (once) the functions a stack owns and binds them. */
/**
 * A function with its role, policy, log group (and, for HTTP routes, integration, permission and route)
 * is about 7 CloudFormation resources; a stack may hold 500. Functions beyond this many per stack go
 * into nested stacks of this size (each its own 500), so the route table can grow.
 */
export const FUNCTIONS_PER_NESTED_STACK = 30;

export function createOwnedFunctions(
  scope: Construct,
  owner: FunctionOwner,
  registry: FunctionRegistry,
  res: BackendResources,
  opts: { nested?: boolean } = {},
): AppFunction[] {
  const nests: Construct[] = [];
  const scopeFor = (i: number) => {
    if (!opts.nested) return scope;
    const n = Math.floor(i / FUNCTIONS_PER_NESTED_STACK);
    nests[n] ??= new NestedStack(scope, `Functions${n + 1}`, {
      description: `HTTP API handlers, part ${n + 1}`,
    });
    return nests[n];
  };
  return registry.ownedBy(owner).map((plan, i) => {
    const fn = new AppFunction(scopeFor(i), handlerId(plan.handler), {
      handler: plan.handler,
      table: res.table,
      logLevel: res.config.logLevel,
      timeout: Duration.seconds(plan.timeoutSeconds),
    });
    bindCapabilities(fn, plan, res);
    registry.register(plan.handler, fn);
    return fn;
  });
}
