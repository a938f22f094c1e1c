import type { SessionWriteOutcome } from '../../../shared/domain/sessions.js';
import { logger } from '../../lib/logger.js';

/** What each step after a saved session write is called in the log. */
export const FAILURE_LABELS: Record<SessionWriteOutcome['failures'][number]['step'], string> = {
  message: 'appointment message',
  event: 'change event',
  reminder: 'reminder schedule',
};

/** The session was saved; a step after it (appointment message, realtime notice, reminder) failed: log it. */
export function logSessionFailures(sessionId: string, failures: SessionWriteOutcome['failures']) {
  for (const f of failures) {
    logger.error(`Session saved, but its ${FAILURE_LABELS[f.step]} failed`, {
      sessionId,
      step: f.step,
      error: f.error instanceof Error ? { name: f.error.name, message: f.error.message } : String(f.error),
    });
  }
}
