import {
  ConflictException,
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { readEnv } from '../config/env.js';
import { EVENT_SOURCE, type EventName } from '../routes.js';
import * as z from '../zod.js';
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

let client: SchedulerClient | undefined;

function cloud() {
  const env = readEnv({
    AWS_REGION: z._default(z.string(), 'us-east-1'),
    SCHEDULE_GROUP_NAME: z.string().check(z.minLength(1)),
    SCHEDULER_ROLE_ARN: z.string().check(z.minLength(1)),
    EVENT_BUS_ARN: z.string().check(z.minLength(1)),
  });
  client ??= new SchedulerClient({ region: env.AWS_REGION });
  return { env, client };
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
  } satisfies CreateScheduleCommandInput;
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
  const { env, client } = cloud();
  const input = scheduleInput(s, {
    group: env.SCHEDULE_GROUP_NAME,
    roleArn: env.SCHEDULER_ROLE_ARN,
    busArn: env.EVENT_BUS_ARN,
  });
  try {
    await client.send(new CreateScheduleCommand(input));
  } catch (e) {
    if (!(e instanceof ConflictException || (e as { name?: string }).name === 'ConflictException')) throw e;
    await client.send(new UpdateScheduleCommand(input));
  }
}

/** Removes the schedule; one that already ran or never existed counts as removed. */
export async function cancelSchedule(name: string): Promise<void> {
  if (transport) return transport.cancel(name);
  const { env, client } = cloud();
  try {
    await client.send(new DeleteScheduleCommand({ Name: scheduleName(name), GroupName: env.SCHEDULE_GROUP_NAME }));
  } catch (e) {
    if (!(e instanceof ResourceNotFoundException || (e as { name?: string }).name === 'ResourceNotFoundException'))
      throw e;
  }
}
