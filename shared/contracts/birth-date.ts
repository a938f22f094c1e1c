/**
 * The latest calendar date anywhere on Earth now (UTC+14): a birth date after it is in the future in
 * every time zone. The contracts refuse those at once; the domain then checks the business's own
 * calendar date (shared/domain/birth-date.ts).
 */
export const latestDateAnywhere = (now = Date.now()) => new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);
