/**
 * A Lambda handler's startup as a cold start pays it: in a fresh Node process with a deployed
 * function's environment, the module load (`await import()` of the built bundle) and its first
 * invocation with a sample event, against a local stand-in that answers every AWS call (DynamoDB's JSON
 * API with empty results, any other service with an empty success). Used by the bench (bench/run.ts,
 * `BENCH_ONLY=lambdas`) to time every handler, and by test/infra/bundle-size.test.ts to run every built
 * bundle once. Everything stays on 127.0.0.1: every SDK client and adapter endpoint points at the stand-in.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { marshall } from '@aws-sdk/util-dynamodb';
import { events, type RouteDef, realtime, routes, schedules, streams } from '../shared/routes.js';

/** The origin secret the sample HTTP events carry (the edge's header, functions/lib/viewer.ts). */
const ORIGIN_SECRET = 'startup-origin-secret';
const ID = '3f1c2d4e-0000-4000-8000-00000000abcd';

/**
 * Dummy values for every variable the CDK sets on a function (infra/cloud/app-function.ts and
 * handler-plans.ts), so a module that reads its environment while loading finds it as in Lambda.
 */
export const LAMBDA_ENV: Record<string, string> = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'startup',
  AWS_SECRET_ACCESS_KEY: 'startup',
  AWS_SESSION_TOKEN: 'startup-session',
  AWS_LAMBDA_FUNCTION_NAME: 'startup',
  TABLE_NAME: 'startup-table',
  LOG_LEVEL: 'WARN',
  POWERTOOLS_SERVICE_NAME: 'pawsitive-portal',
  POWERTOOLS_LOG_LEVEL: 'WARN',
  COGNITO_USER_POOL_ID: 'us-east-1_startup',
  COGNITO_CLIENT_ID: 'startup-client',
  BUSINESS_EMAIL: 'owner@example.com',
  FROM_EMAIL: 'owner@example.com',
  EVENT_BUS_NAME: 'startup-bus',
  EVENT_BUS_ARN: 'arn:aws:events:us-east-1:111111111111:event-bus/startup-bus',
  MEDIA_BUCKET: 'startup-media',
  SCHEDULE_GROUP_NAME: 'startup-group',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::111111111111:role/startup-scheduler',
  ORIGIN_VERIFY_SECRET: ORIGIN_SECRET,
  SITE_URL: 'https://example.com',
  STRIPE_SECRET_ID: 'startup/payments',
};

/** The variables that send every AWS call of a function to the stand-in at `endpoint`. */
const standInEnv = (endpoint: string): Record<string, string> => ({
  // The SDK's own endpoint overrides (every client, and each service by name, which the code before the
  // SDK clients came back read for its signed calls), and the adapters' explicit ones (S3 path-style).
  AWS_ENDPOINT_URL: endpoint,
  ...Object.fromEntries(
    ['DYNAMODB', 'COGNITO_IDENTITY_PROVIDER', 'EVENTBRIDGE', 'SCHEDULER', 'S3', 'SESV2', 'CLOUDFRONT'].map((s) => [
      `AWS_ENDPOINT_URL_${s}`,
      endpoint,
    ]),
  ),
  DYNAMODB_ENDPOINT: endpoint,
  S3_ENDPOINT: endpoint,
  WS_MANAGEMENT_ENDPOINT: `${endpoint}/live`,
});

const context = (handler: string) => ({
  functionName: handler.replaceAll('/', '-'),
  functionVersion: '$LATEST',
  invokedFunctionArn: `arn:aws:lambda:us-east-1:111111111111:function:${handler.replaceAll('/', '-')}`,
  memoryLimitInMB: '512',
  awsRequestId: ID,
  logGroupName: `/aws/lambda/${handler}`,
  logStreamName: 'startup',
  callbackWaitsForEmptyEventLoop: true,
});

/** Claims of the API's JWT authorizer for a route's access (a signed-in admin or client). */
const claimsFor = (access: RouteDef['access']) =>
  access === 'public'
    ? {}
    : {
        token_use: 'id',
        sub: ID,
        email: 'startup@example.com',
        'cognito:groups': access === 'admin' ? '[admin]' : '[client]',
      };

