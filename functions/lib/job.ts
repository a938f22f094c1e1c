import type { Context, ScheduledEvent } from 'aws-lambda';
import { logger } from './logger.js';
import { countMetric, lambdaChain, markBuilt, rethrowErrors } from './middleware.js';

/**
 * Builds a scheduled job (`name` is its module path as declared in shared/routes.ts `schedules`). The
 * logger gets the Lambda context; a failure is logged once and rethrown so the rule's retries and
 * the on-failure destination take over. A job must be idempotent by itself (it runs on a schedule,
 * and a retried run must not repeat its effects).
 */
export function jobHandler<R>(name: string, run: (event: ScheduledEvent, context: Context) => Promise<R>) {
  const handler = lambdaChain<ScheduledEvent, R>()
    .use(rethrowErrors('Job failed', 'JobFailures'))
    .before(() => {
      logger.appendKeys({ handler: name });
    })
    .handler(async (event, context) => {
      const result = await run(event, context);
      countMetric('JobRuns');
      return result;
    });
  return markBuilt(handler, 'job', name);
}
