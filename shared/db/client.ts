import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { baseEnv, readEnv } from '../config/env.js';

let cached: { doc: DynamoDBDocumentClient; tableName: string } | undefined;

/**
 * Names of the DynamoDB commands this process has sent, with counts. Lets tests prove that no
 * request path issues a Scan (test/integration/no-scan.test.ts).
 */
export const dynamoCommandLog = new Map<string, number>();

/** The table name and a document client, built once per process from the environment. */
export function db() {
  if (!cached) {
    const env = readEnv(baseEnv);
    const raw = new DynamoDBClient({
      region: env.AWS_REGION,
      ...(env.DYNAMODB_ENDPOINT
        ? { endpoint: env.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
    raw.middlewareStack.add(
      (next, context) => (args) => {
        const name = String(context.commandName);
        dynamoCommandLog.set(name, (dynamoCommandLog.get(name) ?? 0) + 1);
        return next(args);
      },
      { step: 'initialize', name: 'recordCommandName' },
    );
    cached = {
      doc: DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } }),
      tableName: env.TABLE_NAME,
    };
  }
  return cached;
}

/** Forget the cached client (tests that switch tables). */
export function resetDb() {
  cached = undefined;
}
