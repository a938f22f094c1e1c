import { unmarshall } from '@aws-sdk/util-dynamodb';
import { aggregateAnalyticsEvents, type CountedEvent } from '../../shared/domain/analytics-aggregates.js';
import { pushActiveVisitors } from '../../shared/domain/analytics-live.js';
import { isEntityInsert } from '../../shared/domain/outbox.js';
import { streams } from '../../shared/routes.js';
import { countMetric, logFailure } from '../lib/middleware.js';
import { streamHandler } from '../lib/stream.js';

/**
 * Adds the analytics events the table's stream delivers (inserts of entity `analyticsEvent`) to the
 * daily aggregates and month roll-ups, each event once (shared/domain/analytics-aggregates.ts), then
 * tells the trainer's open tabs how many visitors are active now. A failed batch is handed back whole:
 * the events already counted are recognised on the retry.
 */
export const handler = streamHandler('streams/aggregate-analytics', async (event) => {
  const events: CountedEvent[] = [];
  for (const record of event.Records) {
    if (!isEntityInsert(record, streams.analytics.entity)) continue;
    events.push(unmarshall(record.dynamodb?.NewImage as Parameters<typeof unmarshall>[0]) as CountedEvent);
  }
  if (events.length === 0) return { batchItemFailures: [] };
  await aggregateAnalyticsEvents(events);
  countMetric('AnalyticsBatchesAggregated');
  if (events.some((e) => e.name === 'page_view')) {
    try {
      await pushActiveVisitors();
    } catch (e) {
      // The counts are in; a missed live update is corrected by the screen's next read.
      logFailure('Active visitors not pushed', e);
    }
  }
  return { batchItemFailures: [] };
});
