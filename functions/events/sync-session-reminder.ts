import type { SessionWrittenDetail } from '../../shared/contracts/sessions.js';
import { syncReminderAfterWrite } from '../../shared/domain/session-follow-ups.js';
import { eventHandler } from '../lib/event.js';

/**
 * The trainer scheduled, changed, cancelled or deleted a session: its reminder schedule goes 24 hours
 * before the start of the session as it now is, or away (shared/domain/session-follow-ups.ts).
 */
export const handler = eventHandler<SessionWrittenDetail>('events/sync-session-reminder', async (event) => {
  await syncReminderAfterWrite(event.detail);
});
