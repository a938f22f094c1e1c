import { type ClassMeetingCancelledDetail, notifyMeetingCancelled } from '../../shared/domain/class-meeting-cancel.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * The trainer cancelled a class meeting: every client with a seat or a seat offered gets a message (its
 * push notice and e-mail follow, as for any message) with the date and the reason, once each.
 */
export const handler = eventHandler<ClassMeetingCancelledDetail>(
  'events/notify-class-meeting-cancelled',
  async (event) => {
    const sent = await notifyMeetingCancelled(event.detail);
    logger.info('Class meeting cancellation sent', { ...event.detail, sent });
  },
);
