import { NestedStack, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { METRICS_PER_ALARM } from '../../infra/cloud/alarms.js';
import type { CloudStacks } from '../../infra/cloud/app.js';
import { configurationSetName } from '../../infra/cloud/email-stack.js';
import { isBackground } from '../../infra/cloud/handlers.js';
import { ASYNC_MAX_EVENT_AGE, ASYNC_RETRY_ATTEMPTS } from '../../infra/cloud/jobs-stack.js';
import { streams } from '../../shared/routes.js';
import { fakeWebDist, synthCloudApp } from './cloud-app.js';

type Resource = { Type: string; Properties: Record<string, any> };

let stacks: CloudStacks;
let config: ReturnType<typeof synthCloudApp>['config'];
const cache = new Map<Stack, Template>();
const t = (s: Stack) => {
  const hit = cache.get(s) ?? Template.fromStack(s);
  cache.set(s, hit);
  return hit;
};
const resources = (s: Stack, type: string) => Object.entries(t(s).findResources(type)) as [string, Resource][];
const withNested = (s: Stack): Stack[] => [
  s,
  ...s.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack && c.nestedStackParent === s),
];

beforeAll(() => {
  const synth = synthCloudApp({ webDist: fakeWebDist(), context: { businessEmail: 'owner@biz.example.com' } });
  stacks = synth.stacks;
  config = synth.config;
});

/** How `topic` is referenced from stack `s`. */
const topicRef = (s: Stack) => JSON.stringify(Stack.of(s).resolve(stacks.ops.alarmTopic.topicArn));

describe('alarm topic', () => {
  it('is encrypted with a key CloudWatch may use, SSL-only, and e-mails the business address', () => {
    const tpl = t(stacks.ops);
    const [[keyId]] = resources(stacks.ops, 'AWS::KMS::Key');
    tpl.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] } });
    tpl.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'owner@biz.example.com' });
    tpl.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    tpl.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: Match.arrayWith(['kms:Decrypt']),
          }),
        ]),
      },
    });
  });
});