/** The API Gateway v2 event of `route` as it arrives through the edge, each path parameter an id. */
function httpEvent(route: RouteDef) {
  const rawPath = route.path.replace(/\{\w+\}/g, ID);
  const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], ID]));
  const routeKey = `${route.method} ${route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'x-origin-verify': ORIGIN_SECRET, 'x-viewer-ip': '192.0.2.1' },
    ...(Object.keys(params).length ? { pathParameters: params } : {}),
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { body: '{}' } : {}),
    isBase64Encoded: false,
    requestContext: {
      accountId: '111111111111',
      apiId: 'startup',
      domainName: 'example.com',
      domainPrefix: 'example',
      http: { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '192.0.2.1', userAgent: 'startup' },
      requestId: ID,
      routeKey,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: claimsFor(route.access), scopes: [] } },
    },
  };
}

/** A detail of each event the bus carries (the shapes the publishers write). */
const now = () => new Date().toISOString();
const eventDetails = (): Record<keyof typeof events, object> => ({
  ContactSubmitted: {
    submission: {
      id: ID,
      firstName: 'S',
      lastName: 'C',
      email: 'startup@example.com',
      dogName: 'N',
      dogBreed: 'M',
      dogSex: 'male',
      dogBirthDate: '2020-01-01',
      phone: '1',
      program: 'other',
      message: 'x',
      status: 'new',
      convertedToClient: false,
      createdAt: now(),
    },
  },
  InvitationCreated: { email: 'startup@example.com', firstName: 'Startup', link: 'https://example.com/signup?token=x' },
  ClientAccessRevoked: { profileId: ID, connectionIds: [] },
  ContactSubmissionsChanged: { ids: [ID] },
  MessageDelivered: { messageId: ID, recipientId: ID, siteUrl: 'https://example.com' },
  MessageDue: { messageId: ID, deliverAt: now(), siteUrl: 'https://example.com' },
  ConversationChanged: {
    threadId: ID,
    clientId: ID,
    kind: 'posted',
    by: 'client',
    postId: ID,
    postAt: now(),
    siteUrl: 'https://example.com',
  },
  MessageRead: { messageId: ID, recipientId: ID, readAt: now(), unreadCount: 0 },
  MessagesChanged: {},
  SessionsChanged: { sessionId: ID, clientId: ID },
  SessionWritten: {
    sessionId: ID,
    kind: 'scheduled',
    siteUrl: 'https://example.com',
    appointment: {
      messageId: ID,
      senderId: ID,
      clientId: ID,
      dogId: ID,
      sessionType: 'training',
      scheduledAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      durationMinutes: 60,
    },
  },
  SessionReminderDue: { sessionId: ID, scheduledAt: now(), siteUrl: 'https://example.com' },
  PublicPathsChanged: { paths: [] },
  ReferralSent: { referralId: ID, siteUrl: 'https://example.com' },
  // A section no public page shows: the run needs no site bucket (the module load is what is measured).
  WebsiteContentChanged: { section: 'footer' },
  PaymentPaid: { paymentId: ID, profileId: ID },
  VaccinationReminderDue: { recordId: ID, expiresOn: '2030-01-31', days: 7, siteUrl: 'https://example.com' },
  VaccinationRequirementsChanged: { requiredVaccines: ['rabies'] },
  BookingsChanged: { bookingId: ID, clientId: ID, status: 'pending' },
  BookingDeclined: { bookingId: ID, messageId: ID, senderId: ID, siteUrl: 'https://example.com' },
  ClassSeatOffered: { enrolmentId: ID, offerExpiresAt: now(), messageId: ID, siteUrl: 'https://example.com' },
  ClassOfferExpired: { enrolmentId: ID, offerExpiresAt: now(), siteUrl: 'https://example.com' },
  ClassMeetingCancelled: { classId: ID, meetingId: ID, siteUrl: 'https://example.com' },
  ClassMeetingMoved: { classId: ID, meetingId: ID, from: now(), startsAt: now(), siteUrl: 'https://example.com' },
});

/** The event a handler's first invocation gets: its route's, event's, schedule's, stream's or socket's. */
export function sampleEvent(handler: string): object {
  const route = (routes as readonly RouteDef[]).find((r) => r.handler === handler);
  if (route) return httpEvent(route);
  const details = eventDetails();
  const name = (Object.keys(events) as (keyof typeof events)[]).find((e) =>
    (events[e] as readonly string[]).includes(handler),
  );
  if (name) return { version: '0', id: randomUUID(), 'detail-type': name, source: 'startup', detail: details[name] };
  if (schedules.some((s) => s.handler === handler)) return { 'detail-type': 'Scheduled Event', source: 'aws.events' };
  if (Object.values(streams).some((s) => s.handler === handler)) {
    // One outbox insert: the publisher sends it to the bus.
    const item = { pk: `$pawsitive#id_${ID}`, sk: '$outbox_1', __edb_e__: 'outbox', id: ID };
    const detail = JSON.stringify(details.MessagesChanged);
    return {
      Records: [
        {
          eventID: '1',
          eventName: 'INSERT',
          eventSource: 'aws:dynamodb',
          dynamodb: {
            SequenceNumber: '1',
            Keys: marshall({ pk: item.pk, sk: item.sk }),
            NewImage: marshall({ ...item, detailType: 'MessagesChanged', detail }),
            StreamViewType: 'NEW_IMAGE',
          },
        },
      ],
    };
  }
  if (Object.values(realtime).includes(handler as never)) {
    // A socket event without a token ($connect refuses it before any key is fetched) or a known connection.
    return { requestContext: { connectionId: 'startup-connection', routeKey: handler, eventType: 'CONNECT' } };
  }
  if (handler === 'custom/seed-content') {
    return { RequestType: 'Delete', ResourceProperties: {}, StackId: 'startup', RequestId: ID, LogicalResourceId: 'x' };
  }
  throw new Error(`No sample event for ${handler}`);
}

