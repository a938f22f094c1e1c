/**
 * The monthly AWS bill, estimated from the synthesized templates (what the account holds) and a price table
 * (scripts/aws-prices.json: one region, one date). `npm run cost` prints it; test/unit/cost-model.test.ts
 * checks the counting and the arithmetic.
 */

/** The few properties the counting reads. */
interface Properties {
  Metrics?: { MetricStat?: unknown; [other: string]: unknown }[];
  Rules?: unknown[];
  ScheduleExpression?: string;
  Targets?: unknown[];
  [other: string]: unknown;
}
export type Template = { Resources?: Record<string, { Type: string; Properties?: Properties }> };

export interface PriceTable {
  region: string;
  date: string;
  source: string;
  prices: Record<string, number>;
  freeTier: { alwaysFree: Record<string, number>; first12Months: Record<string, number> };
}

/** What the templates hold that costs money by itself or sets a usage cost. */
export interface Counts {
  alarms: number;
  /** CloudWatch bills an alarm per metric it evaluates: a metric-math alarm over 10 functions is 10. */
  alarmMetrics: number;
  secrets: number;
  kmsKeys: number;
  functions: number;
  logGroups: number;
  distributions: number;
  webAcls: number;
  wafRules: number;
  /** Function invocations per month made by schedules (rate expressions), whatever the business does. */
  scheduledInvocations: number;
}

const MINUTES_PER_MONTH = 30 * 24 * 60;

/** Invocations per month of one schedule expression: `rate(5 minutes)` -> 8,640; a cron counts as daily. */
export function invocationsPerMonth(expression: string): number {
  const rate = /^rate\((\d+) (minute|hour|day)s?\)$/.exec(expression);
  if (!rate) return 30;
  const minutes = Number(rate[1]) * { minute: 1, hour: 60, day: 1440 }[rate[2] as 'minute' | 'hour' | 'day'];
  return Math.round(MINUTES_PER_MONTH / minutes);
}

export function countTemplates(templates: Template[]): Counts {
  const c: Counts = {
    alarms: 0,
    alarmMetrics: 0,
    secrets: 0,
    kmsKeys: 0,
    functions: 0,
    logGroups: 0,
    distributions: 0,
    webAcls: 0,
    wafRules: 0,
    scheduledInvocations: 0,
  };
  for (const tpl of templates) {
    for (const r of Object.values(tpl.Resources ?? {})) {
      const p = r.Properties ?? {};
      switch (r.Type) {
        case 'AWS::CloudWatch::Alarm':
          c.alarms++;
          c.alarmMetrics += p.Metrics ? p.Metrics.filter((m) => m.MetricStat).length : 1;
          break;
        case 'AWS::SecretsManager::Secret':
          c.secrets++;
          break;
        case 'AWS::KMS::Key':
          c.kmsKeys++;
          break;
        case 'AWS::Lambda::Function':
          c.functions++;
          break;
        case 'AWS::Logs::LogGroup':
          c.logGroups++;
          break;
        case 'AWS::CloudFront::Distribution':
          c.distributions++;
          break;
        case 'AWS::WAFv2::WebACL':
          c.webAcls++;
          c.wafRules += (p.Rules ?? []).length;
          break;
        case 'AWS::Events::Rule':
          if (p.ScheduleExpression)
            c.scheduledInvocations += invocationsPerMonth(p.ScheduleExpression) * (p.Targets ?? []).length;
          break;
      }
    }
  }
  return c;
}

/** A business size and the monthly usage it implies (the assumptions `npm run cost` prints). */
export interface Usage {
  clients: number;
  admins: number;
  pageViews: number;
  apiRequests: number;
  emails: number;
  tableGb: number;
  mediaGb: number;
  webSocketMinutes: number;
  webSocketMessages: number;
  cdnGb: number;
  cdnRequests: number;
}

