import { completeEndedSessions } from '../../shared/domain/sessions.js';
import { logger } from '../lib/logger.js';

/** Every 5 minutes: sessions whose end has passed become completed. */
export const handler = async () => {
  const ids = await completeEndedSessions();
  logger.info('Sessions auto-completed', { count: ids.length });
  return { completed: ids.length };
};
