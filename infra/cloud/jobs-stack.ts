import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { EVENT_SOURCE, events, schedules } from '../../shared/routes.js';
import { addQueueDepthAlarm } from './alarms.js';
import { handlerId } from './app-function.js';
import { type BackendResources, createOwnedFunctions } from './capabilities.js';
import { ContentSeed } from './content-seed.js';
import { type FunctionRegistry, isBackground } from './handlers.js';
import { acknowledge } from './nag.js';
import { TableStreams } from './outbox.js';

/** Lambda's own retries of a failed asynchronous invocation (0-2), and how old an event may get. */
export const ASYNC_RETRY_ATTEMPTS = 2;
export const ASYNC_MAX_EVENT_AGE = Duration.hours(6);

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
  /** On-failure destination of every event and job handler (their own failures, after retries). */
  readonly failedInvocations: Queue;

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

    // A handler invoked asynchronously (rule or schedule target) that fails after its retries leaves
    // the event here, instead of losing it; the EventBridge target DLQ above only gets events that
    // could not be delivered at all.
    this.failedInvocations = new Queue(this, 'FailedInvocations', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.failedInvocations,
      'AwsSolutions-SQS3',
      'This queue is itself the on-failure destination of the event and job handlers (Lambda asynchronous invocation).',
    );
    for (const plan of props.registry.ownedBy('jobs').filter(isBackground)) {
      props.registry.get(plan.handler).fn.configureAsyncInvoke({
        onFailure: new SqsDestination(this.failedInvocations),
        retryAttempts: ASYNC_RETRY_ATTEMPTS,
        maxEventAge: ASYNC_MAX_EVENT_AGE,
      });
    }
    addQueueDepthAlarm(
      this,
      'DeadLettersAlarm',
      this.deadLetters,
      props.resources.alarmTopic,
      'EventBridge could not deliver an event to a handler',
    );
    addQueueDepthAlarm(
      this,
      'FailedInvocationsAlarm',
      this.failedInvocations,
      props.resources.alarmTopic,
      'An event or job handler failed after its retries',
    );
    for (const [name, queue] of Object.entries(this.tableStreams.deadLetters)) {
      addQueueDepthAlarm(
        this,
        `StreamFailures${name[0].toUpperCase()}${name.slice(1)}Alarm`,
        queue,
        props.resources.alarmTopic,
        `The table stream consumer "${name}" gave up on a batch`,
      );
    }

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

    // The website sections and built-in content, seeded as `npm start` does locally.
    new ContentSeed(this, 'ContentSeed', resources);

    new CfnOutput(this, 'EventBusName', { value: this.bus.eventBusName });
    new CfnOutput(this, 'ScheduleGroupName', { value: this.scheduleGroup.ref });
  }
}
