import { TZDate } from '@date-fns/tz';
import { endOfWeek, startOfWeek } from 'date-fns';

/** The business's time zone when the settings have none (SPEC: America/New_York by default). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * The configured fallback time zone. The one in effect is the saved setting:
 * `businessTimeZoneSetting()` in shared/domain/settings.ts.
 */
export const businessTimeZone = () => process.env.BUSINESS_TIME_ZONE || DEFAULT_TIME_ZONE;

/**
 * The week containing `now` in the business's time zone: Sunday 00:00 to Saturday 23:59:59.999
 * there (SPEC 9: weeks start Sunday), as UTC instants.
 */
export function businessWeek(now = new Date(), timeZone = businessTimeZone()): { start: string; end: string } {
  const local = new TZDate(now.getTime(), timeZone);
  const start = startOfWeek(local, { weekStartsOn: 0 });
  const end = endOfWeek(local, { weekStartsOn: 0 });
  return { start: new Date(start.getTime()).toISOString(), end: new Date(end.getTime()).toISOString() };
}
