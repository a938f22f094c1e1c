import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  DeleteScheduleCommand,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOneOffQueue } from '../../infra/local/one-off-queue.js';
import {
  atExpression,
  cancelSchedule,
  scheduleName,
  scheduleOnce,
  setScheduleTransport,
  withDedupeId,
} from '../../shared/adapters/scheduler.js';
import { EVENT_SOURCE } from '../../shared/routes.js';
import { awsStandIn, jsonError, KEYS } from './sdk-edges/aws-stand-in.js';

const ENV = {
  SCHEDULE_GROUP_NAME: 'pawsitive-jobs',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/scheduler',
  EVENT_BUS_ARN: 'arn:aws:events:us-east-1:123456789012:event-bus/pawsitive',
};

describe('one-off schedules in the cloud (EventBridge Scheduler edge)', () => {
  const saved: Record<string, string | undefined> = {};
  const env = {
    ...ENV,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: KEYS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
  };
  beforeAll(() => {
    for (const [k, v] of Object.entries(env)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    delete process.env.AWS_SESSION_TOKEN;
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
  const scheduler = awsStandIn('scheduler', { env: ['AWS_ENDPOINT_URL_SCHEDULER'] });
  const exists = jsonError('ConflictException', 'exists', 409);

  const schedule = {
    name: 'message-0b7c',
    at: '2026-12-01T14:30:00.000Z',
    event: 'MessageDue' as const,
    detail: { messageId: '0b7c' },
  };

  it('creates an at() schedule in UTC that puts the event on the bus and deletes itself', async () => {
    await scheduleOnce(schedule);
    const calls = scheduler.calls<CreateScheduleCommandInput>('CreateSchedule');
    expect(calls).toHaveLength(1);
    expect(scheduler.received[0].signed).toBe(true);
    const input = calls[0];
    expect(input).toMatchObject({
      Name: 'message-0b7c',
      GroupName: ENV.SCHEDULE_GROUP_NAME,
      ScheduleExpression: 'at(2026-12-01T14:30:00)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: ENV.EVENT_BUS_ARN,
        RoleArn: ENV.SCHEDULER_ROLE_ARN,
        EventBridgeParameters: { DetailType: 'MessageDue', Source: EVENT_SOURCE },
      },
    });
    // The event carries a dedupe id of this firing (the schedule's name and time): a retried delivery
    // is a new EventBridge event, and the handlers are idempotent on this id.
    expect(JSON.parse(input.Target?.Input ?? '')).toEqual({
      messageId: '0b7c',
      dedupeId: 'message-0b7c@2026-12-01T14:30:00.000Z',
    });
  });

  it('sends what the SDK client sends for the same create, update and delete (method, path, body)', async () => {
    await scheduleOnce(schedule);
    scheduler.on('CreateSchedule', exists);
    await scheduleOnce(schedule);
    await cancelSchedule(schedule.name);
    const ours = scheduler.received.filter((r) => r.operation !== 'CreateSchedule' || r === scheduler.received[0]);
    const input = scheduler.calls<CreateScheduleCommandInput>('CreateSchedule')[0];
    scheduler.reset();
    const sdk = new SchedulerClient({ region: 'us-east-1', endpoint: scheduler.url, credentials: KEYS });
    await sdk.send(new CreateScheduleCommand(input));
    await sdk.send(new UpdateScheduleCommand(input));
    await sdk.send(new DeleteScheduleCommand({ Name: input.Name, GroupName: input.GroupName }));
    const theirs = scheduler.received;
    const shape = (r: (typeof theirs)[number]) => ({
      operation: r.operation,
      method: r.method,
      path: r.path,
      queryNames: Object.keys(r.query).sort(),
      type: r.headers['content-type'],
      body: r.body ? Object.keys(JSON.parse(r.body)).sort() : [],
      input: r.input,
      signed: r.signed,
    });
    expect(ours.map(shape)).toEqual(theirs.map(shape));
    expect(ours.map((r) => r.operation)).toEqual(['CreateSchedule', 'UpdateSchedule', 'DeleteSchedule']);
  });

  it('gives a firing one dedupe id however often it is scheduled, and a moved schedule another', () => {
    const id = (s: typeof schedule) => (withDedupeId(s).detail as Record<string, unknown>).dedupeId;
    expect(id(schedule)).toBe(id({ ...schedule }));
    expect(id({ ...schedule, at: '2026-12-02T09:00:00.000Z' })).not.toBe(id(schedule));
    expect(schedule.detail).toEqual({ messageId: '0b7c' });
    expect(() => withDedupeId({ ...schedule, detail: { dedupeId: 'x' } })).toThrow(/dedupeId/);
  });

  it('moves an existing schedule of the same name instead of failing', async () => {
    scheduler.on('CreateSchedule', exists);
    await scheduleOnce({ ...schedule, at: '2026-12-02T09:00:00.000Z' });
    const updates = scheduler.calls('UpdateSchedule');
    expect(updates).toHaveLength(1);
    expect(updates[0].ScheduleExpression).toBe('at(2026-12-02T09:00:00)');
  });

  it('passes other failures on', async () => {
    scheduler.on('CreateSchedule', jsonError('AccessDeniedException', 'AccessDenied', 403));
    await expect(scheduleOnce(schedule)).rejects.toThrow('AccessDenied');
    expect(scheduler.calls('UpdateSchedule')).toHaveLength(0);
  });

  it('cancelling a schedule that already ran counts as cancelled', async () => {
    scheduler.on('DeleteSchedule', jsonError('ResourceNotFoundException', 'gone', 404));
    await expect(cancelSchedule('message-0b7c')).resolves.toBeUndefined();
    expect(scheduler.calls('DeleteSchedule')[0]).toEqual({
      Name: 'message-0b7c',
      GroupName: ENV.SCHEDULE_GROUP_NAME,
    });
  });

  it('cancelling removes the schedule from the app group by its safe name', async () => {
    await cancelSchedule('session-reminder/42');
    expect(scheduler.calls('DeleteSchedule')).toEqual([
      { Name: 'session-reminder-42', GroupName: ENV.SCHEDULE_GROUP_NAME },
    ]);
  });

  it('a failed cancel other than "not found" is passed on', async () => {
    scheduler.on('DeleteSchedule', jsonError('ValidationException', 'Bad group', 400));
    await expect(cancelSchedule('message-0b7c')).rejects.toThrow('Bad group');
  });

  it('a failed move (update after a conflict) is passed on', async () => {
    scheduler
      .on('CreateSchedule', exists)
      .on('UpdateSchedule', jsonError('AccessDeniedException', 'AccessDenied', 403));
    await expect(scheduleOnce(schedule)).rejects.toThrow('AccessDenied');
  });

  it('with a local transport installed, EventBridge Scheduler is not called', async () => {
    const seen: string[] = [];
    setScheduleTransport({
      schedule: async (s) => void seen.push(`schedule ${s.name} ${JSON.stringify(s.detail)}`),
      cancel: async (name) => void seen.push(`cancel ${name}`),
    });
    try {
      await scheduleOnce(schedule);
      await cancelSchedule('message-0b7c');
    } finally {
      setScheduleTransport(undefined);
    }
    expect(seen).toEqual([
      'schedule message-0b7c {"messageId":"0b7c","dedupeId":"message-0b7c@2026-12-01T14:30:00.000Z"}',
      'cancel message-0b7c',
    ]);
    expect(scheduler.received).toHaveLength(0);
  });

  it('names and times are checked before any call', () => {
    expect(scheduleName('message/ab c')).toBe('message-ab-c');
    expect(() => scheduleName('x'.repeat(65))).toThrow('1 to 64 characters');
    expect(() => atExpression('not a date')).toThrow('is not a date');
  });
});

describe('the local one-off queue', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'one-off-'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-12-01T14:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    rmSync(dir, { recursive: true, force: true });
  });

  it('publishes the event at its time, once, and forgets it', async () => {
    const published: unknown[] = [];
    const queue = createOneOffQueue({
      dataDir: dir,
      publish: async (name, detail) => void published.push({ name, detail }),
    });
    queue.start();
    await queue.schedule({
      name: 'message-1',
      at: '2026-12-01T14:30:00.000Z',
      event: 'MessageDue',
      detail: { messageId: '1' },
    });
    await vi.advanceTimersByTimeAsync(29 * 60_000);
    expect(published).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(published).toEqual([{ name: 'MessageDue', detail: { messageId: '1' } }]);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(published).toHaveLength(1);
    expect(queue.list()).toEqual([]);
    queue.stop();
  });

  it('survives a restart: a new queue on the same directory fires what the old one held', async () => {
    const first = createOneOffQueue({ dataDir: dir, publish: async () => {} });
    first.start();
    await first.schedule({
      name: 'message-2',
      at: '2026-12-01T15:00:00.000Z',
      event: 'MessageDue',
      detail: { messageId: '2' },
    });
    await first.schedule({
      name: 'message-3',
      at: '2026-12-01T16:00:00.000Z',
      event: 'MessageDue',
      detail: { messageId: '3' },
    });
    await first.cancel('message-3');
    first.stop();
    expect(JSON.parse(readFileSync(join(dir, 'one-off-schedules.json'), 'utf8'))).toHaveLength(1);

    const published: unknown[] = [];
    const second = createOneOffQueue({ dataDir: dir, publish: async (_n, detail) => void published.push(detail) });
    expect(second.list().map((s) => s.name)).toEqual(['message-2']);
    second.start();
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(published).toEqual([{ messageId: '2' }]);
    second.stop();
  });

  it('scheduling the same name again moves it; overdue schedules fire right after start', async () => {
    const published: string[] = [];
    const queue = createOneOffQueue({
      dataDir: dir,
      publish: async (_n, d) => void published.push((d as { id: string }).id),
    });
    await queue.schedule({ name: 'a', at: '2026-12-01T13:00:00.000Z', event: 'MessageDue', detail: { id: 'overdue' } });
    await queue.schedule({ name: 'b', at: '2026-12-01T14:10:00.000Z', event: 'MessageDue', detail: { id: 'b1' } });
    await queue.schedule({ name: 'b', at: '2026-12-01T14:20:00.000Z', event: 'MessageDue', detail: { id: 'b2' } });
    queue.start();
    await vi.advanceTimersByTimeAsync(1);
    expect(published).toEqual(['overdue']);
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(published).toEqual(['overdue']);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(published).toEqual(['overdue', 'b2']);
    queue.stop();
  });
});
