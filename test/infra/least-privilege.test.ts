import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CloudStacks } from '../../infra/cloud/app.js';
import { MEDIA_ACTIONS, SCHEDULER_ACTIONS, TABLE_ACTIONS, USER_ACTIONS } from '../../infra/cloud/capabilities.js';
import { type HandlerPlan, isBackground } from '../../infra/cloud/handlers.js';
import type { Needs } from '../../shared/routes.js';
import { fakeWebDist, synthCloudApp } from './cloud-app.js';

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

let stacks: CloudStacks;
const templates = new Map<Stack, Template>();
const template = (s: Stack) => {
  let t = templates.get(s);
  if (!t) {
    t = Template.fromStack(s);
    templates.set(s, t);
  }
  return t;
};

beforeAll(() => {
  stacks = synthCloudApp({ webDist: fakeWebDist() }).stacks;
});

/** Every Allow statement of the IAM policies attached to a handler's role, in the role's (nested) stack. */
function statementsOf(handler: string): Statement[] {
  const fn = stacks.registry.get(handler);
  const stack = Stack.of(fn);
  const roleRef = JSON.stringify(stack.resolve(fn.role.roleName));
  const policies = Object.values(template(stack).findResources('AWS::IAM::Policy')) as {
    Properties: { Roles: unknown; PolicyDocument: { Statement: Statement[] } };
  }[];
  return policies
    .filter((p) => JSON.stringify(p.Properties.Roles).includes(roleRef))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}

const actionsOf = (handler: string) => [...new Set(statementsOf(handler).flatMap((s) => [s.Action].flat()))].sort();

/** The actions a declaration stands for, written out independently of capabilities.ts's switch. */
function expectedActions(plan: HandlerPlan): string[] {
  const n: Needs = plan.needs;
  const actions = ['logs:CreateLogStream', 'logs:PutLogEvents'];
  if (n.table) actions.push(...TABLE_ACTIONS[n.table]);
  if (n.publish) actions.push('events:PutEvents');
  if (n.push) actions.push('execute-api:ManageConnections');
  if (n.email) actions.push('ses:SendEmail', 'ses:SendRawEmail');
  if (n.media) actions.push(...MEDIA_ACTIONS[n.media]);
  if (n.scheduler) actions.push(...SCHEDULER_ACTIONS, 'iam:PassRole');
  for (const u of n.users ?? []) actions.push(...USER_ACTIONS[u]);
  if (n.secrets) actions.push('secretsmanager:GetSecretValue');
  // The site bucket's page keys are granted by the web stack (like the CDN invalidation).
  if (n.site) actions.push('ssm:GetParameter');
  // The on-failure queue of event and job handlers (Lambda asynchronous invocation).
  if (isBackground(plan)) actions.push('sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl');
  // A table stream consumer reads the stream and sends what fails to its own queue (its event source mapping).
  if (plan.kinds.includes('stream')) {
    actions.push('dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams');
    actions.push('sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl');
  }
  return [...new Set(actions)].sort();
}

describe("each function's IAM policy equals its declaration (shared/routes.ts)", () => {
  it('covers every handler', () => {
    expect(stacks.registry.plans.length).toBeGreaterThan(80);
  });

  it('grants each function exactly the actions its needs stand for', () => {
    const mismatches = stacks.registry.plans
      .map((p) => ({ handler: p.handler, expected: expectedActions(p), actual: actionsOf(p.handler) }))
      .filter((x) => JSON.stringify(x.expected) !== JSON.stringify(x.actual));
    expect(mismatches).toEqual([]);
  });

  it('grants dynamodb:Scan, DescribeTable and wildcard actions to no function', () => {
    for (const p of stacks.registry.plans) {
      const actions = actionsOf(p.handler);
      expect(actions, p.handler).not.toContain('dynamodb:Scan');
      expect(actions, p.handler).not.toContain('dynamodb:DescribeTable');
      expect(
        actions.filter((a) => a.includes('*')),
        p.handler,
      ).toEqual([]);
    }
  });

  it('lists contact submissions with table reads only (no users, e-mail, media, scheduler, writes)', () => {
    expect(actionsOf('http/contact/list-contact-submissions')).toEqual(
      [
        'dynamodb:BatchGetItem',
        'dynamodb:GetItem',
        'dynamodb:Query',
        'logs:CreateLogStream',
        'logs:PutLogEvents',
      ].sort(),
    );
  });

  it("lets only the payment handlers read the payment provider's secret, by its name", () => {
    const readers = stacks.registry.plans
      .filter((p) => actionsOf(p.handler).includes('secretsmanager:GetSecretValue'))
      .map((p) => p.handler);
    expect(readers).toEqual([
      'http/payments/cancel-my-payment',
      'http/payments/create-checkout',
      'http/payments/get-payments-setup',
      'http/payments/payment-webhook',
    ]);
    const grant = statementsOf('http/payments/payment-webhook').find((s) =>
      [s.Action].flat().includes('secretsmanager:GetSecretValue'),
    );
    expect(JSON.stringify(grant?.Resource)).toContain(':secret:Pawsitive/payments-??????');
  });

  it('scopes each grant to its one resource: the table and its named indexes, the pool, the schedule group', () => {
    const tableStatement = statementsOf('http/content/list-public-content').find((s) =>
      [s.Action].flat().includes('dynamodb:Query'),
    );
    expect(JSON.stringify(tableStatement?.Resource)).toContain('/index/');
    expect(JSON.stringify(tableStatement?.Resource)).not.toContain('index/*');
    const passRole = statementsOf('http/messages/compose-message').find((s) =>
      [s.Action].flat().includes('iam:PassRole'),
    );
    expect(passRole?.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
  });

  it('gives a function the environment of what it may use, and nothing else', () => {
    const env = (handler: string) => {
      const fn = stacks.registry.get(handler);
      const stack = Stack.of(fn);
      const id = stack.getLogicalId(fn.fn.node.defaultChild as never);
      return Object.keys(template(stack).toJSON().Resources[id].Properties.Environment.Variables);
    };
    expect(env('http/messages/compose-message')).toContain('EVENT_BUS_NAME');
    // A session write's follow-ups go through the outbox: no bus, no scheduler for its handler.
    expect(env('http/sessions/create-session')).not.toContain('EVENT_BUS_NAME');
    expect(env('http/sessions/create-session')).not.toContain('SCHEDULER_ROLE_ARN');
    expect(env('events/sync-session-reminder')).toContain('SCHEDULER_ROLE_ARN');
    // The contact form's event goes through the outbox: the handler itself never publishes.
    expect(env('http/contact/submit-contact')).not.toContain('EVENT_BUS_NAME');
    expect(env('http/contact/submit-contact')).not.toContain('MEDIA_BUCKET');
    expect(env('http/dogs/create-photo-upload')).toContain('MEDIA_BUCKET');
    expect(env('http/dogs/create-photo-upload')).not.toContain('SCHEDULER_ROLE_ARN');
  });
});
