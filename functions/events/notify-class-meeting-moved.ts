import { type ClassMeetingMovedDetail, notifyMeetingMoved } from '../../shared/domain/class-meeting-move.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * The trainer moved a class meeting: every client with a seat or a seat offered gets a message (its push
 * notice and e-mail follow, as for any message) with the old and the new time, once each per new time.
 */
export const handler = eventHandler<ClassMeetingMovedDetail>('events/notify-class-meeting-moved', async (event) => {
  const sent = await notifyMeetingMoved(event.detail);
  logger.info('Class meeting move sent', { ...event.detail, sent });
});
