import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CloudStacks } from '../../infra/cloud/app.js';
import { ENTITY_ATTRIBUTE } from '../../shared/domain/outbox.js';
import { streams } from '../../shared/routes.js';
import { fakeWebDist, synthCloudApp } from './cloud-app.js';

/** The transactional outbox in the cloud: the table's stream, filtered to outbox inserts, feeds the publisher. */

let stacks: CloudStacks;
let jobs: Template;
beforeAll(() => {
  stacks = synthCloudApp({ webDist: fakeWebDist() }).stacks;
  jobs = Template.fromStack(stacks.jobs);
});

const publisher = () => stacks.registry.get(streams.outbox.handler);

describe('outbox', () => {
  it('turns the table stream on with new images', () => {
    Template.fromStack(stacks.data).hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    });
  });

  it('maps the stream to the publisher: outbox inserts only, batch failures reported, split, then a queue', () => {
    const fnRef = Stack.of(stacks.jobs).resolve(publisher().fn.functionName);
    const mappings = jobs.findResources('AWS::Lambda::EventSourceMapping', {
      Properties: { FunctionName: fnRef },
    });
    expect(Object.keys(mappings)).toHaveLength(1);
    const [mapping] = Object.values(mappings) as { Properties: Record<string, any> }[];
    const p = mapping.Properties;
    expect(p.EventSourceArn).toBeDefined();
    expect(JSON.stringify(Stack.of(stacks.jobs).resolve(p.EventSourceArn))).toMatch(/StreamArn/);
    expect(p.StartingPosition).toBe('TRIM_HORIZON');
    expect(p.BisectBatchOnFunctionError).toBe(true);
    expect(p.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(p.MaximumRetryAttempts).toBeGreaterThan(0);
    expect(p.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { [ENTITY_ATTRIBUTE]: { S: ['outbox'] } } } },
    ]);
    const queue = stacks.jobs.tableStreams.deadLetters.outbox;
    expect(p.DestinationConfig.OnFailure.Destination).toEqual(Stack.of(stacks.jobs).resolve(queue.queueArn));
  });

  it('lets the publisher read the stream, put events on the bus and fill its failure queue, and send no e-mail, push or media', () => {
    const roleRef = Stack.of(stacks.jobs).resolve(publisher().role.roleName);
    const policies = jobs.findResources('AWS::IAM::Policy', { Properties: { Roles: Match.arrayWith([roleRef]) } });
    const statements = Object.values(policies).flatMap(
      (pol) =>
        (pol as { Properties: { PolicyDocument: { Statement: { Action: string | string[] }[] } } }).Properties
          .PolicyDocument.Statement,
    );
    const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
    expect(actions).toEqual(
      expect.arrayContaining([
        'events:PutEvents',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:DescribeStream',
        'sqs:SendMessage',
      ]),
    );
    expect(actions.filter((a) => a.startsWith('ses:') || a.startsWith('execute-api:') || a.startsWith('s3:'))).toEqual(
      [],
    );
    expect(publisher().fn).toBeDefined();
    const env = Stack.of(stacks.jobs).resolve(
      (publisher().fn.node.defaultChild as unknown as { environment: unknown }).environment,
    ) as { variables: Record<string, unknown> };
    expect(env.variables.EVENT_BUS_NAME).toBeDefined();
  });
});
