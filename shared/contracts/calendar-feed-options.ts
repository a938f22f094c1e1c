/**
 * Response shapes of the private calendar feeds, with no runtime dependency (the web imports them
 * without zod). Request schemas live in calendar-feed.ts.
 *
 * HTTP routes (shared/routes.ts):
 *   GET  /api/me/calendar-feed                signed-in  CalendarFeedResponse (token created on first use)
 *   POST /api/me/calendar-feed/reset          signed-in  CalendarFeedResponse (new token; the old URL 404s)
 *   GET  /api/public/calendar/{token}[.ics]   public     text/calendar (RFC 5545)
 * A client's feed holds their own sessions; the trainer's holds every session. Both read sessions
 * starting from FEED_WINDOW_DAYS ago on, at most FEED_MAX_SESSIONS of them.
 */

export interface CalendarFeedResponse {
  /** The private subscription URL (https://<site>/api/public/calendar/<secret>.ics). */
  url: string;
}

export const FEED_WINDOW_DAYS = 90;
export const FEED_MAX_SESSIONS = 1000;
/** Random bytes of a feed secret (base64url-encoded: 43 characters). */
export const FEED_TOKEN_BYTES = 32;
