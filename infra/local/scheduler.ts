import { randomUUID } from 'node:crypto';
import { type ScheduleDef, schedules } from '../../shared/routes.js';
import { type Invoke, LOCAL_ACCOUNT, LOCAL_REGION } from './handlers.js';

/**
 * The local stand-in for the EventBridge schedule rules: each entry of the shared `schedules` table
 * runs once at start and then every `everyMs`. Runs of one schedule never overlap (a tick that finds
 * the previous run still going is skipped); timers are unref'd so they never keep the process alive.
 */
export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
}

export function createScheduler(opts: {
  invoke: Invoke;
  table?: readonly ScheduleDef[];
  onError?: (message: string, error: unknown) => void;
}): Scheduler {
  const table = opts.table ?? (schedules as readonly ScheduleDef[]);
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  function run(s: ScheduleDef) {
    if (stopped || running.has(s.name)) return;
    const event = {
      version: '0',
      id: randomUUID(),
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: LOCAL_ACCOUNT,
      time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      region: LOCAL_REGION,
      resources: [`arn:aws:events:${LOCAL_REGION}:${LOCAL_ACCOUNT}:rule/pawsitive-local-${s.name}`],
      detail: {},
    };
    const p = opts
      .invoke(s.handler, event, { timeoutMs: 5 * 60 * 1000 })
      .then(() => {})
      .catch((e) => opts.onError?.(`Schedule ${s.name} (${s.expression}) failed`, e))
      .finally(() => running.delete(s.name));
    running.set(s.name, p);
  }

  return {
    start() {
      for (const s of table) {
        const first = setTimeout(() => run(s), 0);
        first.unref();
        const every = setInterval(() => run(s), s.everyMs);
        every.unref();
        timers.push(first, every);
      }
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.length = 0;
      await Promise.allSettled([...running.values()]);
    },
  };
}
