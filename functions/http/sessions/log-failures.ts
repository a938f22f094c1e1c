import type { SessionWriteOutcome } from '../../../shared/domain/sessions.js';
import { logger } from '../../lib/logger.js';

/** The session was saved; a step after it (appointment message, realtime notice) failed: log it. */
export function logSessionFailures(sessionId: string, failures: SessionWriteOutcome['failures']) {
  for (const f of failures) {
    logger.error(`Session saved, but its ${f.step === 'message' ? 'appointment message' : 'change event'} failed`, {
      sessionId,
      error: f.error instanceof Error ? { name: f.error.name, message: f.error.message } : String(f.error),
    });
  }
}
