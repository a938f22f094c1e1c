import type { Context } from 'aws-lambda';
import type { BusEvent } from '../../shared/adapters/events.js';
import { idempotent } from './idempotency.js';
import { logger } from './logger.js';
import { countMetric, lambdaChain, markBuilt, rethrowErrors } from './middleware.js';

/**
 * Builds an EventBridge event handler (`name` is its module path as declared in shared/routes.ts,
 * e.g. `events/email-contact-submission`). The logger gets the Lambda context and the event's id and
 * detail-type; the handler is idempotent per event id and handler (a redelivered event does nothing
 * a second time, see ./idempotency.ts); a failure is logged once and rethrown so Lambda's
 * asynchronous retries and the on-failure destination take over.
 */
export function eventHandler<T>(
  name: string,
  run: (event: BusEvent<T>, context: Context) => Promise<unknown>,
  opts: { idempotent?: boolean } = {},
) {
  // The deliveries that actually ran `run` (a replayed one is answered from the idempotency record).
  const ran = new WeakSet<object>();
  const body = async (event: BusEvent<T>, context: Context) => {
    ran.add(event);
    return (await run(event, context)) ?? null;
  };
  const guarded = opts.idempotent === false ? body : idempotent(name, body);
  const handler = lambdaChain<BusEvent<T>, unknown>()
    .use(rethrowErrors('Event handler failed', 'EventFailures'))
    .before((request) => {
      logger.appendKeys({ handler: name, eventId: request.event?.id, detailType: request.event?.['detail-type'] });
    })
    .handler(async (event, context) => {
      const result = await guarded(event, context);
      if (ran.has(event)) {
        countMetric('EventsProcessed');
      } else {
        countMetric('EventsRedelivered');
        logger.info('Event already handled: redelivery ignored');
      }
      return result;
    });
  return markBuilt(handler, 'event', name);
}
