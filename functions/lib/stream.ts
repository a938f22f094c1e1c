import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from './logger.js';
import { lambdaChain, markBuilt, rethrowErrors } from './middleware.js';

/**
 * Builds a table-stream consumer (`name` is its module path as declared in shared/routes.ts
 * `streams`). It answers with the records that failed (ReportBatchItemFailures): the mapping retries
 * from the first of them, splitting the batch, and sends what keeps failing to its on-failure
 * destination. An error thrown for the whole batch is logged once and rethrown.
 */
export function streamHandler(
  name: string,
  run: (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse>,
) {
  const handler = lambdaChain<DynamoDBStreamEvent, DynamoDBBatchResponse>()
    .use(rethrowErrors('Stream batch failed', 'StreamBatchFailures'))
    .before((request) => {
      logger.appendKeys({ handler: name, records: request.event?.Records?.length ?? 0 });
    })
    .handler(run);
  return markBuilt(handler, 'stream', name);
}
