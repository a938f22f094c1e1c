import { createHash } from 'node:crypto';
import { CustomResource, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { WEBSITE_SECTIONS } from '../../shared/content/sections.js';
import { builtinSeedRecords } from '../../shared/content/seed.js';
import { BACKFILLS } from '../../shared/domain/backfills.js';
import type { Needs } from '../../shared/routes.js';
import { addFrameworkFunctionAlarm } from './alarms.js';
import { AppFunction } from './app-function.js';
import { type BackendResources, bindCapabilities } from './capabilities.js';
import { acknowledge, acknowledgeWildcardResources } from './nag.js';

/** The seeding function's module and what it needs (checked against its code in test/infra). */
export const SEED_HANDLER = 'custom/seed-content';
export const SEED_NEEDS: Needs = { table: 'write' };

/**
 * Changes when the built-in sections or content change, or a backfill is added (shared/domain/backfills.ts),
 * so CloudFormation runs the seeding again.
 */
export function seedVersion(): string {
  return createHash('sha256')
    .update(JSON.stringify([WEBSITE_SECTIONS, builtinSeedRecords(), Object.keys(BACKFILLS)]))
    .digest('hex')
    .slice(0, 16);
}

/**
 * Seeds the website sections and the built-in public content in the cloud, as `npm start` does locally:
 * a custom resource (CDK Provider framework) whose function runs on every create, and on every update
 * where the built-in content changed. Sections that already have published content are left alone.
 */
export class ContentSeed extends Construct {
  readonly fn: AppFunction;
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, res: BackendResources) {
    super(scope, id);
    this.fn = new AppFunction(this, 'Handler', {
      handler: SEED_HANDLER,
      table: res.table,
      logLevel: res.config.logLevel,
      timeout: Duration.minutes(2),
    });
    bindCapabilities(
      this.fn,
      { handler: SEED_HANDLER, kinds: [], owner: 'jobs', needs: SEED_NEEDS, routes: [], timeoutSeconds: 120 },
      res,
    );

    // The framework function gets its own role and log group instead of the AWS managed basic execution policy.
    const logGroup = new LogGroup(this, 'ProviderLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new Role(this, 'ProviderRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Runs the CDK custom resource framework that calls the content seeding function',
    });
    logGroup.grantWrite(role);
    const provider = new Provider(this, 'Provider', {
      onEventHandler: this.fn.fn,
      frameworkOnEventRole: role,
      logGroup,
    });
    acknowledgeWildcardResources(
      role,
      [`${this.fn.fn.functionArn}:*`],
      'The CDK Provider framework invokes the one seeding function (any of its versions); granted by aws-cdk-lib.',
    );
    for (const child of provider.node.findAll()) {
      if (child.node.id === 'framework-onEvent' && child instanceof LambdaFunction) {
        addFrameworkFunctionAlarm(
          this,
          'FrameworkErrors',
          child,
          res.alarmTopic,
          'the custom resource framework function of the content seeding',
        );
        acknowledge(
          child,
          'AwsSolutions-L1',
          'CDK-managed custom resource framework function (aws-cdk-lib/custom-resources): aws-cdk-lib pins its runtime.',
        );
      }
    }
    this.resource = new CustomResource(this, 'Resource', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::ContentSeed',
      properties: { version: seedVersion() },
    });
  }
}