/** What the stand-in was asked: the operation (x-amz-target) or the method and path of each call. */
export interface AwsStandIn {
  endpoint: string;
  calls: string[];
  close(): Promise<void>;
}

/**
 * A local stand-in for every AWS API a function calls: DynamoDB's JSON API answers an empty result,
 * any other JSON-protocol operation `{}`, and a REST call an empty 200.
 */
export async function startAwsStandIn(): Promise<AwsStandIn> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    const target = req.headers['x-amz-target'];
    calls.push(typeof target === 'string' ? target : `${req.method} ${req.url?.split('?')[0]}`);
    req.resume();
    req.on('end', () => {
      if (typeof target !== 'string') return void res.writeHead(200, { 'content-length': '0' }).end();
      const dynamo = target.startsWith('DynamoDB_');
      res.writeHead(200, { 'content-type': `application/x-amz-json-${dynamo ? '1.0' : '1.1'}` });
      res.end(JSON.stringify(dynamo ? { Count: 0, ScannedCount: 0, Items: [] } : {}));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface Startup {
  /** `await import()` of the bundle, ms. */
  loadMs: number;
  /** The first invocation, ms. */
  invokeMs: number;
  /** CPU time (user and system, every thread of the process) of the load, ms: less sensitive to a busy machine. */
  loadCpuMs: number;
  /** CPU time of the first invocation, ms. */
  invokeCpuMs: number;
  /** What the handler answered (undefined if it threw). */
  result?: unknown;
  /** The name and message of what it threw, if it did. */
  error?: string;
}

/**
 * Loads the built bundle `file` of `handler` in a fresh Node process with a deployed function's
 * environment (and `--enable-source-maps` if asked, as NODE_OPTIONS would set it), then invokes it once
 * with its sample event, every AWS call going to `standIn`. The times are taken inside the process, so
 * Node's own start is not counted (Lambda's runtime is up before the init phase too).
 */
export async function startBundle(
  file: string,
  handler: string,
  standIn: AwsStandIn,
  opts: { sourceMaps?: boolean } = {},
): Promise<Startup> {
  const script = `const c0 = process.cpuUsage();
    const t0 = performance.now();
    const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)});
    const t1 = performance.now();
    const c1 = process.cpuUsage();
    let result, error;
    try {
      result = await handler(${JSON.stringify(sampleEvent(handler))}, { ...${JSON.stringify(context(handler))}, getRemainingTimeInMillis: () => 9000 });
    } catch (e) {
      error = String(e?.name) + ': ' + String(e?.message);
    }
    const t2 = performance.now();
    const c2 = process.cpuUsage();
    const cpu = (a, b) => (b.user + b.system - a.user - a.system) / 1000;
    const times = { loadMs: t1 - t0, invokeMs: t2 - t1, loadCpuMs: cpu(c0, c1), invokeCpuMs: cpu(c1, c2) };
    process.stdout.write('\\nSTARTUP ' + JSON.stringify({ ...times, result, error }) + '\\n');`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      PATH: process.env.PATH ?? '',
      ...LAMBDA_ENV,
      ...standInEnv(standIn.endpoint),
      ...(opts.sourceMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
    },
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = stdout.split('\n').find((l) => l.startsWith('STARTUP ')) ?? '';
  if (!line) throw new Error(`${handler}: no startup line in ${stdout.slice(0, 500)}`);
  return JSON.parse(line.slice('STARTUP '.length)) as Startup;
}
