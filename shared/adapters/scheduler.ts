import { randomUUID } from 'node:crypto';
import { optionalUrl, readEnv } from '../config/env.js';
import { EVENT_SOURCE, type EventName } from '../routes.js';
import * as z from '../zod.js';
import { type AwsService, awsCall, jsonErrorCode, regionalEndpoint } from './aws-call.js';
import { DEDUPE_ID } from './dedupe.js';

/**
 * One-off schedules: "publish event `event` with `detail` at `at`". In the cloud each is an
 * EventBridge Scheduler `at()` schedule in the app's group whose target is the app's bus (the same
 * rules then invoke the same handlers as any event), deleted by the scheduler after it runs. Locally
 * the runtime installs a transport (infra/local/one-off-queue.ts): a persisted timer queue that
 * publishes to the local bus. Handlers of scheduled events must be idempotent: a schedule can fire
 * after the thing it was for changed or went away.
 */
export interface OneOffSchedule {
  /** Unique per thing scheduled (e.g. `message-<id>`); scheduling the same name again moves it. */
  name: string;
  /** UTC instant (ISO 8601). */
  at: string;
  event: EventName;
  detail: unknown;
}

export interface ScheduleTransport {
  schedule(s: OneOffSchedule): Promise<void>;
  cancel(name: string): Promise<void>;
}

let transport: ScheduleTransport | undefined;

export function setScheduleTransport(t: ScheduleTransport | undefined) {
  transport = t;
}

function cloud() {
  const env = readEnv({
    AWS_REGION: z._default(z.string(), 'us-east-1'),
    SCHEDULE_GROUP_NAME: z.string().check(z.minLength(1)),
    SCHEDULER_ROLE_ARN: z.string().check(z.minLength(1)),
    EVENT_BUS_ARN: z.string().check(z.minLength(1)),
    // The SDK's variable for a Scheduler endpoint override (the tests' stand-in).
    AWS_ENDPOINT_URL_SCHEDULER: optionalUrl,
  });
  const service: AwsService = {
    signingName: 'scheduler',
    region: env.AWS_REGION,
    endpoint: env.AWS_ENDPOINT_URL_SCHEDULER ?? regionalEndpoint('scheduler', env.AWS_REGION),
  };
  return { env, service };
}

/**
 * One EventBridge Scheduler operation (restJson1: CreateSchedule POST, UpdateSchedule PUT and
 * DeleteSchedule DELETE on /schedules/<name>, the rest of the input as the JSON body or, for a
 * deletion, the query), signed by aws-call.ts (ADR 0016). Each call carries a new client token, as
 * the SDK fills it in.
 */
function scheduleCall(
  service: AwsService,
  method: 'POST' | 'PUT' | 'DELETE',
  input: { Name: string; GroupName: string; [member: string]: unknown },
) {
  const { Name, GroupName, ...rest } = input;
  const path = `/schedules/${encodeURIComponent(Name)}`;
  const ClientToken = randomUUID();
  return awsCall(
    service,
    method === 'DELETE'
      ? { method, path, query: { groupName: GroupName, clientToken: ClientToken } }
      : {
          method,
          path,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ClientToken, GroupName, ...rest }),
        },
    jsonErrorCode,
  );
}

/** Scheduler names: 1-64 of [0-9a-zA-Z-_.]. */
export function scheduleName(name: string): string {
  const safe = name.replace(/[^0-9A-Za-z_.-]/g, '-');
  if (!safe || safe.length > 64) throw new Error(`Schedule name "${name}" must be 1 to 64 characters`);
  return safe;
}

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC, the expression of a one-off schedule. */
export function atExpression(at: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) throw new Error(`Schedule time "${at}" is not a date`);
  return `at(${d.toISOString().slice(0, 19)})`;
}

/** The CreateSchedule/UpdateSchedule input of `s` (exported for the SDK-edge unit test). */
export function scheduleInput(s: OneOffSchedule, env: { group: string; roleArn: string; busArn: string }) {
  return {
    Name: scheduleName(s.name),
    GroupName: env.group,
    ScheduleExpression: atExpression(s.at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    Target: {
      Arn: env.busArn,
      RoleArn: env.roleArn,
      EventBridgeParameters: { DetailType: s.event, Source: EVENT_SOURCE },
      Input: JSON.stringify(s.detail ?? {}),
      RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 6 * 60 * 60 },
    },
  };
}

/**
 * `s` with the `dedupeId` its event will carry: the schedule's name and time. EventBridge Scheduler
 * retries a firing whose delivery failed, and each retry is a new event with a new EventBridge id; with
 * this id the handlers run once per firing (functions/lib/event.ts). A schedule moved to another time
 * is another firing with another id.
 */
export function withDedupeId(s: OneOffSchedule): OneOffSchedule {
  const detail = s.detail ?? {};
  if (typeof detail !== 'object' || Array.isArray(detail) || DEDUPE_ID in detail) {
    throw new Error(`Schedule ${s.name} needs an object detail without a "${DEDUPE_ID}" field`);
  }
  return { ...s, detail: { ...detail, [DEDUPE_ID]: `${scheduleName(s.name)}@${new Date(s.at).toISOString()}` } };
}

/** Creates the schedule, or moves it when one with the same name exists. */
export async function scheduleOnce(schedule: OneOffSchedule): Promise<void> {
  const s = withDedupeId(schedule);
  if (transport) return transport.schedule(s);
  const { env, service } = cloud();
  const input = scheduleInput(s, {
    group: env.SCHEDULE_GROUP_NAME,
    roleArn: env.SCHEDULER_ROLE_ARN,
    busArn: env.EVENT_BUS_ARN,
  });
  try {
    await scheduleCall(service, 'POST', input);
  } catch (e) {
    if ((e as { name?: string }).name !== 'ConflictException') throw e;
    await scheduleCall(service, 'PUT', input);
  }
}

/** Removes the schedule; one that already ran or never existed counts as removed. */
export async function cancelSchedule(name: string): Promise<void> {
  if (transport) return transport.cancel(name);
  const { env, service } = cloud();
  try {
    await scheduleCall(service, 'DELETE', { Name: scheduleName(name), GroupName: env.SCHEDULE_GROUP_NAME });
  } catch (e) {
    if ((e as { name?: string }).name !== 'ResourceNotFoundException') throw e;
  }
}
