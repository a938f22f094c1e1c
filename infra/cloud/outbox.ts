import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ENTITY_ATTRIBUTE } from '../../shared/domain/outbox.js';
import { type StreamDef, streams } from '../../shared/routes.js';
import { handlerId } from './app-function.js';
import type { FunctionRegistry } from './handlers.js';
import { acknowledge, acknowledgeWildcardResources } from './nag.js';

/** The event source mapping's filter for one declaration: inserts of its entity only. */
function streamFilter(def: StreamDef) {
  return FilterCriteria.filter({
    eventName: FilterRule.isEqual('INSERT'),
    dynamodb: { NewImage: { [ENTITY_ATTRIBUTE]: { S: FilterRule.isEqual(def.entity) } } },
  });
}

/**
 * The table's stream consumers from shared/routes.ts `streams` (the transactional outbox: outbox
 * inserts -> functions/streams/publish-outbox.ts -> the bus). Each function (created with the other
 * jobs-stack functions, with `publish`) gets an event source mapping on the table's stream (NEW_IMAGE,
 * enabled in data-stack.ts) filtered to its entity's inserts, reporting batch item failures, splitting
 * a failing batch, and sending what still fails after the retries to its own SQS queue. The mapping
 * grants the function read access to the stream (DescribeStream, GetRecords, GetShardIterator on the
 * stream, ListStreams).
 */
export class TableStreams extends Construct {
  readonly deadLetters: Record<string, Queue> = {};

  constructor(scope: Construct, id: string, props: { table: ITable; registry: FunctionRegistry }) {
    super(scope, id);
    for (const [name, def] of Object.entries(streams) as [string, StreamDef][]) {
      const fn = props.registry.get(def.handler);
      const failures = new Queue(this, `${handlerId(def.handler)}Failures`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      acknowledge(
        failures,
        'AwsSolutions-SQS3',
        `This queue is itself the on-failure destination of the ${name} stream mapping (records that could not be handled).`,
      );
      fn.fn.addEventSource(
        new DynamoEventSource(props.table, {
          startingPosition: StartingPosition.TRIM_HORIZON,
          batchSize: 10,
          bisectBatchOnError: true,
          reportBatchItemFailures: true,
          retryAttempts: 10,
          maxRecordAge: Duration.hours(24),
          onFailure: new SqsDlq(failures),
          filters: [streamFilter(def)],
        }),
      );
      acknowledgeWildcardResources(
        fn,
        ['*'],
        'The stream read grant of the event source mapping includes dynamodb:ListStreams, which has no resource-level permissions (AWS only accepts "*"); every other stream action is on this table\'s stream ARN.',
      );
      this.deadLetters[name] = failures;
    }
  }
}
