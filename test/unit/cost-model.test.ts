import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/cloud/paths.js';
import {
  countTemplates,
  fixedLines,
  invocationsPerMonth,
  type PriceTable,
  type Template,
  total,
  usageFor,
  usageLines,
} from '../../scripts/cost-model.js';

const prices = JSON.parse(readFileSync(join(REPO_ROOT, 'scripts', 'aws-prices.json'), 'utf8')) as PriceTable;

const mathAlarm = (metrics: number) => ({
  Type: 'AWS::CloudWatch::Alarm',
  Properties: {
    Metrics: [
      { Expression: 'm0 + m1', Id: 'expr' },
      ...Array.from({ length: metrics }, (_, i) => ({ Id: `m${i}`, MetricStat: { Stat: 'Sum' } })),
    ],
  },
});

const parent: Template = {
  Resources: {
    Errors: { Type: 'AWS::CloudWatch::Alarm', Properties: {} },
    Functions1: mathAlarm(10),
    Functions2: mathAlarm(3),
    Origin: { Type: 'AWS::SecretsManager::Secret', Properties: {} },
    Key: { Type: 'AWS::KMS::Key', Properties: {} },
    Fn: { Type: 'AWS::Lambda::Function', Properties: {} },
    Logs: { Type: 'AWS::Logs::LogGroup', Properties: {} },
    Every5: { Type: 'AWS::Events::Rule', Properties: { ScheduleExpression: 'rate(5 minutes)', Targets: [{}] } },
    OnEvent: { Type: 'AWS::Events::Rule', Properties: { Targets: [{}, {}] } },
  },
};
const nested: Template = {
  Resources: {
    Cdn: { Type: 'AWS::CloudFront::Distribution', Properties: {} },
    Acl: { Type: 'AWS::WAFv2::WebACL', Properties: { Rules: [{}] } },
    Fn2: { Type: 'AWS::Lambda::Function', Properties: {} },
  },
};

describe('cost model', () => {
  it('counts what costs money across templates: alarm metrics (each metric of a math alarm), secrets, keys, functions', () => {
    expect(countTemplates([parent, nested, {}])).toEqual({
      alarms: 3,
      alarmMetrics: 1 + 10 + 3,
      secrets: 1,
      kmsKeys: 1,
      functions: 2,
      logGroups: 1,
      distributions: 1,
      webAcls: 1,
      wafRules: 1,
      scheduledInvocations: 8640,
    });
  });

  it('turns schedule expressions into invocations per month', () => {
    expect(invocationsPerMonth('rate(5 minutes)')).toBe(8640);
    expect(invocationsPerMonth('rate(1 hour)')).toBe(720);
    expect(invocationsPerMonth('rate(2 days)')).toBe(15);
    expect(invocationsPerMonth('cron(0 8 * * ? *)')).toBe(30);
  });

  it('prices the fixed costs from the table: $0.10 per alarm metric, $0.40 per secret (+ the payments secret), $1 per key', () => {
    const lines = fixedLines(countTemplates([parent, nested]), prices);
    const cost = (start: string) => lines.find((l) => l.item.startsWith(start))!.cost;
    expect(cost('CloudWatch alarms')).toBeCloseTo(14 * 0.1);
    expect(cost('Secrets Manager')).toBeCloseTo(2 * 0.4);
    expect(cost('KMS keys')).toBeCloseTo(1);
    expect(cost('WAF')).toBeCloseTo(5 + 1);
    // The always-free tier takes 10 alarm metrics off.
    expect(lines.find((l) => l.item.startsWith('CloudWatch alarms'))!.alwaysFree).toBeCloseTo(1);
  });

  it('grows usage with the business size and never takes more off than an item costs', () => {
    const counts = countTemplates([parent]);
    const [small, large] = [usageFor(50), usageFor(5000)];
    expect(large.apiRequests).toBeGreaterThan(small.apiRequests * 50);
    const lines = usageLines(counts, large, prices);
    for (const l of lines) expect(l.alwaysFree + l.newAccountFree, l.item).toBeLessThanOrEqual(l.cost + 1e-9);
    expect(total(lines)).toBeGreaterThan(total(usageLines(counts, small, prices)));
    expect(total(lines, 'newAccount')).toBeLessThanOrEqual(total(lines, 'always'));
    // 5,000 clients are within Cognito's 10,000 free monthly active users.
    const cognito = lines.find((l) => l.item.startsWith('Cognito'))!;
    expect(cognito.cost - cognito.alwaysFree).toBeCloseTo(0);
  });

  it('names its price table: region and date', () => {
    expect(prices.region).toBe('us-east-1');
    expect(prices.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
