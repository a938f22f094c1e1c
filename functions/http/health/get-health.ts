import { type HealthResponse, healthQuery, STORE_UNREACHABLE } from '../../../shared/contracts/health.js';
import { pingStore } from '../../../shared/domain/health.js';
import { AppError } from '../../../shared/errors.js';
import { httpHandler } from '../../lib/http.js';
import { logFailure } from '../../lib/middleware.js';

/**
 * GET /api/health: whether the API reaches its data store. The portal asks it when its profile load
 * fails with a server error, to tell a store outage apart. The cause is logged, never answered.
 */
export const handler = httpHandler({ query: healthQuery }, async () => {
  try {
    await pingStore();
  } catch (e) {
    logFailure('Health check: the table did not answer', e);
    throw new AppError('UNAVAILABLE', STORE_UNREACHABLE);
  }
  const body: HealthResponse = { status: 'ok' };
  return { body };
});
