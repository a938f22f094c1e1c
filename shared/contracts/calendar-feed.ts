import * as z from '../zod.js';

export * from './calendar-feed-options.js';

/** POST /api/me/calendar-feed/reset takes no body (an empty object is accepted, nothing else). */
export const resetCalendarFeedRequest = z.optional(z.strictObject({}));

/** The secret of a feed URL, optionally followed by `.ics` (calendar apps like the extension). */
export const calendarFeedPathParams = z.object({
  token: z.pipe(
    z.pipe(
      z.string().check(z.maxLength(100, 'Feed not found')),
      z.transform((t: string) => t.replace(/\.ics$/i, '')),
    ),
    z.string().check(z.regex(/^[A-Za-z0-9_-]{22,}$/, 'Feed not found')),
  ),
});