export function usageFor(clients: number): Usage {
  const admins = clients <= 50 ? 1 : clients <= 500 ? 2 : 5;
  const pageViews = clients * 40;
  // Each client uses the portal about 4 times a month (25 API calls each), trainers about 3,000 calls each;
  // every public page view sends one analytics beacon.
  const apiRequests = clients * 100 + admins * 3000 + pageViews;
  return {
    clients,
    admins,
    pageViews,
    apiRequests,
    // Reminders, appointment and booking messages, receipts, notices: about 10 per client.
    emails: clients * 10,
    // About 2 MB of items per client (profile, dogs, sessions, messages, payments) plus the site's analytics.
    tableGb: 0.05 + clients * 0.002,
    // Dog and profile photos (WebP variants) about 3 MB per client, plus 0.5 GB of site images.
    mediaGb: 0.5 + clients * 0.003,
    // Clients keep the portal open about 30 minutes a month, a trainer about 40 hours.
    webSocketMinutes: clients * 30 + admins * 2400,
    webSocketMessages: clients * 20 + admins * 2000,
    // 300 KB per public page view, 1.5 MB per portal visit (the portal's bundle, photos).
    cdnGb: (pageViews * 0.3 + clients * 4 * 1.5) / 1024,
    cdnRequests: pageViews * 8 + apiRequests,
  };
}

/** Per request: Lambda at 512 MB for about 150 ms, 4 read and 1 write units, 1.5 KB of logs. */
const FN_GB_SECONDS = 0.5 * 0.15;
const READS_PER_REQUEST = 4;
const WRITES_PER_REQUEST = 1;
const LOG_KB_PER_INVOCATION = 1.5;

export interface Line {
  item: string;
  /** List price for the month. */
  cost: number;
  /** What the always-free tier takes off (every month). */
  alwaysFree: number;
  /** What the 12-month free tier of a new account takes off as well. */
  newAccountFree: number;
  why: string;
}

const line = (item: string, cost: number, why: string, alwaysFree = 0, newAccountFree = 0): Line => ({
  item,
  cost,
  alwaysFree: Math.min(cost, alwaysFree),
  newAccountFree: Math.min(cost - Math.min(cost, alwaysFree), newAccountFree),
  why,
});

/** Costs that do not depend on the business's size. */
export function fixedLines(c: Counts, t: PriceTable): Line[] {
  const p = t.prices;
  const free = t.freeTier.alwaysFree;
  const lines = [
    line(
      `CloudWatch alarms (${c.alarms} alarms, ${c.alarmMetrics} alarm metrics)`,
      c.alarmMetrics * p.alarmMetricMonth,
      'billed per metric an alarm evaluates; the function alarms sum 10 functions each',
      free.alarmMetrics * p.alarmMetricMonth,
    ),
    line(
      `Secrets Manager (${c.secrets} secrets in the templates + the payments secret)`,
      (c.secrets + 1) * p.secretMonth,
      'origin secret, cursor key, push key seed, and Pawsitive/payments made by the operator (README)',
    ),
    line(`KMS keys (${c.kmsKeys})`, c.kmsKeys * p.kmsKeyMonth, 'the alarm topic is encrypted with its own key'),
    line(
      `CloudFront distribution (${c.distributions})`,
      0,
      'no monthly fee on pay as you go; requests and transfer are usage',
    ),
    line(
      `Scheduled jobs (${c.scheduledInvocations.toLocaleString('en-US')} invocations)`,
      c.scheduledInvocations * (p.lambdaRequestsPerMillion / 1e6 + FN_GB_SECONDS * p.lambdaArmGbSecond),
      'rate(5 minutes) schedules run whatever the business does',
    ),
  ];
  if (c.webAcls > 0)
    lines.push(
      line(
        `WAF (${c.webAcls} web ACL, ${c.wafRules} rules)`,
        c.webAcls * p.wafWebAclMonth + c.wafRules * p.wafRuleMonth,
        'the optional per-IP rate limit (wafRateLimit)',
      ),
    );
  return lines;
}

