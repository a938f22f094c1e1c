import type { DynamoDBBatchItemFailure } from 'aws-lambda';
import { publishEvent } from '../../shared/adapters/events.js';
import { outboxEntryOf, removeOutboxItem } from '../../shared/domain/outbox.js';
import { logger } from '../lib/logger.js';
import { countMetric, logFailure } from '../lib/middleware.js';
import { streamHandler } from '../lib/stream.js';

/**
 * Publishes the outbox items the table's stream delivers (inserts of entity `outbox`, filtered by the
 * event source mapping) to the bus, in stream order. At the first failure the rest of the batch is
 * handed back (ReportBatchItemFailures) to be retried from that record. Each event carries the outbox
 * item's id as its `dedupeId`, so publishing an item again (a batch retried after its events went out)
 * is recognised by the event handlers as the same event. A malformed item can never
 * be published: it is logged and skipped rather than blocking the shard. A published item is removed
 * from the table (a retry works from the stream record); a failed removal is logged and left to the
 * item's TTL, never a reason to publish again.
 */
export const handler = streamHandler('streams/publish-outbox', async (event) => {
  const batchItemFailures: DynamoDBBatchItemFailure[] = [];
  for (const record of event.Records) {
    let entry: ReturnType<typeof outboxEntryOf>;
    try {
      entry = outboxEntryOf(record);
    } catch (e) {
      logFailure('Outbox item skipped', e);
      countMetric('OutboxMalformed');
      continue;
    }
    if (!entry) continue;
    try {
      await publishEvent(entry.name, entry.detail, { dedupeId: entry.id });
      countMetric('OutboxPublished');
      logger.info('Outbox event published', { outboxId: entry.id, detailType: entry.name });
    } catch (e) {
      logFailure(`Outbox event ${entry.name} (${entry.id}) not published`, e);
      countMetric('OutboxPublishFailures');
      batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
      break;
    }
    try {
      await removeOutboxItem(entry);
    } catch (e) {
      logFailure(`Outbox item ${entry.id} published but not removed`, e);
      countMetric('OutboxRemoveFailures');
    }
  }
  return { batchItemFailures };
});
