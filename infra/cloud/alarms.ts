import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { AppFunction } from './app-function.js';
import type { CloudConfig } from './config.js';
import { configurationSetName, SES_ALARM_EVENTS, SES_METRIC_DIMENSION } from './email-stack.js';

/** CloudWatch allows at most 10 metrics in one alarm's metric math. */
export const METRICS_PER_ALARM = 10;

/** Evaluation period of every alarm. */
const PERIOD = Duration.minutes(5);

export interface OpsStackProps extends StackProps {
  config: CloudConfig;
}

/**
 * Where alarms go: one SNS topic, encrypted with a customer managed key that CloudWatch may use (it
 * cannot publish to a topic under the AWS managed `alias/aws/sns` key), SSL-only, with an e-mail
 * subscription to the business address (confirmed by clicking the link AWS sends). Also the SES
 * bounce/complaint alarms, which need nothing but the configuration set's name. Deployed first, so
 * every other stack can alarm to it.
 */
export class OpsStack extends Stack {
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: OpsStackProps) {
    super(scope, id, props);
    const key = new Key(this, 'AlarmTopicKey', {
      description: 'Encrypts the alarm topic; CloudWatch alarms may use it to publish',
      enableKeyRotation: true,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.alarmTopic = new Topic(this, 'AlarmTopic', {
      displayName: 'Pawsitive Portal alarms',
      masterKey: key,
      enforceSSL: true,
    });
    this.alarmTopic.addSubscription(new EmailSubscription(props.config.businessEmail));

    // SES: any bounce or complaint of the app's mail (configuration set metrics, infra/cloud/email-stack.ts).
    for (const event of SES_ALARM_EVENTS) {
      const metric = new Metric({
        namespace: 'AWS/SES',
        metricName: event,
        dimensionsMap: { [SES_METRIC_DIMENSION]: configurationSetName(props.config) },
        statistic: 'Sum',
        period: Duration.hours(1),
      });
      alarm(this, `Ses${event}`, metric, this.alarmTopic, `An e-mail sent by the app got a ${event.toLowerCase()}`);
    }
  }
}

function alarm(scope: Construct, id: string, metric: IMetric, topic: ITopic, description: string) {
  const a = new Alarm(scope, id, {
    metric,
    alarmDescription: description,
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  a.addAlarmAction(new SnsAction(topic));
  return a;
}

/**
 * Errors and throttles of functions, as sums over groups of at most 10 (one pair of alarms per group,
 * not per function). Called for every group of functions a stack creates, so a new handler is covered
 * without anyone remembering to add it.
 */
export function addFunctionAlarms(scope: Construct, fns: AppFunction[], topic: ITopic) {
  if (fns.length === 0) return;
  const root = new Construct(scope, 'FunctionAlarms');
  for (let i = 0; i < fns.length; i += METRICS_PER_ALARM) {
    const group = fns.slice(i, i + METRICS_PER_ALARM);
    const n = i / METRICS_PER_ALARM + 1;
    for (const kind of ['Errors', 'Throttles'] as const) {
      const usingMetrics: Record<string, IMetric> = {};
      group.forEach((f, j) => {
        usingMetrics[`m${j}`] = (kind === 'Errors' ? f.fn.metricErrors : f.fn.metricThrottles).call(f.fn, {
          statistic: 'Sum',
          period: PERIOD,
        });
      });
      const sum = new MathExpression({
        expression: Object.keys(usingMetrics).join(' + '),
        usingMetrics,
        period: PERIOD,
        label: `${kind} of ${group.length} functions`,
      });
      alarm(
        root,
        `${kind}${n}`,
        sum,
        topic,
        `${kind} in ${group.map((f) => f.handlerModule).join(', ')}`.slice(0, 1024),
      );
    }
  }
}

/**
 * Errors of a function the app does not build itself (the CDK custom resource framework's, which
 * reports a failed seeding to CloudFormation): a deploy that fails there is seen like a handler error.
 */
export function addFrameworkFunctionAlarm(scope: Construct, id: string, fn: IFunction, topic: ITopic, what: string) {
  return alarm(scope, id, fn.metricErrors({ statistic: 'Sum', period: PERIOD }), topic, `Errors in ${what}`);
}

/** Messages waiting in a dead-letter or on-failure queue: some background work did not happen. */
export function addQueueDepthAlarm(scope: Construct, id: string, queue: IQueue, topic: ITopic, what: string) {
  return alarm(
    scope,
    id,
    queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: PERIOD }),
    topic,
    `${what}: messages are waiting in the queue (inspect, fix, then redrive or delete them)`,
  );
}

/** Server errors (5xx) of the HTTP API. */
export function addHttpApiAlarms(scope: Construct, api: IHttpApi, topic: ITopic) {
  return alarm(
    scope,
    'Api5xxAlarm',
    api.metricServerError({ statistic: 'Sum', period: PERIOD }),
    topic,
    'The HTTP API answered with a server error (5xx)',
  );
}
