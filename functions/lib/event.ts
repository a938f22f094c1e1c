import type { Context } from 'aws-lambda';
import { type BusEvent, DEDUPE_ID } from '../../shared/adapters/events.js';
import { idempotent } from './idempotency.js';
import { logger } from './logger.js';
import { countMetric, lambdaChain, markBuilt, rethrowErrors } from './middleware.js';

/**
 * What an event handler is idempotent on: the `dedupeId` its publisher put in the detail (the same
 * for every publication of one fact, shared/adapters/events.ts), else the EventBridge event id (kept
 * on every redelivery of one event), else nothing (a direct invocation runs unguarded).
 */
export function idempotencyKeyOf(event: Pick<BusEvent<unknown>, 'id' | 'detail'>): string | undefined {
  const dedupeId = (event.detail as Record<string, unknown> | null | undefined)?.[DEDUPE_ID];
  if (typeof dedupeId === 'string' && dedupeId) return dedupeId;
  return event.id || undefined;
}

/** The event as the handler sees it: its detail without the publisher's `dedupeId`. */
function withoutDedupeId<T>(event: BusEvent<T>): BusEvent<T> {
  const detail = event.detail as Record<string, unknown> | null | undefined;
  if (!detail || typeof detail !== 'object' || !(DEDUPE_ID in detail)) return event;
  const { [DEDUPE_ID]: _dedupeId, ...rest } = detail;
  return { ...event, detail: rest as T };
}

/**
 * Builds an EventBridge event handler (`name` is its module path as declared in shared/routes.ts,
 * e.g. `events/email-contact-submission`). The logger gets the Lambda context and the event's id,
 * dedupe id and detail-type; the handler is idempotent per handler and `idempotencyKeyOf(event)` (an
 * event published again or redelivered does nothing a second time, see ./idempotency.ts) and gets
 * the detail without the dedupe id; a failure is logged once and rethrown so Lambda's asynchronous
 * retries and the on-failure destination take over.
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
  const guarded =
    opts.idempotent === false ? (_key: unknown, e: BusEvent<T>, c: Context) => body(e, c) : idempotent(name, body);
  const handler = lambdaChain<BusEvent<T>, unknown>()
    .use(rethrowErrors('Event handler failed', 'EventFailures'))
    .before((request) => {
      const detail = request.event?.detail as Record<string, unknown> | undefined;
      logger.appendKeys({
        handler: name,
        eventId: request.event?.id,
        dedupeId: detail?.[DEDUPE_ID],
        detailType: request.event?.['detail-type'],
      });
    })
    .handler(async (event, context) => {
      const delivered = withoutDedupeId(event);
      const result = await guarded(idempotencyKeyOf(event), delivered, context);
      if (ran.has(delivered)) {
        countMetric('EventsProcessed');
      } else {
        countMetric('EventsRedelivered');
        logger.info('Event already handled: redelivery ignored');
      }
      return result;
    });
  return markBuilt(handler, 'event', name);
}
