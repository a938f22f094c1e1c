import { completeEndedSessions } from '../../shared/domain/sessions.js';
import { jobHandler } from '../lib/job.js';
import { logger } from '../lib/logger.js';

/**
 * Every 5 minutes: sessions whose end has passed become completed. Idempotent without a record: each
 * session is completed by a write conditioned on its status still being scheduled, so a retried or
 * overlapping run completes nothing twice.
 */
export const handler = jobHandler('jobs/complete-sessions', async () => {
  const ids = await completeEndedSessions();
  logger.info('Sessions auto-completed', { count: ids.length });
  return { completed: ids.length };
});
