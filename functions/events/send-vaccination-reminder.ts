import {
  sendVaccinationReminder,
  type VaccinationReminderDueDetail,
} from '../../shared/domain/vaccination-reminders.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * A vaccination record's reminder time came (30 or 7 days before it expires): remind the client with a
 * portal message and an e-mail. Idempotent: a second firing, or one for a record changed or deleted
 * meanwhile, changes nothing.
 */
export const handler = eventHandler<VaccinationReminderDueDetail>('events/send-vaccination-reminder', async (event) => {
  const outcome = await sendVaccinationReminder(event.detail);
  logger.info(outcome === 'sent' ? 'Vaccination reminder sent' : `Vaccination reminder not sent: ${outcome}`, {
    recordId: event.detail.recordId,
    days: event.detail.days,
  });
});
