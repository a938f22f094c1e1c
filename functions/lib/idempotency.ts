import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import { baseEnv, readEnv } from '../../shared/config/env.js';
import { TABLE_KEYS, TTL_ATTRIBUTE } from '../../shared/db/table.js';

/**
 * How long a handled event is remembered: longer than any redelivery (EventBridge retries an
 * asynchronous invocation for at most 6 hours, infra/cloud/jobs-stack.ts).
 */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** Partition of one handler's idempotency records in the single table (never an ElectroDB key). */
export const idempotencyPartition = (name: string) => `idempotency#${name}`;

/**
 * Wraps `fn` with Powertools idempotency keyed on `key` (the event handler's choice, see
 * ./event.ts: the event's dedupe id, else its EventBridge id) and the handler's name: the first
 * delivery stores an in-progress record (conditional put), runs `fn` and marks the record completed;
 * a redelivery with the same key returns the stored result without running `fn`; a failure deletes
 * the record so the retry runs again. Without a key `fn` runs unguarded. Records live in the single
 * table under `idempotency#<name>` (sort key `<name>#<md5 of the key>`) and expire through the
 * table's TTL attribute.
 *
 * The persistence layer is built on first use from the environment (and rebuilt if it changes, as
 * when a test process starts a second local runtime).
 */
export function idempotent<E, R>(
  name: string,
  fn: (event: E, context: Context) => Promise<R>,
): (key: string | undefined, event: E, context: Context) => Promise<R> {
  const config = new IdempotencyConfig({ eventKeyJmesPath: 'key', expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS });
  const keyed = (delivery: { key?: string; event: E }, context: Context) => fn(delivery.event, context);
  let current: { key: string; run: typeof keyed } | undefined;
  return (idempotencyKey, event, context) => {
    const env = readEnv(baseEnv);
    const key = `${env.AWS_REGION}|${env.TABLE_NAME}|${env.DYNAMODB_ENDPOINT ?? ''}`;
    if (current?.key !== key) {
      const persistenceStore = new DynamoDBPersistenceLayer({
        tableName: env.TABLE_NAME,
        keyAttr: TABLE_KEYS.pk,
        sortKeyAttr: TABLE_KEYS.sk,
        staticPkValue: idempotencyPartition(name),
        expiryAttr: TTL_ATTRIBUTE,
        clientConfig: {
          region: env.AWS_REGION,
          ...(env.DYNAMODB_ENDPOINT
            ? { endpoint: env.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
            : {}),
        },
      });
      current = { key, run: makeIdempotent(keyed, { persistenceStore, config, keyPrefix: name }) };
    }
    return current.run({ key: idempotencyKey, event }, context);
  };
}
