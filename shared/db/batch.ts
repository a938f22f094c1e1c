import { retryWhile } from '../retry.js';

/**
 * Batch reads and writes that finish. BatchGetItem and BatchWriteItem may answer with part of the
 * request left undone (`UnprocessedKeys` / `UnprocessedItems`, under throttling or past a response's
 * size); ElectroDB hands those back as `unprocessed`. Every batch read and write in the product goes
 * through these two functions, which send what is left again with exponential back-off (jittered)
 * (shared/retry.ts) until nothing is left, or throw `BatchIncompleteError` naming how much could not be done. A batch
 * delete or put is idempotent, so sending an item twice changes nothing more.
 */

/** Sends of one batch (the first included) before giving up on what is still unprocessed. */
export const BATCH_ATTEMPTS = 8;
const BASE_DELAY_MS = 25;
const MAX_DELAY_MS = 1_000;

export class BatchIncompleteError extends Error {
  constructor(
    readonly what: string,
    readonly left: number,
  ) {
    super(`${left} ${what} were still unprocessed by DynamoDB after ${BATCH_ATTEMPTS} attempts`);
    this.name = 'BatchIncompleteError';
  }
}

async function untilProcessed<K>(
  what: string,
  keys: readonly K[],
  send: (keys: K[]) => Promise<readonly K[]>,
): Promise<void> {
  let left = [...keys];
  if (!left.length) return;
  left = await retryWhile(
    async () => [...(await send(left))],
    (unprocessed) => {
      left = unprocessed;
      return unprocessed.length > 0;
    },
    { attempts: BATCH_ATTEMPTS, firstDelayMs: BASE_DELAY_MS, maxDelayMs: MAX_DELAY_MS },
  );
  if (left.length) throw new BatchIncompleteError(what, left.length);
}

/**
 * Every item of a batch get (`(keys) => entity.get(keys).go(options)`), however many sends it takes.
 * Items come in no particular order; a key with no item is simply absent.
 */
export async function batchGetAll<K, T>(
  what: string,
  keys: readonly K[],
  get: (keys: K[]) => Promise<{ data: readonly T[]; unprocessed: readonly K[] }>,
): Promise<T[]> {
  const found: T[] = [];
  await untilProcessed(what, keys, async (left) => {
    const { data, unprocessed } = await get(left);
    found.push(...data);
    return unprocessed;
  });
  return found;
}

/** A batch delete or put (`(items) => entity.delete(items).go(options)`), repeated until every item is written. */
export async function batchWriteAll<K>(
  what: string,
  items: readonly K[],
  write: (items: K[]) => Promise<{ unprocessed: readonly K[] }>,
): Promise<void> {
  await untilProcessed(what, items, async (left) => (await write(left)).unprocessed);
}