describe('background work is never lost silently', () => {
  it('gives every event and job handler an SQS on-failure destination with 2 retries', () => {
    const [[queueId, queue]] = resources(stacks.jobs, 'AWS::SQS::Queue').filter(([id]) =>
      id.startsWith('FailedInvocations'),
    );
    expect(queue.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    t(stacks.jobs).hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    const configs = resources(stacks.jobs, 'AWS::Lambda::EventInvokeConfig').map(([, c]) => c.Properties);
    const background = stacks.registry.plans.filter(isBackground);
    expect(background.length).toBeGreaterThan(10);
    expect(configs).toHaveLength(background.length);
    for (const p of background) {
      const fn = stacks.registry.get(p.handler).fn;
      const c = configs.find(
        (x) => JSON.stringify(x.FunctionName) === JSON.stringify(stacks.jobs.resolve(fn.functionName)),
      );
      expect(c, p.handler).toBeDefined();
      expect(c?.MaximumRetryAttempts).toBe(ASYNC_RETRY_ATTEMPTS);
      expect(c?.MaximumEventAgeInSeconds).toBe(ASYNC_MAX_EVENT_AGE.toSeconds());
      expect(c?.DestinationConfig.OnFailure.Destination).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    }
  });

  it('alarms when any queue (on-failure, EventBridge DLQ, table stream failures) holds a message', () => {
    const queues = resources(stacks.jobs, 'AWS::SQS::Queue').map(([id]) => id);
    // The on-failure queue, the EventBridge DLQ and one failure queue per table stream consumer.
    expect(queues).toHaveLength(2 + Object.keys(streams).length);
    const alarms = resources(stacks.jobs, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    for (const q of queues) {
      const a = alarms.find(
        (x) => x.MetricName === 'ApproximateNumberOfMessagesVisible' && JSON.stringify(x.Dimensions).includes(q),
      );
      expect(a, q).toBeDefined();
      expect(a?.Namespace).toBe('AWS/SQS');
      expect(a?.Threshold).toBe(1);
      expect(a?.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
      expect(JSON.stringify(a?.AlarmActions)).toBe(`[${topicRef(stacks.jobs)}]`);
    }
  });
});

describe('alarms', () => {
  it('alarms on errors of the custom resource framework function that runs the content seeding', () => {
    const framework = stacks.jobs.node.findAll().find((c) => c.node.id === 'framework-onEvent');
    expect(framework).toBeDefined();
    const ref = JSON.stringify(
      Stack.of(stacks.jobs).resolve((framework as unknown as { functionName: string }).functionName),
    );
    const alarms = withNested(stacks.jobs).flatMap((s) =>
      resources(s, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties),
    );
    const a = alarms.find(
      (x) => x.MetricName === 'Errors' && x.Namespace === 'AWS/Lambda' && JSON.stringify(x.Dimensions).includes(ref),
    );
    expect(a).toBeDefined();
    expect(a?.Threshold).toBe(1);
    expect(a?.AlarmActions).toHaveLength(1);
  });

  it('sums errors and throttles of every function (at most 10 per alarm) and notifies the topic', () => {
    const covered = new Map<string, Set<string>>([
      ['Errors', new Set()],
      ['Throttles', new Set()],
    ]);
    for (const k of ['realtime', 'jobs', 'api'] as const) {
      for (const s of withNested(stacks[k])) {
        for (const [, a] of resources(s, 'AWS::CloudWatch::Alarm')) {
          const metrics = (a.Properties.Metrics ?? []) as {
            MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions: { Value: unknown }[] } };
          }[];
          const stats = metrics.filter((m) => m.MetricStat?.Metric.Namespace === 'AWS/Lambda');
          if (!stats.length) continue;
          expect(stats.length).toBeLessThanOrEqual(METRICS_PER_ALARM);
          expect(a.Properties.AlarmActions).toHaveLength(1);
          for (const m of stats) {
            const name = m.MetricStat!.Metric.MetricName;
            covered.get(name)?.add(JSON.stringify(m.MetricStat!.Metric.Dimensions[0].Value));
          }
        }
      }
    }
    for (const p of stacks.registry.plans) {
      const fn = stacks.registry.get(p.handler).fn;
      const ref = JSON.stringify(Stack.of(fn).resolve(fn.functionName));
      expect(covered.get('Errors')?.has(ref), `${p.handler} errors`).toBe(true);
      expect(covered.get('Throttles')?.has(ref), `${p.handler} throttles`).toBe(true);
    }
  });

  it('alarms on server errors (5xx) of the HTTP API', () => {
    const [[, a]] = resources(stacks.api, 'AWS::CloudWatch::Alarm').filter(
      ([, x]) => x.Properties.MetricName === '5xx',
    );
    expect(a.Properties.Namespace).toBe('AWS/ApiGateway');
    expect(a.Properties.Dimensions).toEqual([{ Name: 'ApiId', Value: stacks.api.resolve(stacks.api.api.apiId) }]);
    expect(JSON.stringify(a.Properties.AlarmActions)).toBe(`[${topicRef(stacks.api)}]`);
  });

  it('alarms on SES bounces and complaints, counted by the configuration set every identity sends with', () => {
    const name = configurationSetName(config);
    t(stacks.email).hasResourceProperties('AWS::SES::ConfigurationSet', { Name: name });
    t(stacks.email).hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: Match.anyValue(),
      EventDestination: Match.objectLike({
        MatchingEventTypes: Match.arrayWith(['bounce', 'complaint']),
        CloudWatchDestination: {
          DimensionConfigurations: [
            { DimensionName: 'ses:configuration-set', DimensionValueSource: 'messageTag', DefaultDimensionValue: name },
          ],
        },
      }),
    });
    for (const [, identity] of resources(stacks.email, 'AWS::SES::EmailIdentity')) {
      expect(identity.Properties.ConfigurationSetAttributes).toBeDefined();
    }
    const alarms = resources(stacks.ops, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    for (const metric of ['Bounce', 'Complaint']) {
      const a = alarms.find((x) => x.MetricName === metric);
      expect(a, metric).toBeDefined();
      expect(a?.Namespace).toBe('AWS/SES');
      expect(a?.Dimensions).toEqual([{ Name: 'ses:configuration-set', Value: name }]);
      expect(a?.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmTopic/) }]);
    }
  });
});
