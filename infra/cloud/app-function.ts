import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { architectureOf, cdkBundlingFor } from './bundling.js';
import { acknowledge } from './nag.js';
import { REPO_ROOT } from './paths.js';

export interface AppFunctionProps {
  /** Module under `functions/` without extension (as written in shared/routes.ts); it exports `handler`. */
  handler: string;
  /** The single table, bound as TABLE_NAME (access is granted from the handler's needs: infra/cloud/capabilities.ts). */
  table: ITable;
  logLevel: string;
  environment?: Record<string, string>;
  memorySize?: number;
  timeout?: Duration;
}

/** Whether the functions load their source maps (`--enable-source-maps`): the `sourceMaps` context, off by default. */
export const sourceMapsEnabled = (scope: Construct) => String(scope.node.tryGetContext('sourceMaps')) === 'true';

/** Construct id for a handler module: `http/contact/submit-contact` -> `HttpContactSubmitContact`. */
export const handlerId = (handler: string) =>
  handler
    .split(/[/_-]+/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join('');

export const entryOf = (handler: string) => join(REPO_ROOT, 'functions', `${handler}.ts`);

/**
 * The one place that fixes function defaults: Node 22 on arm64 (x86_64 for native code: bundling.ts), an
 * ESM bundle made by the locally installed esbuild (never Docker), its own log group with a retention, a role that can only write to
 * that log group (no AWS managed policy; the rest comes from the handler's declared needs), and the table named.
 */
export class AppFunction extends Construct implements IGrantable {
  readonly fn: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;
  readonly handlerModule: string;

  get grantPrincipal() {
    return this.role;
  }

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const entry = entryOf(props.handler);
    if (!existsSync(entry)) {
      throw new Error(`Handler module "${props.handler}" (declared in shared/routes.ts) has no file at ${entry}`);
    }
    this.handlerModule = props.handler;

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs functions/${props.handler}.ts`,
    });
    this.logGroup.grantWrite(this.role);

    this.fn = new NodejsFunction(this, 'Fn', {
      entry,
      handler: 'handler',
      description: `functions/${props.handler}.ts`,
      runtime: Runtime.NODEJS_22_X,
      architecture: architectureOf(props.handler) === 'x86_64' ? Architecture.X86_64 : Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: {
        TABLE_NAME: props.table.tableName,
        LOG_LEVEL: props.logLevel,
        POWERTOOLS_SERVICE_NAME: 'pawsitive-portal',
        POWERTOOLS_LOG_LEVEL: props.logLevel,
        // Stack traces mapped to the TypeScript sources only when asked (`-c sourceMaps=true`, to
        // investigate an error): Node parses the bundle's source map while loading it, which the bench
        // measured as part of every cold start (ADR 0016). The map is in the asset either way.
        ...(sourceMapsEnabled(this) ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
        ...props.environment,
      },
      // One definition shared with the bench and the bundle-size test (bundling.ts).
      bundling: cdkBundlingFor(props.handler),
    });

    acknowledge(
      this.fn,
      'AwsSolutions-L1',
      'Node.js 22 is the runtime the product fixed (design card; tested locally on the same major); nodejs22.x is supported by Lambda until 2027.',
    );
  }

  addEnvironment(key: string, value: string) {
    this.fn.addEnvironment(key, value);
    return this;
  }
}
