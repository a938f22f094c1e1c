import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { EVENT_SOURCE, events, schedules } from '../../shared/routes.js';
import { handlerId } from './app-function.js';
import { type BackendResources, createOwnedFunctions } from './capabilities.js';
import type { FunctionRegistry } from './handlers.js';
import { acknowledge } from './nag.js';
import { TableStreams } from './outbox.js';

export interface JobsStackProps extends StackProps {
  registry: FunctionRegistry;
  /** Everything but the bus and the scheduler, which this stack creates. */
  resources: Omit<BackendResources, 'bus' | 'scheduler'>;
}

/**
 * Background work, wired from shared/routes.ts: the app's EventBridge bus with one rule per event
 * (every listed handler a target), one rule per recurring schedule, and an EventBridge Scheduler group
 * plus the role its one-off schedules (scheduled messages) run as.
 */
export class JobsStack extends Stack {
  readonly bus: EventBus;
  readonly scheduleGroup: CfnScheduleGroup;
  readonly schedulerRole: Role;
  readonly deadLetters: Queue;
  readonly tableStreams: TableStreams;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);

    this.bus = new EventBus(this, 'Bus', { description: `Domain events (source ${EVENT_SOURCE})` });
    this.scheduleGroup = new CfnScheduleGroup(this, 'ScheduleGroup', {});
    this.schedulerRole = new Role(this, 'SchedulerRole', {
      description: 'Assumed by EventBridge Scheduler to deliver one-off schedules (scheduled messages)',
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    });
    this.bus.grantPutEventsTo(this.schedulerRole);

    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.deadLetters,
      'AwsSolutions-SQS3',
      'This queue is itself the dead-letter queue of the EventBridge rule targets.',
    );

    const resources: BackendResources = {
      ...props.resources,
      bus: this.bus,
      scheduler: { groupName: this.scheduleGroup.ref, role: this.schedulerRole },
    };
    createOwnedFunctions(this, 'jobs', props.registry, resources);
    // The transactional outbox: the table's stream -> the outbox publisher -> this bus.
    this.tableStreams = new TableStreams(this, 'TableStreams', {
      table: props.resources.table,
      registry: props.registry,
    });

    const target = (handler: string) =>
      new LambdaFunction(props.registry.get(handler).fn, {
        retryAttempts: 4,
        maxEventAge: Duration.hours(6),
        deadLetterQueue: this.deadLetters,
      });

    for (const [name, handlers] of Object.entries(events)) {
      new Rule(this, `On${name}`, {
        description: `${name} -> ${handlers.join(', ')}`,
        eventBus: this.bus,
        eventPattern: { source: [EVENT_SOURCE], detailType: [name] },
        targets: handlers.map(target),
      });
      // A scheduled message can be delivered as one of these events, or by invoking a handler directly.
      for (const h of handlers) {
        this.schedulerRole.addToPrincipalPolicy(
          new PolicyStatement({
            actions: ['lambda:InvokeFunction'],
            resources: [props.registry.get(h).fn.functionArn],
          }),
        );
      }
    }

    for (const s of schedules) {
      new Rule(this, `Every-${handlerId(s.name)}`, {
        description: `${s.name}: ${s.expression} -> ${s.handler}`,
        schedule: Schedule.expression(s.expression),
        targets: [target(s.handler)],
      });
    }

    new CfnOutput(this, 'EventBusName', { value: this.bus.eventBusName });
    new CfnOutput(this, 'ScheduleGroupName', { value: this.scheduleGroup.ref });
  }
}
