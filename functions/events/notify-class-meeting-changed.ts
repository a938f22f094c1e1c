import { type ClassMeetingCancelledDetail, notifyMeetingCancelled } from '../../shared/domain/class-meeting-cancel.js';
import { type ClassMeetingMovedDetail, notifyMeetingMoved } from '../../shared/domain/class-meeting-move.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * The trainer cancelled or moved a class meeting: every client with a seat or a seat offered gets a
 * message (its push notice and e-mail follow, as for any message), once each: with the date and the
 * reason (`ClassMeetingCancelled`), or with the old and the new time, once per new time
 * (`ClassMeetingMoved`). One function for both events keeps the jobs stack's template small.
 */
export const handler = eventHandler<ClassMeetingCancelledDetail | ClassMeetingMovedDetail>(
  'events/notify-class-meeting-changed',
  async (event) => {
    if (event['detail-type'] === 'ClassMeetingMoved') {
      const sent = await notifyMeetingMoved(event.detail as ClassMeetingMovedDetail);
      logger.info('Class meeting move sent', { ...event.detail, sent });
      return;
    }
    const sent = await notifyMeetingCancelled(event.detail as ClassMeetingCancelledDetail);
    logger.info('Class meeting cancellation sent', { ...event.detail, sent });
  },
);
