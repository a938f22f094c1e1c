import { randomUUID } from 'node:crypto';
import { EVENT_SOURCE, type EventName, events } from '../../shared/routes.js';
import { type Invoke, LOCAL_ACCOUNT, LOCAL_REGION } from './handlers.js';

/**
 * The local stand-in for the EventBridge bus and its rules: the shared `events` table says which
 * handler modules a detail-type fans out to. Delivery is asynchronous (never inside the publishing
 * request), each handler gets its own copy of the envelope, and a failed handler is retried twice
 * with a short back-off, like EventBridge's async Lambda invocation.
 */
export interface EventBus {
  publish(name: EventName, detail: unknown): Promise<void>;
  /** Resolves when no delivery is queued, running or waiting for a retry. */
  idle(): Promise<void>;
  /** Number of deliveries in flight. */
  readonly pending: number;
}

/** EventBridge's limit for one entry. */
const MAX_ENTRY_BYTES = 256 * 1024;

export function createEventBus(opts: {
  invoke: Invoke;
  table?: Record<string, readonly string[]>;
  retryDelaysMs?: readonly number[];
  onError?: (message: string, error: unknown) => void;
}): EventBus {
  const table = opts.table ?? (events as Record<string, readonly string[]>);
  const delays = opts.retryDelaysMs ?? [200, 1000];
  const inFlight = new Set<Promise<void>>();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function deliver(handler: string, envelope: string, name: string) {
    // Never inside the publisher's call stack.
    await new Promise((r) => setImmediate(r));
    for (let attempt = 0; ; attempt++) {
      try {
        await opts.invoke(handler, JSON.parse(envelope));
        return;
      } catch (e) {
        if (attempt >= delays.length) {
          opts.onError?.(`Event ${name} -> ${handler} failed after ${attempt + 1} attempts`, e);
          return;
        }
        opts.onError?.(`Event ${name} -> ${handler} failed (attempt ${attempt + 1}), retrying`, e);
        await sleep(delays[attempt]);
      }
    }
  }

  return {
    async publish(name, detail) {
      const serialized = JSON.stringify(detail ?? {});
      if (Buffer.byteLength(serialized) > MAX_ENTRY_BYTES) {
        throw new Error(`Event ${name} was not accepted: the entry is larger than 256 KB`);
      }
      const envelope = JSON.stringify({
        version: '0',
        id: randomUUID(),
        'detail-type': name,
        source: EVENT_SOURCE,
        account: LOCAL_ACCOUNT,
        time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        region: LOCAL_REGION,
        resources: [],
        detail: JSON.parse(serialized),
      });
      for (const handler of table[name] ?? []) {
        const p: Promise<void> = deliver(handler, envelope, name).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
    },
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    get pending() {
      return inFlight.size;
    },
  };
}
