import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import { type ErrorCode, isAppError } from '../../shared/errors.js';
import { logger } from './logger.js';

/**
 * What every handler kind shares (functions/lib/http.ts, event.ts, job.ts, realtime.ts, stream.ts):
 * one middy chain that gives the logger the Lambda context and flushes the metrics, and the one
 * place an error is logged.
 */

/** CloudWatch namespace of the product's own metrics (embedded metric format in the function's log). */
const METRICS_NAMESPACE = 'PawsitivePortal';

/**
 * The metrics of this function. Only low-cardinality dimensions (service, and a status class or
 * outcome), because each distinct metric is billed per month; the per-function view is Lambda's own
 * Invocations/Errors metrics. Locally POWERTOOLS_METRICS_DISABLED keeps them out of the console.
 */
export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'pawsitive-portal' });

/** Counts one occurrence of `name`, optionally split by one dimension. */
export function countMetric(name: string, dimension?: { name: string; value: string }) {
  if (dimension) metrics.addDimension(dimension.name, dimension.value);
  metrics.addMetric(name, MetricUnit.Count, 1);
}

/**
 * The start of every handler: the logger gets the Lambda context of each invocation (function
 * name, request id, cold start) and drops keys appended during the previous one; the metrics
 * stored during the invocation are flushed when it ends, whether it failed or not.
 */
export function lambdaChain<E, R>() {
  return middy<E, R>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logMetrics(metrics));
}

/**
 * Logs a failure once: a coded error (shared/errors.ts) is an expected outcome and logged as a
 * warning with its code; anything else is logged as an error with its stack.
 */
export function logFailure(message: string, error: unknown) {
  if (isAppError(error))
    logger.warn(message, {
      code: error.code,
      error: error.message,
      ...(error.details ? { details: error.details } : {}),
    });
  else if (error instanceof Error) logger.error(message, error);
  else logger.error(message, { error: String(error) });
}

/** The HTTP status of each error code: one table for the HTTP API and the WebSocket handshake. */
export const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

/** Counts a response by status class (2xx, 4xx, 5xx). */
export function countResponse(metric: string, response: unknown) {
  const status =
    typeof response === 'object' && response !== null && 'statusCode' in response
      ? Number((response as { statusCode: unknown }).statusCode) || 200
      : 200;
  countMetric(metric, { name: 'statusClass', value: `${Math.floor(status / 100)}xx` });
}

/**
 * Error handling of asynchronous work (events, jobs, stream batches): log once, count, and rethrow,
 * so Lambda's retries and the on-failure destination (DLQ) take over.
 */
export function rethrowErrors<E, R>(message: string, metric: string): middy.MiddlewareObj<E, R> {
  return {
    onError: (request) => {
      logFailure(message, request.error);
      countMetric(metric);
    },
  };
}

/**
 * Identifies what built a handler, so a test can prove every declared module uses its kind's builder.
 * An HTTP handler also keeps its contract (the `body`, `query` and `params` schemas it parses), so the
 * fuzz harness (test/integration/fuzz-routes.test.ts) generates inputs from the schemas the handler
 * really uses.
 */
type HandlerKind = 'http' | 'event' | 'job' | 'realtime' | 'stream';
interface BuiltBy {
  kind: HandlerKind;
  name?: string;
  contract?: unknown;
}
const built = new WeakMap<object, BuiltBy>();

export function markBuilt<H extends object>(handler: H, kind: HandlerKind, name?: string, contract?: unknown): H {
  built.set(handler, { kind, name, ...(contract === undefined ? {} : { contract }) });
  return handler;
}

export function builtBy(handler: unknown): BuiltBy | undefined {
  return typeof handler === 'function' ? built.get(handler) : undefined;
}
