import type { SessionReminderDueDetail } from '../../shared/contracts/sessions.js';
import { sendSessionReminder } from '../../shared/domain/session-reminders.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * A session's reminder time came (its one-off schedule fired 24 hours before the start): remind the
 * client with a portal message (and an e-mail, see shared/domain/session-reminders.ts). Idempotent: a
 * second firing, or one for a session moved, cancelled, completed or deleted meanwhile, changes nothing.
 */
export const handler = eventHandler<SessionReminderDueDetail>('events/send-session-reminder', async (event) => {
  const outcome = await sendSessionReminder(event.detail);
  logger.info(outcome === 'sent' ? 'Session reminder sent' : `Session reminder not sent: ${outcome}`, {
    sessionId: event.detail.sessionId,
  });
});
