import { ArnFormat, Duration, NestedStack, SecretValue, Stack } from 'aws-cdk-lib';
import type { WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { GSIS } from '../../shared/db/table.js';
import type { TableAccess, UserAction } from '../../shared/routes.js';
import { addFunctionAlarms } from './alarms.js';
import { AppFunction, handlerId } from './app-function.js';
import type { CloudConfig } from './config.js';
import { pushKeySeedName } from './data-stack.js';
import { configurationSetName, sesIdentityNames } from './email-stack.js';
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
  /** Where alarms notify (infra/cloud/alarms.ts); every function gets error and throttle alarms. */
  alarmTopic: ITopic;
}

/** DynamoDB actions per table access level (ElectroDB gets, queries, puts, updates, transactions). No Scan. */
export const TABLE_ACTIONS: Record<TableAccess, readonly string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  // Transactions need the action of each item they write (Put/Update/ConditionCheck).
  write: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:ConditionCheckItem',
  ],
  delete: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:ConditionCheckItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
};

/** Cognito admin actions per user action (shared/adapters/user-directory.ts). */
export const USER_ACTIONS: Record<UserAction, readonly string[]> = {
  read: ['cognito-idp:AdminGetUser'],
  create: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminAddUserToGroup'],
  setPassword: ['cognito-idp:AdminSetUserPassword'],
  disable: ['cognito-idp:AdminDisableUser', 'cognito-idp:AdminUserGlobalSignOut'],
  enable: ['cognito-idp:AdminEnableUser'],
  delete: ['cognito-idp:AdminDeleteUser'],
};

export const MEDIA_ACTIONS = {
  read: ['s3:GetObject'],
  write: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
} as const;

export const SCHEDULER_ACTIONS = ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'];

/**
 * The Secrets Manager secret holding the payment provider's keys (JSON `{"secretKey", "webhookSecret"}`),
 * created by the operator (README, Payments): the functions that take payments may read it and nothing
 * else. Until it exists, payments answer "Payment setup failed. Please try again.".
 */
export const paymentSecretName = (config: CloudConfig) => `${config.stackPrefix}/payments`;

/**
 * The SSM parameter the web stack writes with the site bucket's name and the distribution's id, for the
 * render on publish (deployed before the web stack, so it cannot get them as environment variables).
 */
export const siteTargetParameterName = (config: CloudConfig) => `/${config.stackPrefix}/site-target`;

function need<T>(value: T | undefined, what: string, plan: HandlerPlan): T {
  if (value === undefined) {
    throw new Error(`Handler "${plan.handler}" needs ${what}, which its stack (${plan.owner}) cannot see`);
  }
  return value;
}

/** Environment and permissions of one function: exactly its plan's needs (shared/routes.ts). */
export function bindCapabilities(fn: AppFunction, plan: HandlerPlan, res: BackendResources) {
  const stack = Stack.of(fn);
  fn.addEnvironment('COGNITO_USER_POOL_ID', res.userPool.userPoolId);
  fn.addEnvironment('COGNITO_CLIENT_ID', res.userPoolClient.userPoolClientId);
  fn.addEnvironment('BUSINESS_EMAIL', res.config.businessEmail);
  fn.addEnvironment('FROM_EMAIL', res.config.fromEmail);

  const { needs } = plan;
  if (needs.table) {
    const table = res.table;
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...TABLE_ACTIONS[needs.table]],
        // The table and each named GSI from shared/db/table.ts: no `index/*` wildcard.
        resources: [table.tableArn, ...GSIS.map((g) => `${table.tableArn}/index/${g.name}`)],
      }),
    );
  }
  if (needs.publish) {
    const bus = need(res.bus, 'the event bus', plan);
    fn.addEnvironment('EVENT_BUS_NAME', bus.eventBusName);
    bus.grantPutEventsTo(fn);
  }
  if (needs.push) {
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
  }
  if (needs.email) {
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          ...sesIdentityNames(res.config).map((name) =>
            stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name }),
          ),
          // The identities send with their default configuration set (bounce/complaint metrics), which SES authorizes too.
          stack.formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: configurationSetName(res.config),
          }),
        ],
      }),
    );
  }
  if (needs.media) {
    fn.addEnvironment('MEDIA_BUCKET', res.mediaBucket.bucketName);
    const objects = res.mediaBucket.arnForObjects('*');
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: [...MEDIA_ACTIONS[needs.media]], resources: [objects] }),
    );
    acknowledgeWildcardResources(
      fn,
      [objects],
      needs.media === 'write'
        ? 'Object keys are user-generated (uploads under media/, dog and profile photo prefixes); access is limited to the one media bucket and to get/put/delete.'
        : 'Object keys are user-generated (dog and profile photo prefixes); read-only access (presigned downloads, upload checks) to the one media bucket.',
    );
  }
  if (needs.scheduler) {
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
    fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: SCHEDULER_ACTIONS, resources: [schedulesInGroup] }));
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
      "One-off schedules (scheduled messages, session reminders) are named per item at run time; access is limited to the app's own schedule group.",
    );
  }
  if (needs.secrets) {
    const name = paymentSecretName(res.config);
    fn.addEnvironment('STRIPE_SECRET_ID', name);
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        // A secret's ARN ends with six random characters after its name.
        resources: [
          stack.formatArn({
            service: 'secretsmanager',
            resource: 'secret',
            resourceName: `${name}-??????`,
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        ],
      }),
    );
  }
  if (needs.webPush) {
    // A dynamic reference, resolved at deploy time (the data stack, which makes the secret, deploys first).
    fn.addEnvironment('VAPID_SEED', SecretValue.secretsManager(pushKeySeedName(res.config)).unsafeUnwrap());
    fn.addEnvironment('VAPID_SUBJECT', `mailto:${res.config.businessEmail}`);
  }
  if (needs.site) {
    const name = siteTargetParameterName(res.config);
    fn.addEnvironment('SITE_TARGET_PARAMETER', name);
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: name.slice(1) })],
      }),
    );
  }
  if (needs.users?.length) {
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...new Set(needs.users.flatMap((u) => USER_ACTIONS[u]))],
        resources: [res.userPool.userPoolArn],
      }),
    );
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
  const byScope = new Map<Construct, AppFunction[]>();
  const fns = registry.ownedBy(owner).map((plan, i) => {
    const at = scopeFor(i);
    const fn = new AppFunction(at, handlerId(plan.handler), {
      handler: plan.handler,
      table: res.table,
      logLevel: res.config.logLevel,
      timeout: Duration.seconds(plan.timeoutSeconds),
    });
    bindCapabilities(fn, plan, res);
    registry.register(plan.handler, fn);
    byScope.set(at, [...(byScope.get(at) ?? []), fn]);
    return fn;
  });
  // Alarms next to their functions (same stack or nested stack): no cross-stack reference per function.
  for (const [at, group] of byScope) addFunctionAlarms(at, group, res.alarmTopic);
  return fns;
}