/** Costs of one business size. */
export function usageLines(c: Counts, u: Usage, t: PriceTable): Line[] {
  const p = t.prices;
  const free = t.freeTier.alwaysFree;
  const year = t.freeTier.first12Months;
  // Every API request, two event handlers per e-mail (outbox, sender), one per socket connect and disconnect.
  const invocations = u.apiRequests + u.emails * 2 + u.webSocketMinutes / 15 + c.scheduledInvocations;
  const logsGb = (invocations * LOG_KB_PER_INVOCATION) / 1024 / 1024;
  return [
    line(
      `Lambda (${Math.round(invocations).toLocaleString('en-US')} invocations)`,
      (invocations / 1e6) * p.lambdaRequestsPerMillion + invocations * FN_GB_SECONDS * p.lambdaArmGbSecond,
      'arm64, 512 MB, about 150 ms each',
      (free.lambdaRequests / 1e6) * p.lambdaRequestsPerMillion + free.lambdaGbSeconds * p.lambdaArmGbSecond,
    ),
    line(
      `HTTP API (${u.apiRequests.toLocaleString('en-US')} requests)`,
      (u.apiRequests / 1e6) * p.httpApiRequestsPerMillion,
      'every portal call and analytics beacon',
      0,
      (year.httpApiRequests / 1e6) * p.httpApiRequestsPerMillion,
    ),
    line(
      `WebSocket API (${u.webSocketMinutes.toLocaleString('en-US')} connection minutes)`,
      (u.webSocketMinutes / 1e6) * p.webSocketConnectionMinutesPerMillion +
        (u.webSocketMessages / 1e6) * p.webSocketMessagesPerMillion,
      'live updates while the portal is open',
      0,
      (year.webSocketConnectionMinutes / 1e6) * p.webSocketConnectionMinutesPerMillion +
        (year.webSocketMessages / 1e6) * p.webSocketMessagesPerMillion,
    ),
    line(
      `DynamoDB (${u.tableGb.toFixed(2)} GB, on demand, point-in-time recovery)`,
      (u.apiRequests * READS_PER_REQUEST * p.dynamoReadRequestUnitsPerMillion) / 1e6 +
        ((u.apiRequests * WRITES_PER_REQUEST + u.emails * 3) * p.dynamoWriteRequestUnitsPerMillion) / 1e6 +
        u.tableGb * (p.dynamoStorageGbMonth + p.dynamoPitrGbMonth),
      'reads and writes per request, storage and continuous backups',
      Math.min(u.tableGb, free.dynamoStorageGb) * p.dynamoStorageGbMonth,
    ),
    line(
      `S3 media and site (${u.mediaGb.toFixed(1)} GB)`,
      u.mediaGb * p.s3StorageGbMonth + (u.clients * 5 * p.s3PutPer1000) / 1000 + (u.pageViews * p.s3GetPer1000) / 1000,
      'photos, certificates, site images and pages',
      0,
      Math.min(u.mediaGb, year.s3StorageGb) * p.s3StorageGbMonth,
    ),
    line(
      `CloudFront (${u.cdnGb.toFixed(1)} GB, ${u.cdnRequests.toLocaleString('en-US')} requests)`,
      u.cdnGb * p.cloudFrontDataOutGb +
        (u.cdnRequests / 1e4) * p.cloudFrontHttpsRequestsPer10k +
        (u.cdnRequests / 1e6) * p.cloudFrontFunctionInvocationsPerMillion,
      'transfer to visitors, HTTPS requests, the viewer-request functions',
      Math.min(u.cdnGb, free.cloudFrontDataOutGb) * p.cloudFrontDataOutGb +
        (Math.min(u.cdnRequests, free.cloudFrontRequests) / 1e4) * p.cloudFrontHttpsRequestsPer10k +
        (Math.min(u.cdnRequests, free.cloudFrontFunctionInvocations) / 1e6) * p.cloudFrontFunctionInvocationsPerMillion,
    ),
    line(
      `SES (${u.emails.toLocaleString('en-US')} e-mails)`,
      (u.emails / 1000) * p.sesEmailsPer1000,
      'reminders, messages, receipts',
      0,
      (Math.min(u.emails, year.sesEmails) / 1000) * p.sesEmailsPer1000,
    ),
    line(
      `CloudWatch Logs (${logsGb.toFixed(2)} GB, kept 30 days)`,
      logsGb * (p.logsIngestionGb + p.logsStorageGbMonth),
      `${c.logGroups} log groups; about 1.5 KB per invocation`,
      Math.min(logsGb, free.logsGb) * (p.logsIngestionGb + p.logsStorageGbMonth),
    ),
    line(
      `EventBridge (${(u.emails * 2).toLocaleString('en-US')} events)`,
      ((u.emails * 2) / 1e6) * p.eventBridgeCustomEventsPerMillion,
      'domain events on the app bus',
    ),
    line(
      `Cognito (${u.clients + u.admins} monthly active users)`,
      (u.clients + u.admins) * p.cognitoEssentialsMau,
      'Essentials tier',
      Math.min(u.clients + u.admins, free.cognitoEssentialsMau) * p.cognitoEssentialsMau,
    ),
  ];
}

export const total = (lines: Line[], free: 'none' | 'always' | 'newAccount' = 'none') =>
  lines.reduce(
    (sum, l) => sum + l.cost - (free === 'none' ? 0 : l.alwaysFree) - (free === 'newAccount' ? l.newAccountFree : 0),
    0,
  );
