import * as z from 'zod';

export * from './calendar-feed-options.js';

/** POST /api/me/calendar-feed/reset takes no body (an empty object is accepted, nothing else). */
export const resetCalendarFeedRequest = z.strictObject({}).optional();

/** The secret of a feed URL, optionally followed by `.ics` (calendar apps like the extension). */
export const calendarFeedPathParams = z.object({
  token: z
    .string()
    .max(100, 'Feed not found')
    .transform((t) => t.replace(/\.ics$/i, ''))
    .pipe(z.string().regex(/^[A-Za-z0-9_-]{22,}$/, 'Feed not found')),
});
