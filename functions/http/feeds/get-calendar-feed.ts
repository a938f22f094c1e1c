import { calendarFeedPathParams } from '../../../shared/contracts/calendar-feed.js';
import { calendarFeedText } from '../../../shared/domain/calendar-feeds.js';
import { AppError } from '../../../shared/errors.js';
import { httpHandler } from '../../lib/http.js';

/**
 * GET /api/public/calendar/{token} (public): the iCalendar feed behind a secret (`.ics` optional).
 * An unknown or malformed secret answers 404, never 400, so the route tells nothing about secrets.
 */
export const handler = httpHandler({}, async ({ params }) => {
  const parsed = calendarFeedPathParams.safeParse(params);
  if (!parsed.success) throw new AppError('NOT_FOUND', 'Feed not found');
  return {
    text: await calendarFeedText(parsed.data.token),
    contentType: 'text/calendar; charset=utf-8',
    headers: { 'cache-control': 'private, max-age=300' },
  };
});
