import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OneOffSchedule, ScheduleTransport } from '../../shared/adapters/scheduler.js';
import type { EventName } from '../../shared/routes.js';

/**
 * The local stand-in for EventBridge Scheduler's one-off (`at()`) schedules: a timer per schedule,
 * persisted in `<dataDir>/one-off-schedules.json` so a restart loses nothing (overdue ones fire right
 * after start, as the scheduler's retry would). Firing publishes the schedule's event on the local
 * bus, the way the cloud schedule targets the EventBridge bus; the schedule is then deleted, like
 * `ActionAfterCompletion: DELETE`.
 */
export interface OneOffQueue extends ScheduleTransport {
  start(): void;
  stop(): void;
  /** Pending schedules, soonest first. */
  list(): OneOffSchedule[];
}

/** setTimeout's longest delay; later schedules re-arm when it elapses. */
const MAX_DELAY = 2 ** 31 - 1;

export function createOneOffQueue(opts: {
  dataDir: string;
  publish: (name: EventName, detail: unknown) => Promise<void>;
  onError?: (message: string, error: unknown) => void;
  now?: () => number;
}): OneOffQueue {
  const file = join(opts.dataDir, 'one-off-schedules.json');
  const now = opts.now ?? Date.now;
  const pending = new Map<string, OneOffSchedule>();
  const timers = new Map<string, NodeJS.Timeout>();
  let started = false;

  if (existsSync(file)) {
    try {
      for (const s of JSON.parse(readFileSync(file, 'utf8')) as OneOffSchedule[]) pending.set(s.name, s);
    } catch (e) {
      opts.onError?.(`${file} is not valid JSON; starting with no one-off schedules`, e);
    }
  }

  function persist() {
    writeFileSync(`${file}.tmp`, `${JSON.stringify([...pending.values()], null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
  }

  function arm(s: OneOffSchedule) {
    clearTimeout(timers.get(s.name));
    const delay = Math.max(0, new Date(s.at).getTime() - now());
    const timer = setTimeout(() => (delay > MAX_DELAY ? arm(s) : void fire(s)), Math.min(delay, MAX_DELAY));
    timer.unref();
    timers.set(s.name, timer);
  }

  async function fire(s: OneOffSchedule) {
    timers.delete(s.name);
    // Moved or cancelled meanwhile: the newer entry has its own timer.
    if (pending.get(s.name) !== s) return;
    pending.delete(s.name);
    persist();
    try {
      await opts.publish(s.event, s.detail);
    } catch (e) {
      opts.onError?.(`One-off schedule ${s.name} could not publish ${s.event}`, e);
    }
  }

  return {
    async schedule(s) {
      const entry = { ...s, at: new Date(s.at).toISOString() };
      pending.set(s.name, entry);
      persist();
      if (started) arm(entry);
    },
    async cancel(name) {
      clearTimeout(timers.get(name));
      timers.delete(name);
      if (pending.delete(name)) persist();
    },
    start() {
      started = true;
      for (const s of pending.values()) arm(s);
    },
    stop() {
      started = false;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
    list() {
      return [...pending.values()].sort((a, b) => a.at.localeCompare(b.at));
    },
  };
}

/**
 * Gives every schedule in `owed` (what the table says must happen) a timer unless the queue already
 * holds it for the same time: the queue rebuilt from the table on start. Returns the names added.
 */
export async function addMissingSchedules(queue: OneOffQueue, owed: OneOffSchedule[]): Promise<string[]> {
  const held = new Set(queue.list().map((s) => `${s.name}@${s.at}`));
  const added: string[] = [];
  for (const s of owed) {
    if (held.has(`${s.name}@${new Date(s.at).toISOString()}`)) continue;
    await queue.schedule(s);
    added.push(s.name);
  }
  return added;
}
