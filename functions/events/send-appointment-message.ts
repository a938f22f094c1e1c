import type { SessionWrittenDetail } from '../../shared/contracts/sessions.js';
import { sendAppointmentMessage } from '../../shared/domain/session-follow-ups.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * The trainer scheduled, changed or cancelled a session: the client gets the appointment message of
 * that write (SPEC 7), once however often the event is delivered (shared/domain/session-follow-ups.ts).
 */
export const handler = eventHandler<SessionWrittenDetail>('events/send-appointment-message', async (event) => {
  const outcome = await sendAppointmentMessage(event.detail);
  logger.info(outcome === 'sent' ? 'Appointment message sent' : `Appointment message not sent: ${outcome}`, {
    sessionId: event.detail.sessionId,
  });
});
