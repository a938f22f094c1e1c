import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
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

const ENV = {
  SCHEDULE_GROUP_NAME: 'pawsitive-jobs',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/scheduler',
  EVENT_BUS_ARN: 'arn:aws:events:us-east-1:123456789012:event-bus/pawsitive',
};

describe('one-off schedules in the cloud (EventBridge Scheduler edge)', () => {
  const scheduler = mockClient(SchedulerClient);
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [k, v] of Object.entries(ENV)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    scheduler.restore();
  });
  beforeEach(() => scheduler.reset());

  const schedule = {
    name: 'message-0b7c',
    at: '2026-12-01T14:30:00.000Z',
    event: 'MessageDue' as const,
    detail: { messageId: '0b7c' },
  };

  it('creates an at() schedule in UTC that puts the event on the bus and deletes itself', async () => {
    scheduler.on(CreateScheduleCommand).resolves({});
    await scheduleOnce(schedule);
    const calls = scheduler.commandCalls(CreateScheduleCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0].args[0].input;
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

  it('gives a firing one dedupe id however often it is scheduled, and a moved schedule another', () => {
    const id = (s: typeof schedule) => (withDedupeId(s).detail as Record<string, unknown>).dedupeId;
    expect(id(schedule)).toBe(id({ ...schedule }));
    expect(id({ ...schedule, at: '2026-12-02T09:00:00.000Z' })).not.toBe(id(schedule));
    expect(schedule.detail).toEqual({ messageId: '0b7c' });
    expect(() => withDedupeId({ ...schedule, detail: { dedupeId: 'x' } })).toThrow(/dedupeId/);
  });

  it('moves an existing schedule of the same name instead of failing', async () => {
    scheduler
      .on(CreateScheduleCommand)
      .rejects(new ConflictException({ Message: 'exists', message: 'exists', $metadata: {} }))
      .on(UpdateScheduleCommand)
      .resolves({});
    await scheduleOnce({ ...schedule, at: '2026-12-02T09:00:00.000Z' });
    const updates = scheduler.commandCalls(UpdateScheduleCommand);
    expect(updates).toHaveLength(1);
    expect(updates[0].args[0].input.ScheduleExpression).toBe('at(2026-12-02T09:00:00)');
  });

  it('passes other failures on', async () => {
    scheduler.on(CreateScheduleCommand).rejects(new Error('AccessDenied'));
    await expect(scheduleOnce(schedule)).rejects.toThrow('AccessDenied');
    expect(scheduler.commandCalls(UpdateScheduleCommand)).toHaveLength(0);
  });

  it('cancelling a schedule that already ran counts as cancelled', async () => {
    scheduler
      .on(DeleteScheduleCommand)
      .rejects(new ResourceNotFoundException({ Message: 'gone', message: 'gone', $metadata: {} }));
    await expect(cancelSchedule('message-0b7c')).resolves.toBeUndefined();
    expect(scheduler.commandCalls(DeleteScheduleCommand)[0].args[0].input).toEqual({
      Name: 'message-0b7c',
      GroupName: ENV.SCHEDULE_GROUP_NAME,
    });
  });

  it('cancelling removes the schedule from the app group by its safe name', async () => {
    scheduler.on(DeleteScheduleCommand).resolves({});
    await cancelSchedule('session-reminder/42');
    expect(scheduler.commandCalls(DeleteScheduleCommand).map((c) => c.args[0].input)).toEqual([
      { Name: 'session-reminder-42', GroupName: ENV.SCHEDULE_GROUP_NAME },
    ]);
  });

  it('a failed cancel other than "not found" is passed on', async () => {
    scheduler
      .on(DeleteScheduleCommand)
      .rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    await expect(cancelSchedule('message-0b7c')).rejects.toThrow('Rate exceeded');
  });

  it('a failed move (update after a conflict) is passed on', async () => {
    scheduler
      .on(CreateScheduleCommand)
      .rejects(new ConflictException({ Message: 'exists', message: 'exists', $metadata: {} }))
      .on(UpdateScheduleCommand)
      .rejects(Object.assign(new Error('AccessDenied'), { name: 'AccessDeniedException' }));
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
    expect(scheduler.calls()).toHaveLength(0);
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
